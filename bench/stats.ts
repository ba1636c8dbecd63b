/** percentile of a sample, nearest-rank. */
export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

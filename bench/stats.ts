/** percentile of a sample, nearest-rank. */
export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** kb prints bytes as KB; a difference within rounding of zero prints as 0.0, not -0.0. */
export const kb = (bytes: number) => `${(Math.abs(bytes) < 51.2 ? 0 : bytes / 1024).toFixed(1)} KB`;

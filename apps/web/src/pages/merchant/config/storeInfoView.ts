import { type Module, moduleLabel } from '@lease/shared';

/** discountText reads the store's discount_rate (0-1) the way a Chinese shop says it: 0.85 → 8.5 折. */
export function discountText(rate: string): string {
  const n = Number(rate);
  if (!Number.isFinite(n) || n <= 0) return '—';
  if (n >= 1) return '无折扣';
  return `${Number((n * 10).toFixed(2))} 折`;
}

/** usageText is "used / total" of a quota. */
export const usageText = (used: number, total: number) => `${used} / ${total}`;

/** moduleLabels keeps the modules the console knows, in their Chinese names. */
export const moduleLabels = (modules: string[]) => modules.filter((m): m is Module => m in moduleLabel).map((m) => moduleLabel[m]);

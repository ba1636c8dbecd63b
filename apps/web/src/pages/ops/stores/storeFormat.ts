import { type Module, moduleLabel } from '@lease/shared';

/** yuan shows an amount in 分 as 元 with two decimals. */
export const yuan = (fen: number) => `${fen < 0 ? '-' : ''}¥${(Math.abs(fen) / 100).toFixed(2)}`;

/** fenOf reads a 元 amount typed by the operator (up to two decimals) as integer 分, or null. */
export function fenOf(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined || input === '') return null;
  const text = String(input).trim();
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole, frac = ''] = text.replace('-', '').split('.');
  const fen = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return text.startsWith('-') ? -fen : fen;
}

export const moduleNames = (modules: Module[]) => modules.map((m) => moduleLabel[m] ?? m);

export const ledgerKindLabel: Record<string, string> = { credit: '充值', charge: '扣费', refund: '退款', correction: '更正' };

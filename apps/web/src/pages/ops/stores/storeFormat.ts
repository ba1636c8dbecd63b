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

/** amountProblem says what is wrong with a typed 元 amount (none of: not a number, more than two decimals), or null. */
export function amountProblem(input: string | number | null | undefined): string | null {
  const text = input === null || input === undefined ? '' : String(input).trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return '请输入金额（数字，如 100.00）';
  return fenOf(text) === null ? '金额最多两位小数' : null;
}

export const moduleNames = (modules: Module[]) => modules.map((m) => moduleLabel[m] ?? m);

export const ledgerKindLabel: Record<string, string> = { credit: '充值', charge: '扣费', refund: '退款', correction: '更正' };

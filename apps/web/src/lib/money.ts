/** The largest sum the lease calls take, in 分 (ten million 元), as the shared schemas check it. */
export const MAX_FEN = 1_000_000_000;

export type YuanParse = { ok: true; fen: number } | { ok: false; message: string };

const YUAN_RE = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/**
 * parseYuan reads an amount typed in 元 ("12.3", "0.01") as whole 分 from its digits, never through a float, so
 * '12.3' is exactly 1230. More than two decimals, a negative amount (unless `signed`) and anything else are refused.
 */
export function parseYuan(input: string, { signed = false } = {}): YuanParse {
  const text = input.trim().replace(/^¥/, '').replaceAll(',', '');
  if (text === '') return { ok: false, message: '请填写金额' };
  if (/^-?\d+\.\d{3,}$/.test(text)) return { ok: false, message: '金额最多两位小数（精确到分）' };
  const m = YUAN_RE.exec(text);
  if (!m) return { ok: false, message: '金额格式有误，如 1200 或 99.50' };
  if (m[1] && !signed) return { ok: false, message: '金额不能为负数' };
  if (m[2].length > 10) return { ok: false, message: '金额过大' };
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if (fen > MAX_FEN) return { ok: false, message: '金额过大' };
  return { ok: true, fen: m[1] ? -fen : fen };
}

/** fenToYuanText writes 分 as the plain 元 a clerk would type: 1230 → "12.30", 1200 → "12", -5 → "-0.05". */
export function fenToYuanText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  const cents = abs % 100;
  return `${sign}${Math.floor(abs / 100)}${cents ? `.${String(cents).padStart(2, '0')}` : ''}`;
}

/** fenOf is a validated amount field's text in 分 (empty counts as 0); text that does not parse throws. */
export function fenOf(value: string | undefined, signed = false): number {
  if (!value?.trim()) return 0;
  const r = parseYuan(value, { signed });
  if (!r.ok) throw new Error(r.message);
  return r.fen;
}

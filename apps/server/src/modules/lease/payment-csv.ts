import { PAYMENT_METHODS, type PaymentMethod, isSaneTime, paymentMethodLabel } from '@lease/shared';

/**
 * The payments CSV (docs/lease-plans.md): a header row naming the columns, then one payment per row. A row
 * names its plan by plan_id, serial_number or imei; the amount is in 元 with at most two decimals.
 */

export interface CsvPayment {
  line: number;
  planId: string;
  serial: string;
  imei: string;
  amountFen: number;
  method: PaymentMethod;
  reference: string;
  paidAt: Date | null;
}

/** parseCsv reads RFC 4180 text: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/** yuanToFen turns '12.3' into 1230 without floating point; null for anything but a positive amount with ≤ 2 decimals. */
export function yuanToFen(value: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value.trim().replace(/^¥/, '').replaceAll(',', ''));
  if (!m) return null;
  const fen = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return fen > 0 ? fen : null;
}

const METHOD_BY_LABEL = new Map<string, PaymentMethod>([
  ...PAYMENT_METHODS.map((m) => [m, m] as const),
  ...PAYMENT_METHODS.map((m) => [paymentMethodLabel[m], m] as const),
  ['银行', 'bank'],
  ['微信支付', 'wechat'],
]);

const HEADERS: Record<string, string> = {
  plan_id: 'plan_id',
  计划id: 'plan_id',
  serial_number: 'serial',
  序列号: 'serial',
  imei: 'imei',
  amount_yuan: 'amount',
  金额: 'amount',
  method: 'method',
  支付方式: 'method',
  reference: 'reference',
  流水号: 'reference',
  paid_at: 'paid_at',
  还款时间: 'paid_at',
};

/** readPayments checks every row on its own; a row's problem is its message, the others are still read. */
export function readPayments(text: string): { rows: (CsvPayment | { line: number; error: string })[]; headerError: string | null } {
  const table = parseCsv(text);
  if (table.length < 2) return { rows: [], headerError: 'CSV 至少需要表头和一行还款' };
  const columns = table[0].map((h) => HEADERS[h.trim().toLowerCase()] ?? HEADERS[h.trim()] ?? '');
  if (!columns.includes('amount')) return { rows: [], headerError: '表头缺少金额列（amount_yuan 或 金额）' };
  if (!columns.some((c) => c === 'plan_id' || c === 'serial' || c === 'imei'))
    return { rows: [], headerError: '表头缺少计划列（plan_id、serial_number 或 imei）' };
  if (table.length > 1001) return { rows: [], headerError: '一次最多导入 1000 行' };
  const rows = table.slice(1).map((cells, i) => {
    const line = i + 2;
    const get = (name: string) => (cells[columns.indexOf(name)] ?? '').trim();
    const amountFen = yuanToFen(get('amount'));
    if (amountFen === null) return { line, error: '金额应为大于 0 的数字，最多两位小数' };
    const method = METHOD_BY_LABEL.get(get('method') || 'other');
    if (!method) return { line, error: '支付方式应为 现金、微信、支付宝、银行转账 或 其他' };
    const rawTime = get('paid_at');
    const paidAt = rawTime ? new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(rawTime) ? rawTime : `${rawTime.replace(' ', 'T')}+08:00`) : null;
    if (paidAt && !isSaneTime(paidAt.getTime())) return { line, error: '还款时间格式有误，如 2026-12-01 10:30' };
    const reference = get('reference');
    if (reference.length > 64) return { line, error: '流水号最多 64 个字符' };
    if (!get('plan_id') && !get('serial') && !get('imei')) return { line, error: '请填写 plan_id、序列号或 IMEI' };
    return { line, planId: get('plan_id'), serial: get('serial'), imei: get('imei'), amountFen, method, reference, paidAt };
  });
  return { rows, headerError: null };
}

import { type LeasePlanItem, formatFen, leasePlanStatusLabel } from '@lease/shared';

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) is written as text. */
const cell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** plansCsv is the collections list as a UTF-8 CSV with a BOM (Excel opens it as Chinese text). */
export function plansCsv(list: LeasePlanItem[]): string {
  const head = ['设备', '序列号', '租机人', '手机号', '状态', '逾期金额', '逾期天数', '下期还款日', '已还/总额', '承诺还款至', '最近提醒', '最近联系'];
  const rows = list.map((p) => [
    p.device_label,
    p.serial_number,
    p.hirer_name,
    p.hirer_phone_masked,
    leasePlanStatusLabel[p.status],
    formatFen(p.amount_overdue_fen),
    p.days_overdue,
    p.next_due_date,
    `${formatFen(p.paid_fen)}/${formatFen(p.total_fen)}`,
    p.promise_until,
    p.last_reminder_at,
    p.last_contact_note,
  ]);
  return `\uFEFF${[head, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

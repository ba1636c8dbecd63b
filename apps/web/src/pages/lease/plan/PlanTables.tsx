import {
  formatFen,
  leaseActionStatusLabel,
  ledgerSourceLabel,
  leaseStepLabel,
  paymentMethodLabel,
  type LeaseActionItem,
  type LeaseLedgerItem,
  type LeaseScheduleItem,
} from '@lease/shared';
import { Table, Tag, type TableColumnsType } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { formatDateTime, withChinaTime } from '../../../lib/time.ts';
import { actionStatusColor, scheduleStateColor, scheduleStateLabel } from './leaseView.ts';

const money = (fen: number) => (fen < 0 ? <Typography.Text type="danger">{formatFen(fen)}</Typography.Text> : formatFen(fen));
const dash = (v: string | null | undefined) => v || '—';

const scheduleColumns: TableColumnsType<LeaseScheduleItem> = [
  { title: '期数', dataIndex: 'index', width: 70, render: (i: number) => `第 ${i + 1} 期` },
  { title: '还款日', dataIndex: 'due_date', width: 110 },
  { title: '应还', dataIndex: 'amount_fen', width: 110, render: money },
  { title: '已还', dataIndex: 'paid_fen', width: 110, render: money },
  { title: '状态', dataIndex: 'state', width: 90, render: (s: LeaseScheduleItem['state']) => <Tag color={scheduleStateColor[s]}>{scheduleStateLabel[s]}</Tag> },
];

/** ScheduleTable is a plan's periods: due date, amount, what is paid of it. */
export function ScheduleTable({ rows }: { rows: LeaseScheduleItem[] }) {
  return (
    <Table
      rowKey="index"
      size="small"
      columns={scheduleColumns}
      dataSource={rows}
      pagination={rows.length > 12 ? { pageSize: 12 } : false}
      scroll={{ x: 490 }}
    />
  );
}

const ledgerColumns: TableColumnsType<LeaseLedgerItem> = [
  { title: withChinaTime('时间'), dataIndex: 'paid_at', width: 150, render: (t: string) => formatDateTime(t) },
  { title: '来源', dataIndex: 'source', width: 90, render: (s: LeaseLedgerItem['source']) => ledgerSourceLabel[s] },
  { title: '方式', dataIndex: 'method', width: 90, render: (m: LeaseLedgerItem['method']) => (m ? paymentMethodLabel[m] : '—') },
  { title: '金额', dataIndex: 'amount_fen', width: 110, render: money },
  { title: '流水号', dataIndex: 'reference', width: 140, render: dash },
  { title: '店员', dataIndex: 'clerk_name', width: 90, render: dash },
  {
    title: '备注',
    key: 'note',
    width: 200,
    render: (_, r) => (r.source === 'correction' ? `更正原因：${r.note || '—'}` : dash(r.note)),
  },
];

/** LedgerTable is every payment and correction of a plan; a correction shows its reason. */
export function LedgerTable({ rows }: { rows: LeaseLedgerItem[] }) {
  return (
    <Table
      rowKey="id"
      size="small"
      columns={ledgerColumns}
      dataSource={rows}
      locale={{ emptyText: '暂无还款记录' }}
      pagination={rows.length > 10 ? { pageSize: 10 } : false}
      scroll={{ x: 870 }}
    />
  );
}

/** actionDetail is what the server said about an automatic step, when it said something readable. */
const actionDetail = (d: Record<string, unknown>) => {
  for (const key of ['skipped', 'result', 'message', 'reason', 'error']) if (typeof d[key] === 'string' && d[key]) return d[key];
  return '—';
};

const actionColumns: TableColumnsType<LeaseActionItem> = [
  { title: withChinaTime('时间'), dataIndex: 'date_updated', width: 150, render: (t: string) => formatDateTime(t) },
  // Pay-off and release belong to the whole plan, not a period.
  { title: '期数', dataIndex: 'period_index', width: 70, render: (i: number, r) => (r.step === 'paid-off' || r.step === 'release' ? '—' : `第 ${i + 1} 期`) },
  { title: '操作', dataIndex: 'step', width: 170, render: (s: LeaseActionItem['step']) => leaseStepLabel[s] },
  {
    title: '结果',
    dataIndex: 'status',
    width: 90,
    render: (s: LeaseActionItem['status']) => <Tag color={actionStatusColor[s]}>{leaseActionStatusLabel[s]}</Tag>,
  },
  { title: '说明', key: 'detail', width: 200, render: (_, r) => actionDetail(r.detail) },
];

/** ActionTable is what the plan did by itself: reminders, locks, unlocks, release. */
export function ActionTable({ rows }: { rows: LeaseActionItem[] }) {
  return (
    <Table
      rowKey="id"
      size="small"
      columns={actionColumns}
      dataSource={rows}
      locale={{ emptyText: '暂无自动操作' }}
      pagination={rows.length > 10 ? { pageSize: 10 } : false}
      scroll={{ x: 680 }}
    />
  );
}

import { formatFen, type LeasePlanItem, type LeasePlanListQuery } from '@lease/shared';
import { Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { tablePagination } from '../../../components/pagination.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { LeaseStatusTag } from '../plan/LeaseStatusTag.tsx';
import { devicePath } from '../plan/leaseView.ts';

const PLATFORM_NAME = { ios: 'Apple', android: 'Android' } as const;
const dash = (v: string | null) => v ?? '—';

const columns = (phone: boolean, actions: (p: LeasePlanItem) => ReactNode): TableColumnsType<LeasePlanItem> => [
  {
    title: '设备',
    key: 'device',
    width: phone ? 130 : 190,
    fixed: 'left',
    render: (_, p) => (
      <div style={{ minWidth: 0 }}>
        <Link to={devicePath(p)}>{p.device_label || PLATFORM_NAME[p.platform]}</Link>
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
            {p.serial_number}
          </Typography.Text>
        </div>
      </div>
    ),
  },
  {
    title: '租机人',
    key: 'hirer',
    width: 130,
    render: (_, p) => (
      <>
        <div>{p.hirer_name || '—'}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {p.hirer_phone_masked}
        </Typography.Text>
      </>
    ),
  },
  { title: '状态', key: 'status', width: 130, render: (_, p) => <LeaseStatusTag plan={p} /> },
  {
    title: '欠款',
    dataIndex: 'amount_overdue_fen',
    width: 110,
    render: (fen: number) => (fen > 0 ? <Typography.Text type="danger">{formatFen(fen)}</Typography.Text> : formatFen(0)),
  },
  { title: '逾期天数', dataIndex: 'days_overdue', width: 90, render: (d: number) => (d > 0 ? `${d} 天` : '—') },
  { title: '下期还款日', dataIndex: 'next_due_date', width: 110, render: dash },
  { title: '承诺还款', dataIndex: 'promise_until', width: 110, render: dash },
  { title: '最近提醒', dataIndex: 'last_reminder_at', width: 150, render: (t: string | null) => formatDateTime(t) },
  {
    title: '最近联系',
    key: 'contact',
    width: 180,
    ellipsis: { showTitle: false },
    render: (_, p) =>
      p.last_contact_note ? (
        <Tooltip title={`${formatDateTime(p.last_contact_at)} ${p.last_contact_note}`}>
          <span>{p.last_contact_note}</span>
        </Tooltip>
      ) : (
        '—'
      ),
  },
  // On a desktop the actions stay in view at the right; a phone needs its width for the figures.
  { title: '操作', key: 'actions', width: 230, fixed: phone ? undefined : 'right', render: (_, p) => actions(p) },
];

interface LeaseTableProps {
  query: LeasePlanListQuery;
  onQueryChange: (next: LeasePlanListQuery) => void;
  data: { list: LeasePlanItem[]; total: number } | undefined;
  loading: boolean;
  empty: ReactNode;
  actions: (p: LeasePlanItem) => ReactNode;
  selection?: { keys: string[]; onChange: (keys: string[]) => void };
}

/**
 * LeaseTable lists plans with the page in the URL. On a phone it scrolls sideways with the device (and the
 * tick boxes) held at the left, so a row stays recognisable while its figures and actions scroll into view.
 */
export function LeaseTable({ query, onQueryChange, data, loading, empty, actions, selection }: LeaseTableProps) {
  const phone = useIsPhone();
  return (
    <Table<LeasePlanItem>
      rowKey="id"
      size={phone ? 'small' : 'middle'}
      columns={columns(phone, actions)}
      dataSource={data?.list}
      loading={loading}
      locale={{ emptyText: empty }}
      scroll={{ x: 1460 }}
      rowSelection={
        selection && {
          selectedRowKeys: selection.keys,
          onChange: (keys) => selection.onChange(keys.map(String)),
          preserveSelectedRowKeys: true,
          columnWidth: 40,
        }
      }
      pagination={{
        ...tablePagination({
          pageNum: query.page_num,
          pageSize: query.page_size,
          total: data?.total ?? 0,
          onChange: (page_num, page_size) => onQueryChange({ ...query, page_num, page_size }),
        }),
        // A phone's row has no room for the size changer and the page numbers.
        ...(phone ? { simple: true, showSizeChanger: false } : {}),
      }}
    />
  );
}

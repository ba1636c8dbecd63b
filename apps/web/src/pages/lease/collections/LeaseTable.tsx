import { formatFen, type LeasePlanItem, type LeasePlanListQuery } from '@lease/shared';
import { Table, type TableColumnsType } from 'antd';
import { Hint } from '../../../components/hint/Hint.tsx';
import { Typography } from '../../../components/typography/Typography.tsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { tablePagination } from '../../../components/pagination.ts';
import { DeviceCardList } from '../../../components/DeviceCardList.tsx';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { LeaseStatusTag } from '../plan/LeaseStatusTag.tsx';
import { devicePath } from '../plan/leaseView.ts';

const PLATFORM_NAME = { ios: 'Apple', android: 'Android' } as const;
const dash = (v: string | null) => v ?? '—';

const columns = (actions: (p: LeasePlanItem) => ReactNode): TableColumnsType<LeasePlanItem> => [
  {
    title: '设备',
    key: 'device',
    width: 190,
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
    key: 'amount',
    dataIndex: 'amount_overdue_fen',
    width: 110,
    render: (fen: number) => (fen > 0 ? <Typography.Text type="danger">{formatFen(fen)}</Typography.Text> : formatFen(0)),
  },
  { title: '逾期天数', key: 'days', dataIndex: 'days_overdue', width: 90, render: (d: number) => (d > 0 ? `${d} 天` : '—') },
  { title: '下期还款日', key: 'next_due', dataIndex: 'next_due_date', width: 110, render: dash },
  { title: '承诺还款', key: 'promise', dataIndex: 'promise_until', width: 110, render: dash },
  { title: '最近提醒', dataIndex: 'last_reminder_at', width: 150, render: (t: string | null) => formatDateTime(t) },
  {
    title: '最近联系',
    key: 'contact',
    width: 180,
    ellipsis: { showTitle: false },
    render: (_, p) =>
      p.last_contact_note ? (
        <Hint title={`${formatDateTime(p.last_contact_at)} ${p.last_contact_note}`}>
          <span>{p.last_contact_note}</span>
        </Hint>
      ) : (
        '—'
      ),
  },
  // The actions stay in view at the right.
  { title: '操作', key: 'actions', width: 230, fixed: 'right', render: (_, p) => actions(p) },
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

/** What a phone's card shows under the device: the figures a collector works from, the actions at its foot. */
const CARD_KEYS = ['hirer', 'status', 'amount', 'days', 'next_due', 'promise', 'contact'];

/**
 * LeaseTable lists plans with the page in the URL: a table on a desktop, one card per plan on a phone (the same
 * columns, so both show the same figures and offer the same actions, tick boxes included).
 */
export function LeaseTable({ query, onQueryChange, data, loading, empty, actions, selection }: LeaseTableProps) {
  const phone = useIsPhone();
  const paging = {
    pageNum: query.page_num,
    pageSize: query.page_size,
    total: data?.total ?? 0,
    onChange: (page_num: number, page_size: number) => onQueryChange({ ...query, page_num, page_size }),
  };
  if (phone)
    return (
      <DeviceCardList<LeasePlanItem>
        columns={columns(actions)}
        rows={data?.list}
        loading={loading}
        empty={empty}
        paging={paging}
        cardKeys={CARD_KEYS}
        selection={selection}
        label="分期计划列表"
      />
    );
  return (
    <Table<LeasePlanItem>
      rowKey="id"
      size="middle"
      columns={columns(actions)}
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
      pagination={tablePagination(paging)}
    />
  );
}

import type { ReportListItem, ReportListQuery } from '@lease/shared';
import { Button, Space, type TableColumnType } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { tablePagination } from '../../../components/pagination.ts';
import { ResponsiveTable } from '../../../components/ResponsiveTable.tsx';
import { formatDateTime, withChinaTime } from '../../../lib/time.ts';
import { RiskTag, SandboxTag, StatusTag } from '../components/ReportTags.tsx';
import { reportPath, yuan } from '../reportView.ts';

interface Props {
  query: ReportListQuery;
  onQueryChange: (q: ReportListQuery) => void;
  data: { list: ReportListItem[]; total: number } | undefined;
  loading: boolean;
  empty: ReactNode;
  /** The row's 刷新 button (it asks before charging again). */
  refresh: (r: ReportListItem) => ReactNode;
}

const columns = (refresh: Props['refresh']): TableColumnType<ReportListItem>[] => [
  {
    title: '姓名',
    key: 'name',
    width: 110,
    render: (_, r) => (
      <Link to={reportPath(r)} style={{ whiteSpace: 'nowrap' }}>
        {r.name}
      </Link>
    ),
  },
  { title: '身份证号', dataIndex: 'id_card', width: 180, render: (v: string) => <span style={{ fontFamily: 'monospace' }}>{v}</span> },
  { title: '手机号', dataIndex: 'phone_number', width: 120 },
  {
    title: '风险等级',
    key: 'risk',
    width: 130,
    render: (_, r) => (r.risk_level ? <RiskTag level={r.risk_level} score={r.risk_score} /> : <Typography.Text type="secondary">—</Typography.Text>),
  },
  {
    title: '状态',
    key: 'status',
    width: 170,
    render: (_, r) => (
      <Space size={4} wrap>
        <StatusTag status={r.status} />
        {r.sandbox && <SandboxTag />}
        {r.status === 'failed' && r.failure_reason && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.failure_reason}，已退款
          </Typography.Text>
        )}
      </Space>
    ),
  },
  {
    title: '费用',
    dataIndex: 'price_fen',
    width: 90,
    render: (v: number, r) =>
      r.status === 'failed' ? (
        <Typography.Text delete type="secondary">
          {yuan(v)}
        </Typography.Text>
      ) : (
        yuan(v)
      ),
  },
  { title: '关联设备', dataIndex: 'linked_device_count', width: 90, render: (n: number) => (n ? `${n} 台` : '—') },
  { title: '查询人', dataIndex: 'clerk_name', width: 100 },
  { title: withChinaTime('查询时间'), key: 'time', width: 150, render: (_, r) => formatDateTime(r.date_updated) },
  {
    title: '操作',
    key: 'actions',
    width: 120,
    fixed: 'right',
    render: (_, r) => (
      <Space size={0}>
        <Link to={reportPath(r)}>
          <Button type="link" size="small">
            查看
          </Button>
        </Link>
        {refresh(r)}
      </Space>
    ),
  },
];

/** ReportTable lists reports with the id number and phone masked; the full values show only in the report itself. */
export function ReportTable({ query, onQueryChange, data, loading, empty, refresh }: Props) {
  return (
    <ResponsiveTable<ReportListItem>
      rowKey="id"
      size="middle"
      columns={columns(refresh)}
      label="报告列表"
      // A phone's card keeps what tells the hirers apart and how they came out; the charge and clerk stay on the desktop.
      card={{ title: 'name', actions: 'actions', facts: ['id_card', 'phone_number', 'risk', 'status', 'linked_device_count', 'time'] }}
      dataSource={data?.list}
      loading={loading}
      locale={{ emptyText: empty }}
      scroll={{ x: 1200 }}
      pagination={tablePagination({
        pageNum: query.page_num,
        pageSize: query.page_size,
        total: data?.total ?? 0,
        onChange: (page_num, page_size) => onQueryChange({ ...query, page_num, page_size }),
      })}
    />
  );
}

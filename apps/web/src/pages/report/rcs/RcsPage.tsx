import type { RcsChannelReport, RcsRecord } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Form, Input, Space, theme, type TableColumnType } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { reportBalanceQuery, rcsListQueryOptions } from '../../../api/report.ts';
import { tablePagination } from '../../../components/pagination.ts';
import { Panel } from '../../../components/Panel.tsx';
import { ResponsiveTable } from '../../../components/ResponsiveTable.tsx';
import { filterItem, FilterButtons } from '../../../forms/filterBar.tsx';
import { formatDateTime, withChinaTime } from '../../../lib/time.ts';
import { useUrlQuery } from '../../../lib/urlQuery.ts';
import { BlacklistDialog } from '../components/BlacklistDialog.tsx';
import { SandboxTag } from '../components/ReportTags.tsx';
import { awaitingHirer, rcsSearch } from './rcsSearch.ts';
import { RcsRequestDialog } from './RcsRequestDialog.tsx';

function ChannelLink({ report, label }: { report: RcsChannelReport | null; label: string }) {
  if (!report) return <Typography.Text type="secondary">等待授权</Typography.Text>;
  return (
    <Flex vertical>
      <a href={report.url} target="_blank" rel="noreferrer noopener">
        查看{label}报告
      </a>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatDateTime(report.date_updated)}
      </Typography.Text>
    </Flex>
  );
}

const columns = (onShowCode: (r: RcsRecord) => void): TableColumnType<RcsRecord>[] => [
  {
    title: '姓名',
    key: 'name',
    width: 130,
    render: (_, r) => (
      <Space size={4} wrap>
        {r.name}
        {r.sandbox && <SandboxTag />}
      </Space>
    ),
  },
  { title: '证件号码', dataIndex: 'id_card', width: 180, render: (v: string) => <span style={{ fontFamily: 'monospace' }}>{v}</span> },
  { title: '微信报告', key: 'wechat', width: 140, render: (_, r) => <ChannelLink report={r.last_wechat_report} label="微信" /> },
  { title: '支付宝报告', key: 'alipay', width: 140, render: (_, r) => <ChannelLink report={r.last_alipay_report} label="支付宝" /> },
  {
    title: '综合报告',
    key: 'report',
    width: 110,
    render: (_, r) =>
      r.report_url ? (
        <a href={r.report_url} target="_blank" rel="noreferrer noopener">
          查看
        </a>
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      ),
  },
  { title: '发起人', dataIndex: 'clerk_name', width: 100 },
  { title: withChinaTime('发起时间'), key: 'time', width: 150, render: (_, r) => formatDateTime(r.date_created) },
  {
    title: '操作',
    key: 'actions',
    width: 110,
    fixed: 'right',
    render: (_, r) => (
      <Button type="link" size="small" onClick={() => onShowCode(r)}>
        授权二维码
      </Button>
    ),
  },
];

/** RcsPage is 风控查询: queries the hirer authorises on their own phone, whose WeChat and Alipay reports arrive by callback. */
export default function RcsPage() {
  const { token } = theme.useToken();
  const [view, setView] = useUrlQuery(rcsSearch);
  const [filter] = Form.useForm<{ name?: string }>();
  const [dialog, setDialog] = useState<{ kind: 'request'; record?: RcsRecord } | { kind: 'blacklist' } | null>(null);
  const balance = useQuery(reportBalanceQuery);
  // Orders still waiting for the hirer refresh, so the links appear once the provider calls back.
  const list = useQuery({ ...rcsListQueryOptions(view), refetchInterval: (q) => (q.state.data?.list.some((r) => awaitingHirer(r)) ? 5000 : false) });
  const left = balance.data ? Math.max(0, balance.data.rcs_count - balance.data.used_rcs_count) : null;

  return (
    <Panel
      title="风控查询"
      extra={
        <Space wrap>
          <Button onClick={() => setDialog({ kind: 'blacklist' })}>黑名单查询</Button>
          <Button type="primary" disabled={left === 0} onClick={() => setDialog({ kind: 'request' })}>
            发起风控查询
          </Button>
        </Space>
      }
    >
      <Flex vertical gap={16}>
        <Flex wrap align="center" gap="8px 24px" style={{ padding: '12px 16px', background: token.colorFillQuaternary, borderRadius: token.borderRadius }}>
          <span>
            剩余次数：
            <Typography.Text strong data-testid="rcs-left" style={{ fontSize: 18 }}>
              {left ?? '—'}
            </Typography.Text>
          </span>
          {balance.data && (
            <Typography.Text type="secondary">
              已用 {balance.data.used_rcs_count} / 共 {balance.data.rcs_count} 次
            </Typography.Text>
          )}
          {balance.data?.sandbox && <SandboxTag />}
        </Flex>
        <Form
          form={filter}
          key={view.name ?? ''}
          layout="inline"
          initialValues={{ name: view.name }}
          onFinish={(v: { name?: string }) => setView(rcsSearch.withFilters(view, { name: v.name?.trim() || undefined }))}
          style={{ rowGap: 12 }}
        >
          <Form.Item name="name" {...filterItem}>
            <Input allowClear placeholder="姓名" style={{ width: 160 }} maxLength={20} />
          </Form.Item>
          <FilterButtons
            onReset={() => {
              filter.setFieldsValue({ name: undefined });
              setView(rcsSearch.clearFilters(view));
            }}
          />
        </Form>
        <ResponsiveTable<RcsRecord>
          rowKey="id"
          size="middle"
          columns={columns((record) => setDialog({ kind: 'request', record }))}
          label="风控查询记录"
          card={{ title: 'name', actions: 'actions' }}
          dataSource={list.data?.list}
          loading={list.isFetching && !list.data}
          scroll={{ x: 1100 }}
          locale={{
            emptyText: list.isSuccess ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={view.name ? '没有符合条件的记录' : '还没有风控查询记录'} />
            ) : undefined,
          }}
          pagination={tablePagination({
            pageNum: view.page_num,
            pageSize: view.page_size,
            total: list.data?.total ?? 0,
            onChange: (page_num, page_size) => setView({ ...view, page_num, page_size }),
          })}
        />
      </Flex>
      {dialog?.kind === 'request' && <RcsRequestDialog record={dialog.record} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'blacklist' && <BlacklistDialog onClose={() => setDialog(null)} />}
    </Panel>
  );
}

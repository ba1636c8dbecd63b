import { type WebhookDeliveryItem, type WebhookDeliveryStatus, type WebhookEventType, webhookEventLabel, webhookStatusLabel } from '@lease/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Segmented, Table, Tag } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { apiKeyKeys, resendWebhook, webhookDeliveriesQuery } from '../../../api/apiKey.ts';
import { feedback } from '../../../app/feedback.ts';
import { tablePagination } from '../../../components/pagination.ts';
import { formatDateTime, withChinaTime } from '../../../lib/time.ts';

const statusColor: Record<WebhookDeliveryStatus, string> = { pending: 'processing', delivered: 'success', failed: 'error' };
const platformLabel: Record<string, string> = { ios: 'Apple', android: 'Android' };
type Filter = WebhookDeliveryStatus | 'all';

/** WebhookDeliveries is the admin's view of the outbox: each event, its attempts, and 重新发送 for failed ones. */
export function WebhookDeliveries() {
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState({ page_num: 0, page_size: 10 });
  const query = { ...page, status: filter === 'all' ? undefined : filter };
  const list = useQuery(webhookDeliveriesQuery(query));
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: resendWebhook,
    onSuccess: async () => {
      feedback.message.success('已重新加入发送队列');
      await queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
    },
  });

  const columns: ColumnsType<WebhookDeliveryItem> = [
    {
      title: '事件',
      dataIndex: 'type',
      width: 150,
      render: (type: string) => (
        <Flex vertical>
          <span>{webhookEventLabel[type as WebhookEventType] ?? type}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {type}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: '设备', key: 'device', width: 175, render: (_, r) => `${platformLabel[r.platform] ?? r.platform} · ${r.serial_number || '—'}` },
    { title: '状态', dataIndex: 'status', width: 100, render: (s: WebhookDeliveryStatus) => <Tag color={statusColor[s]}>{webhookStatusLabel[s]}</Tag> },
    { title: '尝试', dataIndex: 'attempts', width: 64, align: 'center' },
    {
      title: '最近结果',
      key: 'last',
      ellipsis: { showTitle: true },
      render: (_, r) => (r.status === 'delivered' ? `HTTP ${r.last_status_code}` : r.last_error || (r.attempts ? `HTTP ${r.last_status_code}` : '尚未发送')),
    },
    { title: withChinaTime('产生时间'), dataIndex: 'date_created', width: 135, render: formatDateTime },
    {
      title: '送达 / 下次重试',
      key: 'when',
      width: 135,
      render: (_, r) => (r.delivered_at ? formatDateTime(r.delivered_at) : r.next_attempt_at ? formatDateTime(r.next_attempt_at) : '—'),
    },
    {
      title: '操作',
      key: 'action',
      width: 96,
      render: (_, r) =>
        r.status === 'failed' ? (
          <Button size="small" loading={resend.isPending && resend.variables === r.id} onClick={() => resend.mutate(r.id)}>
            重新发送
          </Button>
        ) : null,
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Segmented<Filter>
        value={filter}
        onChange={(v) => {
          setFilter(v);
          setPage((p) => ({ ...p, page_num: 0 }));
        }}
        options={[
          { value: 'all', label: '全部' },
          { value: 'pending', label: webhookStatusLabel.pending },
          { value: 'delivered', label: webhookStatusLabel.delivered },
          { value: 'failed', label: webhookStatusLabel.failed },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <Table<WebhookDeliveryItem>
        rowKey="id"
        size="middle"
        scroll={{ x: 1000 }}
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        locale={{ emptyText: '暂无回调记录' }}
        expandable={{ expandedRowRender: (r) => <Attempts item={r} />, rowExpandable: (r) => r.attempt_list.length > 0 }}
        pagination={tablePagination({
          pageNum: page.page_num,
          pageSize: page.page_size,
          total: list.data?.total ?? 0,
          onChange: (page_num, page_size) => setPage({ page_num, page_size }),
        })}
      />
    </Flex>
  );
}

function Attempts({ item }: { item: WebhookDeliveryItem }) {
  return (
    <Table
      rowKey={(a) => `${a.attempt_no}-${a.date_created}`}
      size="small"
      pagination={false}
      dataSource={item.attempt_list}
      columns={[
        { title: '第几次', dataIndex: 'attempt_no', width: 80 },
        { title: withChinaTime('时间'), dataIndex: 'date_created', width: 160, render: formatDateTime },
        { title: 'HTTP 状态', dataIndex: 'status_code', width: 100, render: (v: number | null) => v ?? '—' },
        { title: '耗时', dataIndex: 'duration_ms', width: 100, render: (v: number) => `${v} 毫秒` },
        { title: '错误', dataIndex: 'error', render: (v: string) => v || '—' },
      ]}
    />
  );
}

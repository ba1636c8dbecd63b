import { PlusOutlined } from '@ant-design/icons';
import type { OpsStoreItem } from '@lease/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, Select, Tag, type TableColumnsType } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { Link } from 'react-router';
import { type OpsStoreQuery, opsStoresQuery } from '../../../api/ops.ts';
import { PagedListTable } from '../../../components/PagedListTable.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { formatDateTime, withChinaTime } from '../../../lib/time.ts';
import { CreateStoreDialog } from './CreateStoreDialog.tsx';
import { moduleNames, yuan } from './storeFormat.ts';

const statusTag = (s: OpsStoreItem) => (s.disabled ? <Tag color="error">已停用</Tag> : <Tag color="success">正常</Tag>);

const columns: TableColumnsType<OpsStoreItem> = [
  { title: '门店', key: 'name', render: (_, s) => <Link to={`/ops/stores/${s.id}`}>{s.store_name}</Link> },
  { title: '管理员', key: 'admin', width: 150, render: (_, s) => (s.admin_phone ? `${s.admin_name ?? ''} ${s.admin_phone}` : '—') },
  { title: withChinaTime('创建时间'), key: 'created', width: 150, render: (_, s) => formatDateTime(s.date_created) },
  { title: '名额（已用/总数）', key: 'slots', width: 130, render: (_, s) => `${s.used_device_count} / ${s.device_count}` },
  {
    title: '功能模块',
    key: 'modules',
    render: (_, s) => (
      <Typography.Text ellipsis={{ tooltip: moduleNames(s.modules).join('、') }} style={{ maxWidth: 200 }}>
        {moduleNames(s.modules).join('、') || '—'}
      </Typography.Text>
    ),
  },
  { title: '报告余额', key: 'balance', width: 110, align: 'right', render: (_, s) => yuan(s.balance_fen) },
  { title: '状态', key: 'status', width: 80, render: (_, s) => statusTag(s) },
];

/** OpsStoresPage lists every store with search by name or admin phone, and creates a store directly. */
export default function OpsStoresPage() {
  const [query, setQuery] = useState<OpsStoreQuery>({ page_num: 0, page_size: 20, status: 'all' });
  const [creating, setCreating] = useState(false);
  const stores = useQuery({ ...opsStoresQuery(query), placeholderData: keepPreviousData });

  return (
    <Panel
      title="门店管理"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          创建门店
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <Flex gap={8} wrap>
          <Input.Search
            allowClear
            placeholder="门店名称或管理员手机号"
            style={{ maxWidth: 300 }}
            onSearch={(v) => setQuery((q) => ({ ...q, keyword: v.trim() || undefined, page_num: 0 }))}
          />
          <Select
            aria-label="状态"
            value={query.status}
            style={{ width: 120 }}
            onChange={(status) => setQuery((q) => ({ ...q, status, page_num: 0 }))}
            options={[
              { value: 'all', label: '全部状态' },
              { value: 'active', label: '正常' },
              { value: 'disabled', label: '已停用' },
            ]}
          />
        </Flex>
        <PagedListTable
          data={stores.data}
          loading={stores.isFetching}
          query={query}
          onPageChange={(page_num, page_size) => setQuery((q) => ({ ...q, page_num, page_size }))}
          emptyText="没有符合条件的门店"
          columns={columns}
          scroll={{ x: 900 }}
          item={(s) => ({
            title: (
              <Flex justify="space-between" gap={8}>
                <Link to={`/ops/stores/${s.id}`}>{s.store_name}</Link>
                {statusTag(s)}
              </Flex>
            ),
            description: (
              <>
                <div>管理员：{s.admin_phone ? `${s.admin_name ?? ''} ${s.admin_phone}` : '—'}</div>
                <div>
                  名额 {s.used_device_count} / {s.device_count} · 余额 {yuan(s.balance_fen)}
                </div>
              </>
            ),
          })}
        />
      </Flex>
      <CreateStoreDialog open={creating} onClose={() => setCreating(false)} />
    </Panel>
  );
}

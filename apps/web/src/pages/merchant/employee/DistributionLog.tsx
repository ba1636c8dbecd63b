import type { ClerkRef, DistributionLogItem, DistributionLogQuery } from '@lease/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DatePicker, Flex, Form, Select, type TableColumnType, Tag } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { clerkPageQuery, distributionLogPageQuery } from '../../../api/clerk.ts';
import { tablePagination } from '../../../components/pagination.ts';
import { ResponsiveTable } from '../../../components/ResponsiveTable.tsx';
import { clerkOptionLabel, filterItem, FilterButtons } from '../../../forms/filterBar.tsx';
import { compactDate, formatDateTime, withChinaTime } from '../../../lib/time.ts';

interface FilterValues {
  for_clerk?: string;
  platform?: 'ios' | 'android';
  range?: [Dayjs, Dayjs] | null;
}

const FIRST_PAGE: DistributionLogQuery = { page_num: 0, page_size: 20 };
const PLATFORM_LABEL = { ios: 'Apple', android: 'Android' } as const;

const clerkName = (c: ClerkRef | null, empty: string) => (c ? c.name : <Typography.Text type="secondary">{empty}</Typography.Text>);

const columns: TableColumnType<DistributionLogItem>[] = [
  { title: withChinaTime('时间'), dataIndex: 'date_created', width: 160, render: (v: string) => formatDateTime(v) },
  { title: '平台', dataIndex: 'platform', width: 90, render: (p: DistributionLogItem['platform']) => <Tag>{PLATFORM_LABEL[p]}</Tag> },
  {
    title: '设备',
    key: 'device',
    render: (_v, r) => <Link to={`/console/device/${r.platform}/${r.device_id}`}>{r.serial_number || '（无序列号）'}</Link>,
  },
  { title: '原店员', dataIndex: 'from_clerk', render: (c: ClerkRef | null) => clerkName(c, '新登记') },
  { title: '新店员', dataIndex: 'to_clerk', render: (c: ClerkRef | null) => clerkName(c, '—') },
  { title: '操作人', dataIndex: 'by_clerk', render: (c: ClerkRef | null) => clerkName(c, '系统') },
];

/** ClerkPicker searches the store's clerks by name on the server, so a large store needs no full list. */
function ClerkPicker({ value, onChange }: { value?: string; onChange?: (v: string | undefined) => void }) {
  const [name, setName] = useState('');
  const clerks = useQuery({ ...clerkPageQuery({ page_num: 0, page_size: 50, name: name || undefined }), placeholderData: keepPreviousData });
  return (
    <Select
      allowClear
      showSearch
      filterOption={false}
      onSearch={(v) => setName(v.trim().slice(0, 20))}
      value={value}
      onChange={onChange}
      placeholder="店员"
      loading={clerks.isFetching}
      options={(clerks.data?.list ?? []).map((c) => ({ value: c.id, label: clerkOptionLabel(c) }))}
      style={{ width: 180 }}
    />
  );
}

/** DistributionLog is the store's device hand-overs between clerks (分配记录), newest first. */
export function DistributionLog() {
  const [form] = Form.useForm<FilterValues>();
  const [query, setQuery] = useState<DistributionLogQuery>(FIRST_PAGE);
  const log = useQuery({ ...distributionLogPageQuery(query), placeholderData: keepPreviousData });

  const search = (v: FilterValues) =>
    setQuery({
      ...FIRST_PAGE,
      page_size: query.page_size,
      for_clerk: v.for_clerk,
      platform: v.platform,
      start_date: v.range ? compactDate(v.range[0]) : undefined,
      end_date: v.range ? compactDate(v.range[1]) : undefined,
    });

  return (
    <Flex vertical gap={16}>
      <Form<FilterValues> form={form} layout="inline" onFinish={search} style={{ rowGap: 12 }}>
        <Form.Item name="for_clerk" {...filterItem}>
          <ClerkPicker />
        </Form.Item>
        <Form.Item name="platform" {...filterItem}>
          <Select allowClear placeholder="平台" options={Object.entries(PLATFORM_LABEL).map(([value, label]) => ({ value, label }))} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="range" {...filterItem}>
          <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} style={{ width: 250 }} />
        </Form.Item>
        <FilterButtons
          joined
          onReset={() => {
            form.resetFields();
            setQuery({ ...FIRST_PAGE, page_size: query.page_size });
          }}
        />
      </Form>
      <Typography.Text type="secondary">
        记录设备在店员之间的交接：批量更换店员，以及登记设备时指定给其他店员。选择店员时，列出其交出、接收或经手的记录。
      </Typography.Text>
      <ResponsiveTable<DistributionLogItem>
        rowKey="id"
        size="middle"
        columns={columns}
        label="分配记录"
        card={{ title: 'device' }}
        dataSource={log.data?.list}
        loading={log.isFetching}
        locale={{ emptyText: '暂无分配记录' }}
        pagination={tablePagination({
          pageNum: query.page_num,
          pageSize: query.page_size,
          total: log.data?.total ?? 0,
          onChange: (pageNum, pageSize) => setQuery({ ...query, page_num: pageNum, page_size: pageSize }),
        })}
      />
    </Flex>
  );
}

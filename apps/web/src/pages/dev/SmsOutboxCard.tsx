import { smsPurposeLabel, type SmsOutboxItem, type SmsPurpose } from '@lease/shared';
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Table } from 'antd';
import { formatChinaTime, withChinaTime } from '../../lib/chinaTime.ts';
import { useState } from 'react';
import { smsOutboxQuery } from '../../api/dev.ts';
import { Panel } from '../../components/Panel.tsx';

const purposeLabel = (purpose: string) => smsPurposeLabel[purpose as SmsPurpose] ?? purpose;

const columns = [
  { title: '手机号', dataIndex: 'phone_number', key: 'phone_number', width: 140 },
  { title: '内容', dataIndex: 'content', key: 'content' },
  { title: '用途', dataIndex: 'purpose', key: 'purpose', width: 120, render: purposeLabel },
  {
    title: withChinaTime('时间'),
    dataIndex: 'date_created',
    key: 'date_created',
    width: 180,
    render: (value: string) => formatChinaTime(value, 'YYYY-MM-DD HH:mm:ss'),
  },
];

/** SmsOutboxCard shows the messages the local SMS adapter kept instead of sending them. */
export function SmsOutboxCard() {
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const { data, isLoading, isFetching, refetch } = useQuery({
    ...smsOutboxQuery(page.current - 1, page.pageSize),
    placeholderData: keepPreviousData,
  });
  return (
    <Panel
      title="短信发件箱"
      extra={
        <Button icon={<ReloadOutlined />} loading={isFetching} onClick={() => refetch()}>
          刷新
        </Button>
      }
    >
      <Table<SmsOutboxItem>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={data?.list}
        columns={columns}
        pagination={{
          ...page,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50],
          showTotal: (total) => `共 ${total} 条`,
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
      />
    </Panel>
  );
}

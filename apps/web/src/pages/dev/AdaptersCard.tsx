import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Table, Tag } from 'antd';
import { devStatusQuery } from '../../api/dev.ts';
import { Panel } from '../../components/Panel.tsx';

type Adapter = { name: string; label: string; impl: string; live: boolean };

const columns = [
  { title: '服务', dataIndex: 'label', key: 'label' },
  { title: '标识', dataIndex: 'name', key: 'name' },
  { title: '当前实现', dataIndex: 'impl', key: 'impl' },
  {
    title: '状态',
    dataIndex: 'live',
    key: 'live',
    render: (live: boolean) => (live ? <Tag color="green">真实服务</Tag> : <Tag>本地默认实现（不对外发送）</Tag>),
  },
];

/** AdaptersCard lists which implementation each outside service uses (DESIGN §7). */
export function AdaptersCard() {
  const { data, isLoading, refetch, isFetching } = useQuery(devStatusQuery);
  return (
    <Panel
      title="外部服务适配器"
      extra={
        <Space>
          {data && <Tag color="blue">数据库：{data.database === 'pglite' ? 'PGlite（内嵌）' : 'PostgreSQL'}</Tag>}
          <Button icon={<ReloadOutlined />} loading={isFetching} onClick={() => refetch()}>
            刷新
          </Button>
        </Space>
      }
    >
      <Table<Adapter> rowKey="name" size="small" loading={isLoading} dataSource={data?.adapters} columns={columns} pagination={false} />
    </Panel>
  );
}

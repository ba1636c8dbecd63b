import { LoginStatus, loginLogListQuery, loginStatusLabel, type LoginLogItem, type LoginLogListQuery } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Flex, Tag, type TableColumnsType } from 'antd';
import { Hint } from '../../../components/hint/Hint.tsx';
import { Typography } from '../../../components/typography/Typography.tsx';
import { loginLogQuery } from '../../../api/logs.ts';
import { Panel } from '../../../components/Panel.tsx';
import { formatDateTime, withChinaTime } from '../../../lib/time.ts';
import { describeUserAgent } from '../../../lib/userAgent.ts';
import { LogTable } from './LogTable.tsx';
import { LogFilterBar } from './LogFilterBar.tsx';
import { useLogSearch } from './logSearch.ts';

const STATUS_OPTIONS = Object.entries(loginStatusLabel).map(([value, label]) => ({ value: Number(value), label }));

/** loginStatusColor: success green, a wrong password orange, refusals red. */
export const loginStatusColor = (status: number) =>
  status === LoginStatus.SUCCESS ? 'success' : status === LoginStatus.WRONG_PASSWORD || status === LoginStatus.UNKNOWN_ACCOUNT ? 'warning' : 'error';

const columns: TableColumnsType<LoginLogItem> = [
  { title: '店员', key: 'clerk', width: 120, render: (_, r) => r.clerk_name ?? <Typography.Text type="secondary">—</Typography.Text> },
  { title: '登录账号', dataIndex: 'account', width: 130 },
  { title: 'IP 地址', dataIndex: 'ip', width: 140 },
  { title: '结果', key: 'status', width: 130, render: (_, r) => <Tag color={loginStatusColor(r.status)}>{r.status_label}</Tag> },
  {
    title: '浏览器与系统',
    dataIndex: 'user_agent',
    ellipsis: { showTitle: false },
    render: (ua: string) =>
      ua ? (
        // Browser and system as a person says them; the full string stays on hover for the rare question.
        <Hint title={ua} placement="topLeft">
          {describeUserAgent(ua)}
        </Hint>
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      ),
  },
  { title: withChinaTime('时间'), key: 'time', width: 160, render: (_, r) => formatDateTime(r.date_created) },
];

/** LoginLogPage lists the store's login attempts (spec §2, Dc1), filters and page in the URL. */
export default function LoginLogPage() {
  const [query, setQuery] = useLogSearch<LoginLogListQuery>(loginLogListQuery);
  const log = useQuery(loginLogQuery(query));

  return (
    <Panel title="登录日志">
      <Flex vertical gap={16}>
        <LogFilterBar query={query} onChange={setQuery} statusOptions={STATUS_OPTIONS} />
        <LogTable columns={columns} data={log.data} loading={log.isFetching} emptyText="暂无登录记录" query={query} onQueryChange={setQuery} label="登录记录" />
      </Flex>
    </Panel>
  );
}

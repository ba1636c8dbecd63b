import { type ReportLevel, type ReportViewLogItem, type ReportViewLogQuery, reportLevelLabel, reportViewLogQuery as reportViewLogSchema } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Tag, type TableColumnsType } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { Link } from 'react-router';
import { reportViewLogQuery } from '../../../api/logs.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { reportPath } from '../../report/reportView.ts';
import { LogFilterBar } from '../login-log/LogFilterBar.tsx';
import { LogTable } from '../login-log/LogTable.tsx';
import { useLogSearch } from '../login-log/logSearch.ts';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

const columns: TableColumnsType<ReportViewLogItem> = [
  { title: '查看人', key: 'clerk', width: 140, render: (_, r) => r.clerk_name ?? dash },
  {
    title: '报告（被查询人）',
    key: 'report',
    render: (_, r) => (r.report_id ? <Link to={reportPath({ id: r.report_id, level: r.level })}>{r.report_name || '查看报告'}</Link> : r.report_name || dash),
  },
  { title: '报告版本', dataIndex: 'level', width: 100, render: (v: string) => reportLevelLabel[v as ReportLevel] ?? (v || dash) },
  { title: '查看时间', key: 'time', width: 170, render: (_, r) => formatDateTime(r.date_created) },
];

/**
 * ReportViewLogPage: the 报告查看 tab of the operation log (store admin only, PIPL), each time someone opened a
 * report's full identity data. The report page's 查看记录 links here with `report_id`, shown as a removable tag.
 */
export default function ReportViewLogPage() {
  const [query, setQuery] = useLogSearch<ReportViewLogQuery>(reportViewLogSchema);
  const log = useQuery(reportViewLogQuery(query));
  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">每次查看报告的完整身份信息（身份证号、手机号）都会记录在这里。</Typography.Text>
      <LogFilterBar query={query} onChange={setQuery} statusOptions={[]} showStatus={false} />
      {query.report_id && (
        <Flex align="center" gap={4} wrap>
          <Tag>仅显示一份报告的查看记录{log.data?.list[0]?.report_name ? `：${log.data.list[0].report_name}` : ''}</Tag>
          <Button type="link" size="small" onClick={() => setQuery({ ...query, report_id: undefined, page_num: 0 })}>
            显示全部报告
          </Button>
        </Flex>
      )}
      <LogTable
        columns={columns}
        data={log.data}
        loading={log.isFetching}
        emptyText="暂无报告查看记录"
        query={query}
        onQueryChange={setQuery}
        label="报告查看记录"
      />
    </Flex>
  );
}

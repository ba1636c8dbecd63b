import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Spin } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { Link } from 'react-router';
import { reportViewLogQuery } from '../../../api/logs.ts';
import { Panel } from '../../../components/Panel.tsx';
import { formatDateTime } from '../../../lib/time.ts';

/** RECENT is how many views the panel lists; the log tab holds the rest. */
const RECENT = 5;

/** reportViewsPath is the operation log's 报告查看 tab filtered to one report. */
export const reportViewsPath = (reportId: string) => `/console/security/operation-log/report-view?report_id=${reportId}`;

/**
 * ReportViewsPanel (admin only, PIPL) says who opened this report's full id number and phone, and when.
 * It loads after the report, so the view that just opened the page is in the list.
 */
export function ReportViewsPanel({ reportId }: { reportId: string }) {
  const views = useQuery(reportViewLogQuery({ report_id: reportId, page_num: 0, page_size: RECENT }));
  const total = views.data?.total ?? 0;
  const rows = views.data?.list ?? [];
  return (
    <Panel
      title="查看记录"
      extra={
        total > 0 && (
          <Link to={reportViewsPath(reportId)}>
            <Button type="link" size="small" style={{ paddingInline: 0 }}>
              {total > RECENT ? `全部 ${total} 条` : '在操作日志中查看'}
            </Button>
          </Link>
        )
      }
    >
      <Spin spinning={views.isPending}>
        {rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={views.isError ? '查看记录加载失败' : '暂无查看记录'} />
        ) : (
          <Flex vertical role="list" aria-label="查看记录" style={{ marginBottom: 8 }}>
            {rows.map((v) => (
              <Flex
                key={v.id}
                role="listitem"
                justify="space-between"
                gap={12}
                wrap
                style={{ padding: '6px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
              >
                <Typography.Text>{v.clerk_name ?? '已删除的店员'}</Typography.Text>
                <Typography.Text type="secondary">{formatDateTime(v.date_created)}</Typography.Text>
              </Flex>
            ))}
          </Flex>
        )}
      </Spin>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        仅管理员可见：每次打开本报告的完整身份证号和手机号都会记录查看人和时间。
      </Typography.Text>
    </Panel>
  );
}

import type { ReportOverview } from '@lease/shared';
import { Alert, Descriptions, Skeleton, Tag } from 'antd';
import { Panel } from '../../components/Panel.tsx';

/** ReportPanel says plainly that reports are not built yet; the only figure is the store's real balance. */
export function ReportPanel({ data, loading }: { data: ReportOverview | undefined; loading: boolean }) {
  return (
    <Panel title="报告概况" extra={<Tag>暂未开放</Tag>} style={{ height: '100%' }}>
      {loading || !data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <>
          <Alert type="info" showIcon title="报告功能尚未上线" description="暂无报告数据可以统计，上线后这里会显示报告数量和查询情况。" style={{ marginBottom: 16 }} />
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'left', label: '风控查询剩余次数', children: Math.max(0, data.rcs_count - data.used_rcs_count) },
              { key: 'used', label: '已使用 / 总次数', children: `${data.used_rcs_count} / ${data.rcs_count}` },
            ]}
          />
        </>
      )}
    </Panel>
  );
}

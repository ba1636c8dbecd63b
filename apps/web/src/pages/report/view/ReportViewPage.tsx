import { ArrowLeftOutlined } from '@ant-design/icons';
import { reportLevelLabel, riskLevelLabel, type ReportDetail } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Result, Space } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { lazy } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../api/index.ts';
import { reportPreviewQuery } from '../../../api/report.ts';
import { useUser } from '../../../auth/useUser.ts';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { formatDateTime } from '../../../lib/time.ts';
import { isAdmin } from '../../../router/guard.ts';
import { LevelTag, RiskTag, SandboxTag, StatusTag } from '../components/ReportTags.tsx';
import { RefreshReportButton } from '../components/RefreshReportButton.tsx';
import { yuan } from '../reportView.ts';
import { ChartSlot, ReportSectionList } from './ReportSections.tsx';
import { ReportViewsPanel } from './ReportViewsPanel.tsx';

const ScoreGauge = lazy(() => import('./charts/ReportCharts.tsx').then((m) => ({ default: m.ScoreGauge })));

const listPath = (level: string) => `/console/report/${level}`;
const devicePath = (d: ReportDetail['linked_devices'][number]) => `/console/device/${d.platform}/${d.id}`;

function Summary({ r }: { r: ReportDetail }) {
  const risk = r.sections?.risk;
  if (!risk) return null;
  return (
    <Panel title="风险结论">
      <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))', alignItems: 'center' }}>
        <ChartSlot>
          <ScoreGauge score={risk.score} />
        </ChartSlot>
        <Flex vertical gap={12}>
          <Space align="center" size={12}>
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="report-risk">
              {riskLevelLabel[risk.level]}
            </Typography.Title>
            <RiskTag level={risk.level} score={risk.score} />
          </Space>
          <Typography.Text type="secondary">风险分 0-100，分数越高风险越大：40 分以下低风险，70 分及以上高风险。</Typography.Text>
          {risk.factors.length ? (
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {risk.factors.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          ) : (
            <Typography.Text type="success">未发现明显风险因素</Typography.Text>
          )}
        </Flex>
      </div>
    </Panel>
  );
}

/** ReportViewPage reads one report like a credit report: who and when, the conclusion with its score, then each section. */
export default function ReportViewPage() {
  const { id = '' } = useParams();
  const admin = isAdmin(useUser());
  const report = useQuery({ ...reportPreviewQuery(id), refetchInterval: (q) => (q.state.data?.status === 'pending' ? 3000 : false) });

  if (report.isPending) return <PageLoading />;
  if (report.isError) {
    const missing = isApiError(report.error) && report.error.status === 404;
    return (
      <Panel>
        <Result
          status={missing ? '404' : 'warning'}
          title={missing ? '报告不存在' : '报告加载失败'}
          subTitle={missing ? '报告可能已超过保留期限被删除。' : undefined}
          extra={!missing && <Button onClick={() => void report.refetch()}>重试</Button>}
        />
      </Panel>
    );
  }
  const r = report.data;

  return (
    <Flex vertical gap={16}>
      <Panel>
        <Flex justify="space-between" align="center" gap={16} wrap>
          <Flex vertical gap={6}>
            <Link to={listPath(r.level)}>
              <Button type="link" icon={<ArrowLeftOutlined />} style={{ paddingInline: 0 }}>
                返回报告列表
              </Button>
            </Link>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {r.name} 的{reportLevelLabel[r.level]}信用报告
            </Typography.Title>
            <Space size={4} wrap>
              <LevelTag level={r.level} />
              <StatusTag status={r.status} />
              {r.sandbox && <SandboxTag />}
              <Typography.Text type="secondary">生成于 {formatDateTime(r.date_updated)}</Typography.Text>
            </Space>
          </Flex>
          <RefreshReportButton report={r} type="default" size="middle" />
        </Flex>
      </Panel>

      {r.sandbox && <Alert type="warning" showIcon title="本报告由离线沙箱生成（沙箱数据），内容为合成数据，不代表此人的真实信用情况。" />}
      {r.status === 'failed' && (
        <Alert type="error" showIcon title={`查询失败：${r.failure_reason ?? '数据源无结果'}`} description="本次费用已退回门店余额，可稍后刷新重新查询。" />
      )}
      {r.status === 'pending' && <Alert type="info" showIcon title="数据源查询中，完成后自动显示。" />}

      <Summary r={r} />

      <Panel title="基本信息">
        <Descriptions
          column={{ xs: 1, sm: 2, lg: 3 }}
          size="small"
          items={[
            { key: 'name', label: '姓名', children: r.name },
            { key: 'id', label: '身份证号', children: <Typography.Text copyable>{r.id_card}</Typography.Text> },
            { key: 'phone', label: '手机号', children: r.phone_number },
            { key: 'clerk', label: '查询人', children: r.clerk_name },
            { key: 'created', label: '首次查询', children: formatDateTime(r.date_created) },
            { key: 'price', label: '费用', children: yuan(r.price_fen) },
            {
              key: 'auth',
              label: '查询授权',
              children: `${r.authorisation.confirmed_by} 于 ${formatDateTime(r.authorisation.confirmed_at)} 确认已取得本人授权`,
              span: 'filled',
            },
            {
              key: 'devices',
              label: '关联设备',
              span: 'filled',
              children: r.linked_devices.length ? (
                <Space wrap>
                  {r.linked_devices.map((d) => (
                    <Link key={d.id} to={devicePath(d)}>
                      {d.name}
                    </Link>
                  ))}
                </Space>
              ) : (
                '无（门店设备中没有此手机号的租机人）'
              ),
            },
          ]}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          完整身份证号和手机号仅在此页显示，每次查看都会记入操作日志。
        </Typography.Text>
      </Panel>

      {r.sections && <ReportSectionList sections={r.sections} />}

      {admin && <ReportViewsPanel reportId={r.id} />}
    </Flex>
  );
}

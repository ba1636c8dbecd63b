import type { ReportOverview } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Flex, Skeleton, Tag, theme } from 'antd';
import { Link } from 'react-router';
import { riskAlertsQuery } from '../../api/report.ts';
import { Panel } from '../../components/Panel.tsx';
import { formatDateTime } from '../../lib/time.ts';
import { yuan } from '../report/reportView.ts';

const rcsText = (d: ReportOverview) => `${d.rcs_left} / ${d.rcs_count} 次`;

/** reportItems are the home's report figures; a clerk without the report permission sees none (the server sends none). */
export function reportItems(d: ReportOverview) {
  if (!d.available) return [];
  const rcs = { key: 'rcs', label: '风控查询剩余', children: rcsText(d) };
  return [
    { key: 'month', label: '本月报告', children: `${d.month.total} 份（基础版 ${d.month.basic} · 进阶版 ${d.month.advanced}）` },
    { key: 'failed', label: '本月查询失败', children: `${d.month.failed} 份` },
    { key: 'balance', label: '报告余额', children: yuan(d.balance_fen) },
    rcs,
    { key: 'abnormal', label: '近 30 天异常退款', children: `${d.abnormal_count} 笔` },
    ...(d.risk_watch
      ? [
          {
            key: 'watch',
            label: '在租风险复查',
            children: `${d.risk_watch.watched_hirers} 位租机人 · 近 7 天新增预警 ${d.risk_watch.new_alerts_7d} 条`,
          },
        ]
      : []),
  ];
}

/** RiskAlerts lists the early-access watch's latest finds: leased hirers who newly appear on a blacklist. */
function RiskAlerts() {
  const alerts = useQuery(riskAlertsQuery);
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginTop: 8 }}
      title="有在租租机人新近命中黑名单，请留意。"
      description={
        <Flex vertical gap={4}>
          {alerts.data?.list.map((a) => (
            <span key={a.id}>
              <Link to={`/console/device/${a.platform}/${a.device_id}`}>{a.device_name}</Link> · {a.hirer_name}（{a.hirer_phone_number}）：{a.reason}
              {a.sandbox ? '（沙箱数据）' : ''} · {formatDateTime(a.date_created)}
            </span>
          ))}
        </Flex>
      }
    />
  );
}

/** ReportPanel: the store's report figures this month, its balance and RCS counts (sandbox results marked). */
export function ReportPanel({ data, loading }: { data: ReportOverview | undefined; loading: boolean }) {
  const { token } = theme.useToken();
  return (
    <Panel title="报告概况" extra={data?.sandbox && <Tag color="purple">沙箱数据</Tag>} style={{ height: '100%' }}>
      {loading || !data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <>
          {data.available && <Descriptions column={1} size="small" items={reportItems(data)} />}
          {/* A plain span, not Typography.Text: antd's Typography brings its editor (Input, TextArea), 30 KB for the home. */}
          {!data.available && <span style={{ color: token.colorTextSecondary }}>你没有查看报告的权限，报告数量、余额和风控查询次数不显示。</span>}
          {data.available && data.risk_watch?.new_alerts_7d ? <RiskAlerts /> : null}
          {data.available && (
            <div style={{ marginTop: 8 }}>
              <Link to="/console/report/rcs">前往风控查询</Link>
            </div>
          )}
        </>
      )}
    </Panel>
  );
}

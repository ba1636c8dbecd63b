import type { FleetHealth } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Empty, Flex, List, Row, Statistic, Tag } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { FLEET_HEALTH_REFRESH_MS, opsHealthQuery } from '../../../api/ops-push-cert.ts';
import { Panel } from '../../../components/Panel.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { LazyChart } from '../../home/charts/LazyChart.tsx';
import { withChinaTime } from '../../../lib/chinaTime.ts';
import { dateOf } from '../push-cert/pushCertFormat.ts';
import { bytesText, commandsChartOption, pushReasonLabel, storesChartOption } from './fleetHealthFormat.ts';

function Warnings({ h }: { h: FleetHealth }) {
  const items: { key: string; type: 'error' | 'warning'; text: React.ReactNode }[] = [];
  if (h.push_certificate.warning) {
    items.push({
      key: 'push',
      type: (h.push_certificate.days_left ?? 0) < 0 ? 'error' : 'warning',
      text: (
        <>
          {h.push_certificate.warning} <Link to="/ops/push-cert">去续期</Link>
        </>
      ),
    });
  } else if (h.push_certificate.source === 'none') {
    items.push({
      key: 'push-none',
      type: 'warning',
      text: (
        <>
          尚未配置 MDM 推送证书，Apple 设备无法被及时唤醒。<Link to="/ops/push-cert">去配置</Link>
        </>
      ),
    });
  }
  for (const t of h.abm_tokens) {
    items.push({
      key: `abm-${t.store_id}`,
      type: t.days_left < 0 ? 'error' : 'warning',
      text: `门店「${t.store_name}」的 ABM 服务器令牌${t.days_left < 0 ? `已过期 ${-t.days_left} 天` : `将在 ${t.days_left} 天后过期`}。`,
    });
  }
  if (h.identities.overdue > 0)
    items.push({ key: 'id-overdue', type: 'error', text: `${h.identities.overdue} 台Apple 设备的身份证书已过期，已无法再被管理，需重新接入。` });
  if (!items.length) return null;
  return (
    <Flex vertical gap={8} data-testid="fleet-warnings">
      {items.map((i) => (
        <Alert key={i.key} type={i.type} showIcon message={i.text} />
      ))}
    </Flex>
  );
}

/** FleetHealthCard: the whole platform's health on the operator home; it refreshes itself every minute. */
export default function FleetHealthCard() {
  const { data: h, isLoading, dataUpdatedAt } = useQuery(opsHealthQuery);
  const stores = useMemo(() => (h ? storesChartOption(h) : null), [h]);
  const commands = useMemo(() => (h ? commandsChartOption(h) : null), [h]);
  if (isLoading || !h) return <PageLoading />;
  const c = h.commands_24h;
  const commandTotal = c.queued + c.sent + c.acknowledged + c.failed + c.expired;
  return (
    <Panel
      title="设备群健康"
      extra={
        <Typography.Text type="secondary">
          每 {FLEET_HEALTH_REFRESH_MS / 60_000} 分钟自动刷新 · {withChinaTime(dateOf(new Date(dataUpdatedAt).toISOString()))}
        </Typography.Text>
      }
    >
      <Flex vertical gap={16}>
        <Warnings h={h} />
        <Row gutter={[16, 16]}>
          <Col xs={12} md={6}>
            <Statistic title="Apple 设备" value={h.devices.apple} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="Android 设备" value={h.devices.android} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="门店" value={h.devices.stores} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={`数据库（${h.database.kind === 'pglite' ? '内置' : 'PostgreSQL'}）`} value={bytesText(h.database.bytes)} />
          </Col>
        </Row>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={14}>
            <Typography.Title level={5}>设备最多的门店</Typography.Title>
            {h.devices.by_store.length && stores ? (
              <LazyChart option={stores} height={Math.max(140, 40 + h.devices.by_store.length * 30)} label="设备最多的门店的 Apple 和 Android 设备数" />
            ) : (
              <Empty description="暂无设备" />
            )}
          </Col>
          <Col xs={24} lg={10}>
            <Typography.Title level={5}>近 24 小时的Apple 指令（{commandTotal}）</Typography.Title>
            {commandTotal && commands ? (
              <LazyChart option={commands} height={220} label="近 24 小时Apple 指令的状态分布" />
            ) : (
              <Empty description="近 24 小时没有指令" />
            )}
          </Col>
        </Row>
        <Row gutter={[16, 16]}>
          <Col xs={24} md={8}>
            <Typography.Title level={5}>推送失败</Typography.Title>
            {h.push_failures.length ? (
              <List
                size="small"
                dataSource={h.push_failures}
                renderItem={(f) => (
                  <List.Item>
                    <span>
                      {pushReasonLabel(f.reason)} {f.dead && <Tag color="red">不再推送</Tag>}
                    </span>
                    <span>{f.devices} 台</span>
                  </List.Item>
                )}
              />
            ) : (
              <Typography.Text type="success">没有推送失败的设备</Typography.Text>
            )}
          </Col>
          <Col xs={24} md={8}>
            <Typography.Title level={5}>Webhook 推送</Typography.Title>
            <Row gutter={8}>
              <Col span={12}>
                <Statistic title="待发送" value={h.webhooks.pending} />
              </Col>
              <Col span={12}>
                <Statistic title="24 小时内失败" value={h.webhooks.failed_24h} />
              </Col>
            </Row>
            {h.webhooks.oldest_pending_at && <Typography.Text type="secondary">最早一条待发送：{dateOf(h.webhooks.oldest_pending_at)}</Typography.Text>}
            {h.webhooks.failing_receivers.map((r) => (
              <div key={r.store_id} style={{ marginTop: 4 }}>
                <Tag color="orange">{r.store_name}</Tag>失败 {r.failed} 次
                {r.last_status_code ? `（HTTP ${r.last_status_code}）` : r.last_error ? `（${r.last_error.slice(0, 40)}）` : ''}
              </div>
            ))}
          </Col>
          <Col xs={24} md={8}>
            <Typography.Title level={5}>设备身份证书</Typography.Title>
            <Row gutter={8}>
              <Col span={8}>
                <Statistic title={`${h.identities.window_days} 天内到期`} value={h.identities.due} />
              </Col>
              <Col span={8}>
                <Statistic title="续期未响应" value={h.identities.unanswered} valueStyle={h.identities.unanswered ? { color: '#fa8c16' } : undefined} />
              </Col>
              <Col span={8}>
                <Statistic title="已过期" value={h.identities.overdue} valueStyle={h.identities.overdue ? { color: '#ff4d4f' } : undefined} />
              </Col>
            </Row>
          </Col>
        </Row>
      </Flex>
    </Panel>
  );
}

import type { FleetHealth } from '@lease/shared';

/** bytesText: a database size the operator can read (MB under a GB, else GB). */
export function bytesText(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}

/** pushReasonLabel names APNs' reasons in Chinese; unknown ones are shown as Apple wrote them. */
const PUSH_REASONS: Record<string, string> = {
  BadDeviceToken: '设备令牌无效',
  Unregistered: '设备已注销推送（令牌失效）',
  DeviceTokenNotForTopic: '令牌与推送主题不符',
  TopicDisallowed: '推送主题不被允许',
  NotConfigured: '未配置推送证书',
  ServiceUnavailable: 'APNs 暂不可用',
  InternalServerError: 'APNs 内部错误',
  TooManyRequests: '推送过于频繁',
  Timeout: '推送超时',
  ExpiredProviderToken: '推送凭据已过期',
  BadCertificate: '推送证书无效',
  BadCertificateEnvironment: '推送证书环境不符',
};
export const pushReasonLabel = (reason: string) => PUSH_REASONS[reason] ?? reason;

/** storesChart: phones per store, Apple and Android stacked, busiest store on top. */
export function storesChartOption(h: FleetHealth) {
  const rows = [...h.devices.by_store].reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { data: ['Apple', 'Android'], top: 0 },
    grid: { left: 8, right: 16, top: 28, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: rows.map((r) => (r.store_name.length > 8 ? `${r.store_name.slice(0, 8)}…` : r.store_name)) },
    series: [
      { name: 'Apple', type: 'bar', stack: 'n', data: rows.map((r) => r.apple), itemStyle: { color: '#1677ff' } },
      { name: 'Android', type: 'bar', stack: 'n', data: rows.map((r) => r.android), itemStyle: { color: '#52c41a' } },
    ],
  };
}

/** commandsChart: the last day's commands by where they stand now. */
export function commandsChartOption(h: FleetHealth) {
  const c = h.commands_24h;
  const data = [
    { name: '排队中', value: c.queued, itemStyle: { color: '#faad14' } },
    { name: '已下发', value: c.sent, itemStyle: { color: '#1677ff' } },
    { name: '已完成', value: c.acknowledged, itemStyle: { color: '#52c41a' } },
    { name: '执行失败', value: c.failed, itemStyle: { color: '#ff4d4f' } },
    { name: '已过期', value: c.expired, itemStyle: { color: '#8c8c8c' } },
  ];
  return {
    tooltip: { trigger: 'item' },
    legend: { bottom: 0 },
    series: [{ type: 'pie', radius: ['40%', '65%'], center: ['50%', '42%'], label: { formatter: '{b} {c}' }, data: data.filter((d) => d.value > 0) }],
  };
}

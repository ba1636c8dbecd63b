import { OFFLINE_BUCKETS, offlineBucketLabel, type DeviceOverview, type HomeClerkItem, type PlatformOverview } from '@lease/shared';

/** Chart colours from antd's palette, so the charts sit with the console's tags and buttons. */
export const COLORS = { blue: '#1677ff', green: '#52c41a', orange: '#fa8c16', red: '#f5222d', grey: '#bfbfbf', purple: '#722ed1', cyan: '#13c2c2' };

const PLATFORMS = [
  { key: 'ios', name: 'Apple' },
  { key: 'android', name: 'Android' },
] as const;

const boughtPlatforms = (o: DeviceOverview) => PLATFORMS.flatMap(({ key, name }) => (o[key] ? [{ name, p: o[key] as PlatformOverview }] : []));

const tooltipAxis = { trigger: 'axis', axisPointer: { type: 'shadow' } } as const;
const legendTop = { top: 0, icon: 'circle', itemWidth: 8, itemHeight: 8 } as const;
const grid = { left: 8, right: 16, top: 36, bottom: 8, containLabel: true } as const;
/** A chart box at most this wide (px) is a phone's: labels that fit side by side on a desktop stand at an angle. */
export const NARROW_CHART = 480;

/** statusOption: devices by platform and enrolment status, set-aside ones as their own segment. */
export function statusOption(o: DeviceOverview) {
  const rows = boughtPlatforms(o);
  const series = [
    { name: '已接入', color: COLORS.green, of: (p: PlatformOverview) => p.enrolled },
    { name: '待激活', color: COLORS.blue, of: (p: PlatformOverview) => p.pending },
    { name: '已脱离管理', color: COLORS.orange, of: (p: PlatformOverview) => p.released },
    { name: '回收站/已归档', color: COLORS.grey, of: (p: PlatformOverview) => p.set_aside },
  ];
  return {
    tooltip: tooltipAxis,
    legend: legendTop,
    grid,
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: rows.map((r) => r.name) },
    series: series.map((s) => ({ type: 'bar', stack: 'status', name: s.name, color: s.color, barMaxWidth: 28, data: rows.map((r) => s.of(r.p)) })),
  };
}

/** slice is one ring segment; a zero has no label (zero segments' labels would pile up on one point), the legend still names it. */
const slice = (name: string, value: number, color: string) => ({
  name,
  value,
  itemStyle: { color },
  label: { show: value > 0 },
  labelLine: { show: value > 0 },
});

/** lockOption: locked against unlocked (and in between) over both platforms, as a ring. */
export function lockOption(o: DeviceOverview) {
  const rows = boughtPlatforms(o);
  const sum = (f: (p: PlatformOverview) => number) => rows.reduce((n, r) => n + f(r.p), 0);
  return {
    tooltip: { trigger: 'item', formatter: '{b}：{c} 台（{d}%）' },
    // Legend on top as in the other charts: below, a lone slice's label (all phones unlocked) hung into it.
    legend: legendTop,
    series: [
      {
        type: 'pie',
        name: '锁定状态',
        radius: ['40%', '62%'],
        center: ['50%', '55%'],
        label: { formatter: '{b}\n{c}' },
        data: [
          slice(
            '已锁定',
            sum((p) => p.locked),
            COLORS.red,
          ),
          slice(
            '未锁定',
            sum((p) => p.unlocked),
            COLORS.green,
          ),
          slice(
            '锁定/解锁中',
            sum((p) => p.lock_changing),
            COLORS.orange,
          ),
        ],
      },
    ],
  };
}

/** activityOption: devices in service by time since last seen, at the spec's offline durations. */
export function activityOption(o: DeviceOverview) {
  const rows = boughtPlatforms(o);
  return {
    baseOption: {
      tooltip: tooltipAxis,
      legend: legendTop,
      grid,
      xAxis: {
        type: 'category',
        data: OFFLINE_BUCKETS.map((b) => offlineBucketLabel[b].replace('离线', '').replace('超过', '>').trim()),
        axisLabel: { interval: 0, fontSize: 11 },
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: rows.map((r, i) => ({
        type: 'bar',
        stack: 'activity',
        name: r.name,
        color: i === 0 ? COLORS.blue : COLORS.cyan,
        barMaxWidth: 32,
        data: OFFLINE_BUCKETS.map((b) => r.p.activity[b]),
      })),
    },
    // On a phone the chart is ~330 px wide: the seven bucket names side by side ran into each other.
    media: [{ query: { maxWidth: NARROW_CHART }, option: { xAxis: { axisLabel: { rotate: 40 } } } }],
  };
}

/** enrolmentOption: devices registered per day, last 30 days, one line per platform. */
export function enrolmentOption(o: DeviceOverview) {
  const rows = boughtPlatforms(o);
  return {
    tooltip: { trigger: 'axis' },
    legend: legendTop,
    grid,
    xAxis: { type: 'category', boundaryGap: false, data: o.enrolments.map((d) => d.date.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: rows.map((r, i) => ({
      type: 'line',
      name: r.name,
      showSymbol: false,
      color: i === 0 ? COLORS.blue : COLORS.cyan,
      areaStyle: { opacity: 0.08 },
      data: o.enrolments.map((d) => (r.name === 'Apple' ? d.ios : d.android)),
    })),
  };
}

/**
 * clerkQuotaOption: each clerk's devices and quota. A limited clerk's bar is their quota (used + left);
 * an unlimited clerk has no quota bar, and the tooltip says 不限额.
 */
export function clerkQuotaOption(clerks: HomeClerkItem[]) {
  const names = clerks.map((c) => (c.disabled ? `${c.name}（已停用）` : c.name));
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: { dataIndex: number }[]) => {
        const c = clerks[params[0]?.dataIndex ?? 0];
        if (!c) return '';
        const quota = c.quota_limit ? `已用额度 ${c.used_quota} / ${c.total_quota}` : `已用额度 ${c.used_quota}（不限额）`;
        return `${names[params[0].dataIndex]}<br/>名下设备 ${c.device_count} 台<br/>${quota}`;
      },
    },
    legend: legendTop,
    grid,
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: names, inverse: true },
    series: [
      { type: 'bar', name: '名下设备', color: COLORS.blue, barMaxWidth: 14, data: clerks.map((c) => c.device_count) },
      { type: 'bar', name: '已用额度', stack: 'quota', color: COLORS.purple, barMaxWidth: 14, data: clerks.map((c) => c.used_quota) },
      {
        type: 'bar',
        name: '剩余额度',
        stack: 'quota',
        color: '#d3adf7',
        barMaxWidth: 14,
        data: clerks.map((c) => (c.quota_limit ? Math.max(0, c.total_quota - c.used_quota) : null)),
      },
    ],
  };
}

/** leaseWeeklyOption: payments collected per week (Monday start), as columns in 元; the tooltip says the exact sum. */
export function leaseWeeklyOption(weeks: { week_start: string; amount_fen: number }[], money: (fen: number) => string) {
  return {
    tooltip: {
      ...tooltipAxis,
      formatter: (params: { dataIndex: number }[]) => {
        const w = weeks[params[0]?.dataIndex ?? 0];
        return w ? `${w.week_start} 起一周<br/>已收 ${money(w.amount_fen)}` : '';
      },
    },
    grid: { ...grid, top: 16 },
    xAxis: { type: 'category', data: weeks.map((w) => w.week_start.slice(5)), axisLabel: { fontSize: 11 } },
    yAxis: { type: 'value', name: '元', nameTextStyle: { align: 'right' } },
    series: [{ type: 'bar', name: '已收', color: COLORS.green, barMaxWidth: 28, data: weeks.map((w) => w.amount_fen / 100) }],
  };
}

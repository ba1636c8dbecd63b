import type { DeviceOverview, PlatformOverview } from '@lease/shared';
import { describe, expect, it } from 'vitest';
import { activityOption, clerkQuotaOption, enrolmentOption, lockOption, NARROW_CHART, statusOption } from './charts/chartOptions.ts';
import { countsOwnOnly, isEmptyStore, statCards } from './homeFigures.ts';

const platform = (over: Partial<PlatformOverview> = {}): PlatformOverview => ({
  scope: 'store',
  total: 0,
  enrolled: 0,
  pending: 0,
  released: 0,
  locked: 0,
  unlocked: 0,
  lock_changing: 0,
  activity: { online: 0, h3: 0, h6: 0, h12: 0, h24: 0, h73: 0, never: 0 },
  offline_over_24h: 0,
  set_aside: 0,
  ...over,
});
const overview = (ios: PlatformOverview | null, android: PlatformOverview | null): DeviceOverview => ({
  ios,
  android,
  enrolments: [
    { date: '2026-03-01', ios: 2, android: 0 },
    { date: '2026-03-02', ios: 0, android: 1 },
  ],
  generated_at: '2026-03-02T00:00:00.000Z',
});

describe('home figures', () => {
  const ios = platform({
    total: 10,
    enrolled: 8,
    pending: 2,
    locked: 3,
    lock_changing: 1,
    activity: { online: 6, h3: 1, h6: 0, h12: 0, h24: 1, h73: 1, never: 1 },
    offline_over_24h: 3,
  });
  const android = platform({
    total: 4,
    enrolled: 4,
    locked: 1,
    activity: { online: 2, h3: 0, h6: 0, h12: 0, h24: 2, h73: 0, never: 0 },
    offline_over_24h: 2,
    scope: 'own',
  });

  it('adds the headline figures over the bought platforms and links to the filtered list', () => {
    const cards = Object.fromEntries(statCards(overview(ios, android)).map((c) => [c.key, c]));
    expect(cards.ios).toMatchObject({ value: 10, hint: '已接入 8 · 待激活 2', to: '/console/device/ios/list' });
    expect(cards.android.value).toBe(4);
    expect(cards.locked).toMatchObject({ value: 4, hint: '锁定/解锁进行中 1' });
    expect(cards.online).toMatchObject({ value: 8, hint: '占在管设备 57%' });
    expect(cards.offline).toMatchObject({ value: 5, hint: '待激活 2 台不计入', to: '/console/device/ios/list?offline_duration=24', tone: 'danger' });
  });

  it('counts phones that were never enrolled as 待激活, not as offline (and raises no alarm)', () => {
    // The server leaves never-enrolled phones out of offline_over_24h (home-figures.ts).
    const fresh = platform({ total: 2, pending: 2, activity: { online: 0, h3: 0, h6: 0, h12: 0, h24: 0, h73: 0, never: 2 }, offline_over_24h: 0 });
    const cards = Object.fromEntries(statCards(overview(fresh, null)).map((c) => [c.key, c]));
    expect(cards.offline).toMatchObject({ value: 0, hint: '待激活 2 台不计入' });
    expect(cards.offline.tone).toBeUndefined();
    expect(cards.ios).toMatchObject({ hint: '已接入 0 · 待激活 2' });
  });

  it('says a platform is not bought instead of showing 0', () => {
    const cards = statCards(overview(ios, null));
    expect(cards.find((c) => c.key === 'android')).toMatchObject({ value: null, hint: '门店未开通此模块' });
    expect(cards.find((c) => c.key === 'online')?.value).toBe(6);
  });

  it('tells an empty store (guide to enrol) from one whose devices are all set aside', () => {
    expect(isEmptyStore(overview(platform(), platform()))).toBe(true);
    expect(isEmptyStore(overview(platform(), null))).toBe(true);
    expect(isEmptyStore(overview(platform({ set_aside: 1 }), null))).toBe(false);
    expect(isEmptyStore(overview(ios, null))).toBe(false);
  });

  it("notices figures limited to the clerk's own devices", () => {
    expect(countsOwnOnly(overview(ios, android))).toBe(true);
    expect(countsOwnOnly(overview(ios, null))).toBe(false);
  });
});

describe('chart options', () => {
  const o = overview(
    platform({
      total: 5,
      enrolled: 3,
      pending: 2,
      locked: 2,
      unlocked: 3,
      set_aside: 1,
      activity: { online: 3, h3: 0, h6: 0, h12: 0, h24: 1, h73: 0, never: 1 },
    }),
    platform({ total: 1, enrolled: 1, unlocked: 1, activity: { online: 0, h3: 0, h6: 0, h12: 0, h24: 0, h73: 1, never: 0 } }),
  );

  it('puts each bought platform in the status and activity charts', () => {
    const status = statusOption(o);
    expect(status.yAxis.data).toEqual(['Apple', 'Android']);
    expect(status.series.map((s) => [s.name, s.data])).toEqual([
      ['已接入', [3, 1]],
      ['待激活', [2, 0]],
      ['已脱离管理', [0, 0]],
      ['回收站/已归档', [1, 0]],
    ]);
    const activity = activityOption(o);
    expect(activity.baseOption.xAxis.data).toHaveLength(7);
    // A phone-wide chart turns the seven bucket names so they do not run into each other.
    expect(activity.media).toEqual([{ query: { maxWidth: NARROW_CHART }, option: { xAxis: { axisLabel: { rotate: 40 } } } }]);
    expect(activity.baseOption.series.map((s) => s.data)).toEqual([
      [3, 0, 0, 0, 1, 0, 1],
      [0, 0, 0, 0, 0, 1, 0],
    ]);
    expect(statusOption(overview(null, platform({ total: 1 }))).yAxis.data).toEqual(['Android']);
  });

  it('sums lock states over platforms and plots enrolments per day', () => {
    expect(lockOption(o).series[0].data.map((d) => [d.name, d.value])).toEqual([
      ['已锁定', 2],
      ['未锁定', 4],
      ['锁定/解锁中', 0],
    ]);
    // Zero segments carry no label, so their labels do not pile up on one point of the ring.
    expect(lockOption(o).series[0].data.map((d) => [d.label.show, d.labelLine.show])).toEqual([
      [true, true],
      [true, true],
      [false, false],
    ]);
    const enrol = enrolmentOption(o);
    expect(enrol.xAxis.data).toEqual(['03-01', '03-02']);
    expect(enrol.series.map((s) => s.data)).toEqual([
      [2, 0],
      [0, 1],
    ]);
  });

  it('draws a quota bar only for limited clerks and explains it in the tooltip', () => {
    const clerks = [
      { id: 'a', name: '小王', disabled: false, quota_limit: true, total_quota: 10, used_quota: 4, device_count: 3 },
      { id: 'b', name: '小李', disabled: true, quota_limit: false, total_quota: 0, used_quota: 7, device_count: 7 },
    ];
    const option = clerkQuotaOption(clerks);
    expect(option.yAxis.data).toEqual(['小王', '小李（已停用）']);
    expect(option.series[2].data).toEqual([6, null]);
    expect(option.tooltip.formatter([{ dataIndex: 1 }])).toBe('小李（已停用）<br/>名下设备 7 台<br/>已用额度 7（不限额）');
    expect(option.tooltip.formatter([{ dataIndex: 0 }])).toContain('已用额度 4 / 10');
  });
});

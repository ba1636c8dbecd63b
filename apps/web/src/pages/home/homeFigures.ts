import type { DeviceOverview, PlatformOverview } from '@lease/shared';

type Platforms = Pick<DeviceOverview, 'ios' | 'android'>;
const bought = (o: Platforms): PlatformOverview[] => [o.ios, o.android].filter((p): p is PlatformOverview => p !== null);

/** sumOf adds one figure over the platforms the store has bought. */
export const sumOf = (o: Platforms, figure: (p: PlatformOverview) => number) => bought(o).reduce((n, p) => n + figure(p), 0);

/** isEmptyStore: no device on any platform, in service or set aside: the home guides to the first enrolment. */
export const isEmptyStore = (o: Platforms) => bought(o).every((p) => p.total === 0 && p.set_aside === 0);

/** countsOwnOnly: some figure counts only the clerk's own devices (no view-all on that platform). */
export const countsOwnOnly = (o: Platforms) => bought(o).some((p) => p.scope === 'own');

export interface StatCard {
  key: string;
  title: string;
  /** null: the platform is not bought, the card says so instead of showing 0. */
  value: number | null;
  hint: string;
  /** Where the card leads: the list it summarises, filtered the same way. */
  to?: string;
  tone?: 'danger' | 'warning';
}

const platformCard = (key: string, title: string, p: PlatformOverview | null, to: string): StatCard =>
  p ? { key, title, value: p.total, hint: `已接入 ${p.enrolled} · 待激活 ${p.pending}`, to } : { key, title, value: null, hint: '门店未开通此模块' };

/** statCards are the home's headline figures, over devices in service (not recycled or archived). */
export function statCards(o: Platforms): StatCard[] {
  const online = sumOf(o, (p) => p.activity.online);
  const total = sumOf(o, (p) => p.total);
  const offline = sumOf(o, (p) => p.offline_over_24h);
  const pending = sumOf(o, (p) => p.pending);
  return [
    platformCard('ios', 'Apple 设备', o.ios, '/console/device/ios/list'),
    platformCard('android', 'Android 设备', o.android, '/console/device/android/list'),
    { key: 'locked', title: '已锁定', value: sumOf(o, (p) => p.locked), hint: `锁定/解锁进行中 ${sumOf(o, (p) => p.lock_changing)}`, tone: 'warning' },
    { key: 'online', title: '在线（3 小时内）', value: online, hint: total ? `占在管设备 ${Math.round((online / total) * 100)}%` : '暂无在管设备' },
    {
      key: 'offline',
      title: '离线超过 24 小时',
      // Only phones that were under management and went silent; a registered phone no hirer has enrolled
      // yet is 待激活 (the platform cards' figure), however long ago it was registered.
      value: offline,
      hint: pending ? `待激活 ${pending} 台不计入` : '已接入设备中 24 小时未联系',
      to: o.ios ? '/console/device/ios/list?offline_duration=24' : undefined,
      tone: offline > 0 ? 'danger' : undefined,
    },
  ];
}

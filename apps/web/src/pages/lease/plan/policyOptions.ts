import { RELEASE_ON_PAYOFF, releaseOnPayoffLabel } from '@lease/shared';

/** remindDayLabel names a reminder day: 0 is the due day itself. */
export const remindDayLabel = (n: number) => (n === 0 ? '当天' : `提前 ${n} 天`);

export const REMIND_DAY_OPTIONS = Array.from({ length: 31 }, (_, n) => ({ value: n, label: remindDayLabel(n) }));

export const RELEASE_OPTIONS = RELEASE_ON_PAYOFF.map((r) => ({ value: r, label: releaseOnPayoffLabel[r] }));

export const HOUR_OPTIONS = Array.from({ length: 24 }, (_, h) => ({ value: h, label: `${String(h).padStart(2, '0')}:00` }));

/** What "auto" release means, said wherever it is chosen. */
export const AUTO_RELEASE_HINT =
  '选择“自动释放设备”时，租机人还清全部分期后，设备会被自动解除管理（Apple 结清释放、Android 解除监管），之后无法再远程锁定或定位。';

/**
 * Status numbers of spec §4, whose meanings the spec leaves open, defined once here with their
 * Chinese labels (DESIGN §5). Server rows and console tags both read these.
 */
export const EnrollmentStatus = { REGISTERED: 0, ENROLLED: 1, CHECKED_OUT: 2, RELEASED: 3 } as const;
export const enrollmentStatusLabel: Record<number, string> = { 0: '待激活', 1: '已接入', 2: '已脱离管理', 3: '已释放' };

export const LockStatus = { UNLOCKED: 0, LOCKING: 1, LOCKED: 2, UNLOCKING: 3, SCHEDULED: 4 } as const;
export const lockStatusLabel: Record<number, string> = { 0: '未锁定', 1: '锁定中', 2: '已锁定', 3: '解锁中', 4: '预约锁定' };

export const SuperviseStatus = { UNKNOWN: 0, SUPERVISED: 1, UNSUPERVISED: 2 } as const;
export const superviseStatusLabel: Record<number, string> = { 0: '未知', 1: '已监管', 2: '未监管' };

export const AbmStatus = { NONE: 0, ASSIGNED: 1, PUSHED: 2, REMOVED: 3 } as const;
export const abmStatusLabel: Record<number, string> = { 0: '未绑定 ABM', 1: '已分配', 2: '已推送', 3: '已解绑' };

export const ActivationLockStatus = { OFF: 0, ON: 1, TURNING_ON: 2, TURNING_OFF: 3 } as const;
export const activationLockStatusLabel: Record<number, string> = { 0: '未开启', 1: '已开启', 2: '开启中', 3: '关闭中' };

export const RecycledStatus = { ACTIVE: 0, RECYCLED: 1 } as const;
export const recycledStatusLabel: Record<number, string> = { 0: '正常', 1: '已在回收站' };

export const OsUpdateStatus = { IDLE: 0, DOWNLOADING: 1, DOWNLOADED: 2, INSTALLING: 3, FAILED: 4 } as const;
export const osUpdateStatusLabel: Record<number, string> = { 0: '无更新任务', 1: '下载中', 2: '已下载', 3: '安装中', 4: '更新失败' };

export const GlobalProxyStatus = { OFF: 0, ON: 1, PENDING: 2 } as const;
export const globalProxyStatusLabel: Record<number, string> = { 0: '未设置', 1: '已设置', 2: '设置中' };

export const DnsSettingStatus = { OFF: 0, ON: 1, PENDING: 2 } as const;
export const dnsSettingStatusLabel: Record<number, string> = { 0: '未设置', 1: '已设置', 2: '设置中' };

/** Offline-duration filter options of spec §5/§9, in hours. */
export const OFFLINE_DURATIONS = [3, 6, 12, 24, 73] as const;

/**
 * OFFLINE_LONG_HOURS is the one figure every text says for a long absence: 72 hours (3 days), the Android auto-lock
 * default. The spec's API value 73 means the same bucket, "more than 72 hours" (docs/glossary.md).
 */
export const OFFLINE_LONG_HOURS = 72;

/** offlineHoursText: the hours a text shows for an offline_duration value (73 reads as 超过 72 小时). */
export const offlineHoursText = (hours: number): number => (hours === 73 ? OFFLINE_LONG_HOURS : hours);

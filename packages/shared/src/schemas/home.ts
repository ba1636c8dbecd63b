/**
 * Response types of the console home (spec §7 Home: device-overview, supervise-overview, report-overview,
 * clerks). Every count is scoped to the caller's store, and to the caller's own devices on a platform
 * where they lack list:view-all (Aa3 Apple, Ea2 Android).
 */

/** OfflineBucket: how long since a phone last answered, cut at the spec's offline durations (3/6/12/24/73 h). */
export const OFFLINE_BUCKETS = ['online', 'h3', 'h6', 'h12', 'h24', 'h73', 'never'] as const;
export type OfflineBucket = (typeof OFFLINE_BUCKETS)[number];

export const offlineBucketLabel: Record<OfflineBucket, string> = {
  online: '3 小时内在线',
  h3: '离线 3-6 小时',
  h6: '离线 6-12 小时',
  h12: '离线 12-24 小时',
  h24: '离线 24-72 小时',
  h73: '离线超过 72 小时',
  never: '从未上线',
};

/** HomeScope says whose devices a platform's figures count: the whole store, or only the caller's. */
export type HomeScope = 'store' | 'own';

export interface PlatformOverview {
  scope: HomeScope;
  /** Devices in service: Apple not in the recycle bin, Android not archived. */
  total: number;
  /** EnrollmentStatus ENROLLED / REGISTERED (waiting for the phone) / checked out or released. */
  enrolled: number;
  pending: number;
  released: number;
  /** LockStatus LOCKED / UNLOCKED / in between (locking, unlocking, scheduled). */
  locked: number;
  unlocked: number;
  lock_changing: number;
  /** Devices in service by time since last_active_time; together they make up total. */
  activity: Record<OfflineBucket, number>;
  /** Enrolled (or released) devices offline more than 24 hours or never seen; never-enrolled devices are `pending`, not offline. */
  offline_over_24h: number;
  /** Apple devices in the recycle bin, Android devices archived. */
  set_aside: number;
}

export interface EnrolmentDay {
  /** A China-time calendar day, YYYY-MM-DD. */
  date: string;
  ios: number;
  android: number;
}

/** GET /api/home/device-overview. A platform the store has not bought is null. */
export interface DeviceOverview {
  ios: PlatformOverview | null;
  android: PlatformOverview | null;
  /** Devices registered per day over the last 30 days (oldest first, today last), set-aside ones included. */
  enrolments: EnrolmentDay[];
  generated_at: string;
}

/** GET /api/home/supervise-overview: supervision (Apple) and regulation (Android) of devices in service. */
export interface SuperviseOverview {
  ios: {
    scope: HomeScope;
    total: number;
    supervised: number;
    unsupervised: number;
    unknown: number;
    /** Assigned to or pushed by Apple Business Manager. */
    abm: number;
    activation_lock_on: number;
  } | null;
  android: {
    scope: HomeScope;
    total: number;
    regulated: number;
    /** Regulating or deregulating: waiting on the phone. */
    regulate_changing: number;
    unregulated: number;
  } | null;
}

/**
 * GET /api/home/report-overview: the store's report figures. Clerks without Ca1 (report list:page) get
 * `available: false` and only the RCS counts.
 */
export interface ReportOverview {
  available: boolean;
  /** Reports created this China-time calendar month, by level (failed ones included in total). */
  month: { basic: number; advanced: number; total: number; failed: number };
  rcs_count: number;
  used_rcs_count: number;
  rcs_left: number;
  balance_fen: number;
  /** Refunded failures of the last 30 days (the abnormal list). */
  abnormal_count: number;
  /** True when results come from the offline sandbox provider (沙箱数据). */
  sandbox: boolean;
  /** Early-access risk watch; null when the store lacks the early-access module. */
  risk_watch: { last_run_at: string | null; watched_hirers: number; new_alerts_7d: number } | null;
}

/** GET /api/home/clerks: quota use per clerk (all clerks for an admin, otherwise the caller alone). */
export interface HomeClerkItem {
  id: string;
  name: string;
  disabled: boolean;
  quota_limit: boolean;
  total_quota: number;
  used_quota: number;
  /** Devices in service assigned to the clerk (Apple not recycled + Android not archived). */
  device_count: number;
}

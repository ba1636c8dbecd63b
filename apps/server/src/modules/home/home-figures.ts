import {
  AbmStatus,
  ActivationLockStatus,
  EnrollmentStatus,
  type HomeScope,
  LockStatus,
  OFFLINE_BUCKETS,
  type OfflineBucket,
  type PlatformOverview,
  RegulateStatus,
  type SuperviseOverview,
  SuperviseStatus,
} from '@lease/shared';
import type { DeviceGroup } from './home.repo.ts';

/** bucketName maps the repo's bucket number (-1 never, 0 online, 1-5 offline past 3/6/12/24/73 h) to its name. */
const bucketName = (bucket: number): OfflineBucket => (bucket < 0 ? 'never' : OFFLINE_BUCKETS[bucket]);

/** The buckets of a phone not heard from for 24 hours or more (never seen included, for an enrolled phone). */
const OVER_24H = new Set<OfflineBucket>(['h24', 'h73', 'never']);

/** platformFigures adds a platform's device groups up into the overview's figures. */
export function platformFigures(scope: HomeScope, groups: DeviceGroup[]): PlatformOverview {
  const activity = Object.fromEntries(OFFLINE_BUCKETS.map((b) => [b, 0])) as Record<OfflineBucket, number>;
  const f: PlatformOverview = {
    scope,
    total: 0,
    enrolled: 0,
    pending: 0,
    released: 0,
    locked: 0,
    unlocked: 0,
    lock_changing: 0,
    activity,
    offline_over_24h: 0,
    set_aside: 0,
  };
  for (const g of groups) {
    if (!g.live) {
      f.set_aside += g.n;
      continue;
    }
    f.total += g.n;
    if (g.enrollment === EnrollmentStatus.ENROLLED) f.enrolled += g.n;
    else if (g.enrollment === EnrollmentStatus.REGISTERED) f.pending += g.n;
    else f.released += g.n;
    if (g.lock === LockStatus.LOCKED) f.locked += g.n;
    else if (g.lock === LockStatus.UNLOCKED) f.unlocked += g.n;
    else f.lock_changing += g.n;
    const bucket = bucketName(g.bucket);
    activity[bucket] += g.n;
    // Offline means a phone that was under management and went silent: one registered but never enrolled
    // is 待激活 (counted in `pending`), however long ago it was registered.
    if (g.enrollment !== EnrollmentStatus.REGISTERED && OVER_24H.has(bucket)) f.offline_over_24h += g.n;
  }
  return f;
}

type Ios = NonNullable<SuperviseOverview['ios']>;
type Android = NonNullable<SuperviseOverview['android']>;

export function iosSuperviseFigures(scope: HomeScope, groups: { supervise: number; abm: number; activation_lock: number; n: number }[]): Ios {
  const f: Ios = { scope, total: 0, supervised: 0, unsupervised: 0, unknown: 0, abm: 0, activation_lock_on: 0 };
  for (const g of groups) {
    f.total += g.n;
    if (g.supervise === SuperviseStatus.SUPERVISED) f.supervised += g.n;
    else if (g.supervise === SuperviseStatus.UNSUPERVISED) f.unsupervised += g.n;
    else f.unknown += g.n;
    if (g.abm === AbmStatus.ASSIGNED || g.abm === AbmStatus.PUSHED) f.abm += g.n;
    if (g.activation_lock === ActivationLockStatus.ON) f.activation_lock_on += g.n;
  }
  return f;
}

export function androidSuperviseFigures(scope: HomeScope, groups: { regulate: number; n: number }[]): Android {
  const f: Android = { scope, total: 0, regulated: 0, regulate_changing: 0, unregulated: 0 };
  for (const g of groups) {
    f.total += g.n;
    if (g.regulate === RegulateStatus.REGULATED) f.regulated += g.n;
    else if (g.regulate === RegulateStatus.UNREGULATED) f.unregulated += g.n;
    else f.regulate_changing += g.n;
  }
  return f;
}

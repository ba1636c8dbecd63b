import {
  type DeviceOverview,
  type EnrolmentDay,
  type HomeClerkItem,
  type HomeScope,
  Module,
  Perm,
  type ReportOverview,
  type SuperviseOverview,
  hasPermission,
} from '@lease/shared';
import type { AuthContext } from '../../http/authz.ts';
import { androidSuperviseFigures, iosSuperviseFigures, platformFigures } from './home-figures.ts';
import type { HomeDeviceScope, HomeRepo, Scopes } from './home.repo.ts';
import { createTtlCache } from './ttl-cache.ts';

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;
export const ENROLMENT_DAYS = 30;

/** chinaDate: the stores' calendar day (YYYY-MM-DD) of an instant. */
export const chinaDate = (at: Date) => new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);

/** lastDays: the China-time days ending today, oldest first, and the instant the first one starts. */
export function lastDays(now: Date, count: number) {
  const todayStart = Date.parse(`${chinaDate(now)}T00:00:00+08:00`);
  const since = new Date(todayStart - (count - 1) * DAY_MS);
  const days = Array.from({ length: count }, (_, i) => chinaDate(new Date(since.getTime() + i * DAY_MS)));
  return { since, days };
}

/**
 * scopesOf: which devices each platform's figures count. A platform the store has not bought is left
 * out; without list:view-all on it (Aa3 Apple, Ea2 Android) a clerk counts only devices assigned to them,
 * as in the device lists.
 */
export function scopesOf(auth: AuthContext): Scopes {
  const scope = (module: Module, viewAll: Perm): HomeDeviceScope | null => {
    if (!auth.modules.includes(module)) return null;
    return hasPermission(auth.perms, viewAll) ? { storeId: auth.storeId } : { storeId: auth.storeId, clerkId: auth.clerkId };
  };
  return { ios: scope(Module.APPLE, Perm.APPLE_LIST_VIEW_ALL), android: scope(Module.ANDROID, Perm.ANDROID_LIST_VIEW_ALL) };
}

const scopeName = (s: HomeDeviceScope): HomeScope => (s.clerkId ? 'own' : 'store');

/** The figures are at most this old: a dashboard, not a live view, so 100k devices are counted twice a minute at most. */
export const HOME_CACHE_MS = 30_000;

const scopeKey = (s: HomeDeviceScope | null) => (s ? (s.clerkId ?? 'all') : '-');
const cacheKey = (auth: AuthContext, scopes: Scopes) => `${auth.storeId}:${scopeKey(scopes.ios)}:${scopeKey(scopes.android)}`;

/** createHomeService: the console home's figures (spec §7 Home), each scoped like the device lists. */
export function createHomeService(deps: {
  repo: HomeRepo;
  reportOverview: (auth: AuthContext) => Promise<ReportOverview>;
  now?: () => Date;
  cacheMs?: number;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const devices = createTtlCache<DeviceOverview>(deps.cacheMs ?? HOME_CACHE_MS);
  const supervision = createTtlCache<SuperviseOverview>(deps.cacheMs ?? HOME_CACHE_MS);
  const quotas = createTtlCache<HomeClerkItem[]>(deps.cacheMs ?? HOME_CACHE_MS);

  async function countDevices(scopes: Scopes): Promise<DeviceOverview> {
    const at = now();
    const { since, days } = lastDays(at, ENROLMENT_DAYS);
    const row = await repo.deviceOverview(scopes, at, since);
    const perDay = new Map<string, EnrolmentDay>(days.map((date) => [date, { date, ios: 0, android: 0 }]));
    for (const d of row.enrolments ?? []) {
      const day = perDay.get(d.day);
      if (day) day[d.platform] += d.n;
    }
    return {
      ios: scopes.ios && platformFigures(scopeName(scopes.ios), row.ios ?? []),
      android: scopes.android && platformFigures(scopeName(scopes.android), row.android ?? []),
      enrolments: [...perDay.values()],
      generated_at: at.toISOString(),
    };
  }

  async function countSupervision(scopes: Scopes): Promise<SuperviseOverview> {
    const row = await repo.superviseOverview(scopes);
    return {
      ios: scopes.ios && iosSuperviseFigures(scopeName(scopes.ios), row.ios ?? []),
      android: scopes.android && androidSuperviseFigures(scopeName(scopes.android), row.android ?? []),
    };
  }

  return {
    deviceOverview(auth: AuthContext): Promise<DeviceOverview> {
      const scopes = scopesOf(auth);
      return devices.get(cacheKey(auth, scopes), () => countDevices(scopes));
    },

    superviseOverview(auth: AuthContext): Promise<SuperviseOverview> {
      const scopes = scopesOf(auth);
      return supervision.get(cacheKey(auth, scopes), () => countSupervision(scopes));
    },

    /** reportOverview: the report module's figures (live, not cached: a balance must not look stale after a query). */
    reportOverview(auth: AuthContext): Promise<ReportOverview> {
      return deps.reportOverview(auth);
    },

    /** clerks: every clerk's quota use for an admin; anyone else sees their own row only. */
    clerks(auth: AuthContext): Promise<HomeClerkItem[]> {
      const only = auth.isAdmin ? undefined : auth.clerkId;
      return quotas.get(`${auth.storeId}:${only ?? 'all'}`, () => repo.clerkQuotas(auth.storeId, only));
    },
  };
}
export type HomeService = ReturnType<typeof createHomeService>;

import { OFFLINE_RELEASES } from './offline-releases.ts';
import { type OsRelease, parsePmv } from './pmv.ts';

/** LookupAnswer is the release list and where it came from; `live` false means the built-in list, and `label` says so. */
export interface LookupAnswer {
  releases: readonly OsRelease[];
  live: boolean;
  label: string;
  /** When Apple's service answered this list; null for the built-in list. */
  fetchedAt: Date | null;
}

/** SoftwareLookup finds the iOS releases Apple signs (the replacement of the phone's own AvailableOSUpdates answer). */
export interface SoftwareLookup {
  readonly label: string;
  readonly live: boolean;
  /** Never throws: a failure answers the last good list, or the built-in one, with a label that says which and why. */
  releases(): Promise<LookupAnswer>;
}

export const OFFLINE_LIST_LABEL = '离线版本列表（未连接 Apple 服务）';
export const SOFTWARE_LOOKUP_TIMEOUT_MS = 10_000;
/** Apple publishes a handful of releases a month; six hours keeps the list fresh without asking on every click. */
export const SOFTWARE_LOOKUP_CACHE_MS = 6 * 3_600_000;
const RETRY_AFTER_MS = 60_000;

/** offlineSoftwareLookup is the default without SOFTWARE_LOOKUP_ORIGIN: the built-in list, labelled as offline. */
export const offlineSoftwareLookup: SoftwareLookup = {
  label: '未配置 SOFTWARE_LOOKUP_ORIGIN（使用内置的离线 iOS 版本列表）',
  live: false,
  async releases() {
    return { releases: OFFLINE_RELEASES, live: false, label: OFFLINE_LIST_LABEL, fetchedAt: null };
  },
};

const isTimeout = (err: unknown) => err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');

/**
 * createSoftwareLookup asks `${origin}/v2/pmv` (https://gdmf.apple.com in production, the stand-in in tests) with a
 * timeout and keeps the answer for `cacheMs`. When Apple does not answer (timeout, 5xx, garbage) the console gets
 * the last good list if there is one, else the built-in list, each labelled with the reason; never an error.
 * Apple's certificate chains to the Apple root: give Node that root through NODE_EXTRA_CA_CERTS if it lacks it.
 */
export function createSoftwareLookup(options: { origin: string; timeoutMs?: number; cacheMs?: number; now?: () => number }): SoftwareLookup {
  const origin = options.origin.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? SOFTWARE_LOOKUP_TIMEOUT_MS;
  const cacheMs = options.cacheMs ?? SOFTWARE_LOOKUP_CACHE_MS;
  const now = options.now ?? Date.now;
  const label = `Apple 软件查询服务（${origin}）`;
  let cached: LookupAnswer | null = null;
  /** After a failure the fallback answers for a minute, so a dead service does not cost every click a timeout. */
  let fallback: { answer: LookupAnswer; until: number } | null = null;
  let inFlight: Promise<LookupAnswer> | null = null;

  async function fetchList(): Promise<LookupAnswer> {
    let why: string;
    try {
      const res = await fetch(`${origin}/v2/pmv`, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
      if (res.ok) {
        const releases = parsePmv(await res.json());
        cached = { releases, live: true, label, fetchedAt: new Date(now()) };
        fallback = null;
        return cached;
      }
      why = `服务返回 ${res.status}`;
    } catch (err) {
      why = isTimeout(err)
        ? `请求超时（${timeoutMs / 1000} 秒）`
        : err instanceof SyntaxError || (err instanceof Error && /JSON|PublicAssetSets/.test(err.message))
          ? '返回内容无法解析'
          : '无法连接';
    }
    const answer: LookupAnswer = cached
      ? { ...cached, label: `${label}：本次查询失败（${why}），显示上次获取的列表` }
      : { releases: OFFLINE_RELEASES, live: false, label: `离线版本列表（Apple 服务暂不可用：${why}）`, fetchedAt: null };
    fallback = { answer, until: now() + RETRY_AFTER_MS };
    return answer;
  }

  return {
    label,
    live: true,
    async releases() {
      if (cached?.fetchedAt && now() - cached.fetchedAt.getTime() < cacheMs) return cached;
      if (fallback && now() < fallback.until) return fallback.answer;
      // One request at a time: a page of phones asking together shares it.
      inFlight ??= fetchList().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}

/** softwareLookupFromConfig picks the real client when SOFTWARE_LOOKUP_ORIGIN is set, the offline list otherwise. */
export const softwareLookupFromConfig = (origin: string | null): SoftwareLookup => (origin ? createSoftwareLookup({ origin }) : offlineSoftwareLookup);

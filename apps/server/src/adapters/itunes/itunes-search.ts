import type { ItunesApp, ItunesSearchPlatform } from '@lease/shared';
import { AppError } from '../../http/app-error.ts';

/** ItunesSearch finds Apple apps by name for the store's app library (spec §7 itunes-search). */
export interface ItunesSearch {
  readonly label: string;
  readonly live: boolean;
  /** Throws SERVICE_UNAVAILABLE with a Chinese message when the search cannot answer. */
  search(term: string, platform: ItunesSearchPlatform): Promise<ItunesApp[]>;
}

/** Spec §9's request timeout. */
export const ITUNES_TIMEOUT_MS = 10_000;

export const ITUNES_OFFLINE_MESSAGE = '未配置应用商店在线搜索，请手动填写 Bundle ID 和应用名称';

/** offlineItunesSearch is the default without ITUNES_ORIGIN: it says search is unavailable, never makes results up. */
export const offlineItunesSearch: ItunesSearch = {
  label: '未配置 ITUNES_ORIGIN（不可在线搜索，手动填写）',
  live: false,
  async search() {
    throw new AppError('SERVICE_UNAVAILABLE', ITUNES_OFFLINE_MESSAGE);
  },
};

/** The iTunes Search API's entity per search platform (0 iPhone, 1 iPad). */
const ENTITY: Record<ItunesSearchPlatform, string> = { 0: 'software', 1: 'iPadSoftware' };

interface ItunesResult {
  trackId?: unknown;
  trackName?: unknown;
  bundleId?: unknown;
  artworkUrl100?: unknown;
  artworkUrl512?: unknown;
  version?: unknown;
  sellerName?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** mapResult keeps what the library stores of one result; results without a bundle id are useless to MDM. */
function mapResult(r: ItunesResult): ItunesApp | null {
  const bundleId = text(r.bundleId);
  const name = text(r.trackName);
  if (!bundleId || !name) return null;
  return {
    track_id: text(r.trackId),
    app_name: name,
    bundle_id: bundleId,
    icon: text(r.artworkUrl100) || text(r.artworkUrl512),
    version: text(r.version),
    seller: text(r.sellerName),
  };
}

const isTimeout = (err: unknown) => err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
const unavailable = (why: string) => new AppError('SERVICE_UNAVAILABLE', `应用商店搜索失败：${why}，请稍后重试或手动填写`);

/**
 * createItunesSearch calls Apple's iTunes Search API (GET /search?term&country=cn&entity=software|iPadSoftware)
 * with a 10 s timeout. `origin` is https://itunes.apple.com in production, the local stand-in in tests.
 */
export function createItunesSearch(options: { origin: string; timeoutMs?: number; limit?: number }): ItunesSearch {
  const origin = options.origin.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? ITUNES_TIMEOUT_MS;
  return {
    label: `iTunes Search API（${origin}）`,
    live: true,
    async search(term, platform) {
      const query = new URLSearchParams({ term, country: 'cn', entity: ENTITY[platform], limit: String(options.limit ?? 20) });
      let res: Response;
      let body: { results?: unknown } | null;
      try {
        res = await fetch(`${origin}/search?${query}`, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
        body = res.ok ? ((await res.json().catch((err: unknown) => (isTimeout(err) ? Promise.reject(err) : null))) as typeof body) : null;
      } catch (err) {
        // The timeout covers the whole exchange, body included.
        throw unavailable(isTimeout(err) ? `请求超时（${timeoutMs / 1000} 秒）` : '无法连接');
      }
      if (!res.ok) throw unavailable(`服务返回 ${res.status}`);
      if (!body || !Array.isArray(body.results)) throw unavailable('返回内容无法解析');
      return body.results.flatMap((r: ItunesResult) => mapResult(r) ?? []);
    },
  };
}

/** itunesSearchFromConfig picks the real client when ITUNES_ORIGIN is set, the offline default otherwise. */
export const itunesSearchFromConfig = (origin: string | null): ItunesSearch => (origin ? createItunesSearch({ origin }) : offlineItunesSearch);

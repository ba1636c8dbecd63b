import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockItunes, startMockItunes } from '@lease/device-sim';
import { AppError } from '../../http/app-error.ts';
import { ITUNES_OFFLINE_MESSAGE, ITUNES_TIMEOUT_MS, createItunesSearch, itunesSearchFromConfig, offlineItunesSearch } from './itunes-search.ts';

let itunes: MockItunes;
beforeAll(async () => {
  itunes = await startMockItunes();
});
afterAll(() => itunes.close());

/** failure runs a search that must fail and returns its AppError. */
async function failure(search: Promise<unknown>): Promise<AppError> {
  const err = await search.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('iTunes search against the local stand-in', () => {
  it('asks for iPhone software in the China store and maps the fields', async () => {
    const search = createItunesSearch({ origin: itunes.origin });
    const list = await search.search('微信', 0);
    const asked = itunes.requests.at(-1)!;
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ term: '微信', country: 'cn', entity: 'software' });
    expect(list).toEqual([
      {
        track_id: '414478124',
        app_name: '微信',
        bundle_id: 'com.tencent.xin',
        icon: `${itunes.origin}/artwork/414478124/100x100bb.svg`,
        version: '8.0.50',
        seller: 'Tencent Technology (Shenzhen) Company Limited',
      },
    ]);
  });

  it('platform 1 searches iPad software, which has apps iPhones do not', async () => {
    const search = createItunesSearch({ origin: itunes.origin });
    const ipad = await search.search('bilibili', 1);
    expect(itunes.requests.at(-1)!.searchParams.get('entity')).toBe('iPadSoftware');
    expect(ipad.map((a) => a.bundle_id)).toContain('tv.danmaku.bilianimehd');
    const iphone = await search.search('bilibili', 0);
    expect(iphone.map((a) => a.bundle_id)).toEqual(['tv.danmaku.bilianime']);
  });

  it('gives an empty list when nothing matches', async () => {
    expect(await createItunesSearch({ origin: itunes.origin }).search('不存在的应用xyz', 0)).toEqual([]);
  });

  it('gives up after its timeout with a Chinese message', async () => {
    itunes.setFault({ delayMs: 1500 });
    try {
      const started = Date.now();
      const err = await failure(createItunesSearch({ origin: itunes.origin, timeoutMs: 300 }).search('微信', 0));
      expect(Date.now() - started).toBeLessThan(1400);
      expect(err.code).toBe('SERVICE_UNAVAILABLE');
      expect(err.statusCode).toBe(503);
      expect(err.message).toBe('应用商店搜索失败：请求超时（0.3 秒），请稍后重试或手动填写');
    } finally {
      itunes.setFault({});
    }
  });

  it('turns an error status, a non-JSON answer and an unreachable host into Chinese messages', async () => {
    const search = createItunesSearch({ origin: itunes.origin });
    try {
      itunes.setFault({ status: 500 });
      expect((await failure(search.search('微信', 0))).message).toBe('应用商店搜索失败：服务返回 500，请稍后重试或手动填写');
      itunes.setFault({ garbage: true });
      expect((await failure(search.search('微信', 0))).message).toBe('应用商店搜索失败：返回内容无法解析，请稍后重试或手动填写');
    } finally {
      itunes.setFault({});
    }
    const gone = createItunesSearch({ origin: 'http://127.0.0.1:1', timeoutMs: 2000 });
    expect((await failure(gone.search('微信', 0))).message).toBe('应用商店搜索失败：无法连接，请稍后重试或手动填写');
  });

  it('waits for a slow answer by default (spec §9: 10 s)', async () => {
    itunes.setFault({ delayMs: 1200 });
    try {
      expect(ITUNES_TIMEOUT_MS).toBe(10_000);
      expect(await createItunesSearch({ origin: itunes.origin }).search('支付宝', 0)).toHaveLength(1);
    } finally {
      itunes.setFault({});
    }
  });
});

describe('offline default', () => {
  it('says online search is unavailable and returns no results', async () => {
    const err = await failure(offlineItunesSearch.search('微信', 0));
    expect(err.statusCode).toBe(503);
    expect(err.message).toBe(ITUNES_OFFLINE_MESSAGE);
    expect(offlineItunesSearch.live).toBe(false);
  });

  it('is chosen when ITUNES_ORIGIN is unset', () => {
    expect(itunesSearchFromConfig(null)).toBe(offlineItunesSearch);
    expect(itunesSearchFromConfig(itunes.origin).live).toBe(true);
  });
});

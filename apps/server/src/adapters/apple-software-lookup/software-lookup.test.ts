import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GDMF_RELEASES, type MockGdmf, startMockGdmf } from '@lease/device-sim';
import { OFFLINE_RELEASES } from './offline-releases.ts';
import { parsePmv, runsOn } from './pmv.ts';
import { OFFLINE_LIST_LABEL, createSoftwareLookup, offlineSoftwareLookup, softwareLookupFromConfig } from './software-lookup.ts';

describe('parsePmv', () => {
  it('reads both asset sets, one entry per build, skipping incomplete items and other platforms', () => {
    const releases = parsePmv({
      PublicAssetSets: {
        iOS: [{ ProductVersion: '26.1', Build: '23B85', PostingDate: '2025-11-03', ExpirationDate: '2026-02-01', SupportedDevices: ['iPhone17,1', 'D47AP'] }],
        macOS: [{ ProductVersion: '26.1', Build: '25B78', PostingDate: '2025-11-03', SupportedDevices: ['Mac16,1'] }],
      },
      AssetSets: {
        iOS: [
          { ProductVersion: '26.1', Build: '23B85', PostingDate: '2025-11-03', SupportedDevices: [] },
          { ProductVersion: '18.6.2', Build: '22G100', PostingDate: '2025-08-20', SupportedDevices: ['iPhone11,8', 7] },
          { ProductVersion: '18.6', Build: '22G86' },
          'junk',
        ],
      },
    });
    expect(releases).toEqual([
      { version: '26.1', build: '23B85', postingDate: '2025-11-03', expirationDate: '2026-02-01', devices: ['iPhone17,1', 'D47AP'] },
      { version: '18.6.2', build: '22G100', postingDate: '2025-08-20', expirationDate: null, devices: ['iPhone11,8'] },
    ]);
    expect(runsOn(releases[0], 'iphone17,1')).toBe(true);
    expect(runsOn(releases[0], 'iPhone11,8')).toBe(false);
  });
  it('refuses a document that is not Apple’s', () => {
    expect(() => parsePmv('x')).toThrow();
    expect(() => parsePmv({ hello: 1 })).toThrow();
  });
});

describe('offline default', () => {
  it('answers the built-in list and says it is offline', async () => {
    const answer = await offlineSoftwareLookup.releases();
    expect(answer).toMatchObject({ live: false, label: OFFLINE_LIST_LABEL, fetchedAt: null });
    expect(answer.releases).toBe(OFFLINE_RELEASES);
    expect(OFFLINE_RELEASES.every((r) => /^\d+\.\d+(\.\d+)?$/.test(r.version) && /^\d{2}[A-Z]\d+[a-z]?$/.test(r.build))).toBe(true);
    expect(softwareLookupFromConfig(null)).toBe(offlineSoftwareLookup);
    expect(softwareLookupFromConfig('http://127.0.0.1:1').live).toBe(true);
  });
});

describe('the real client against the stand-in', () => {
  let gdmf: MockGdmf;
  beforeAll(async () => {
    gdmf = await startMockGdmf();
  });
  afterAll(() => gdmf.close());
  beforeEach(() => gdmf.setFault({}));

  it('fetches Apple’s list once and serves it from the cache', async () => {
    let clock = Date.parse('2026-03-01T00:00:00Z');
    const lookup = createSoftwareLookup({ origin: gdmf.origin, now: () => clock, cacheMs: 60_000 });
    const before = gdmf.requests;
    const [a, b] = await Promise.all([lookup.releases(), lookup.releases()]);
    expect(a).toBe(b);
    expect(a.live).toBe(true);
    expect(a.fetchedAt?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(a.releases.map((r) => r.build).sort()).toEqual(GDMF_RELEASES.map((r) => r.Build).sort());
    expect(gdmf.requests).toBe(before + 1);
    await lookup.releases();
    expect(gdmf.requests).toBe(before + 1);
    clock += 61_000;
    await lookup.releases();
    expect(gdmf.requests).toBe(before + 2);
  });

  it('falls back to the offline list with the reason on a 5xx, a timeout or garbage, never throwing', async () => {
    gdmf.setFault({ status: 503 });
    const failed = await createSoftwareLookup({ origin: gdmf.origin }).releases();
    expect(failed).toMatchObject({ live: false, label: '离线版本列表（Apple 服务暂不可用：服务返回 503）', releases: OFFLINE_RELEASES });

    gdmf.setFault({ delayMs: 500 });
    const slow = await createSoftwareLookup({ origin: gdmf.origin, timeoutMs: 100 }).releases();
    expect(slow.label).toBe('离线版本列表（Apple 服务暂不可用：请求超时（0.1 秒））');

    gdmf.setFault({ garbage: true });
    expect((await createSoftwareLookup({ origin: gdmf.origin }).releases()).label).toBe('离线版本列表（Apple 服务暂不可用：返回内容无法解析）');

    const closed = await createSoftwareLookup({ origin: 'http://127.0.0.1:9' }).releases();
    expect(closed.label).toBe('离线版本列表（Apple 服务暂不可用：无法连接）');
  });

  it('keeps the last good list when a later refresh fails, and says so', async () => {
    let clock = 0;
    const lookup = createSoftwareLookup({ origin: gdmf.origin, now: () => clock, cacheMs: 1000 });
    const good = await lookup.releases();
    gdmf.setFault({ status: 500 });
    clock = 5000;
    const stale = await lookup.releases();
    expect(stale.live).toBe(true);
    expect(stale.releases).toBe(good.releases);
    expect(stale.label).toContain('本次查询失败（服务返回 500），显示上次获取的列表');
    const requests = gdmf.requests;
    await lookup.releases();
    expect(gdmf.requests).toBe(requests);
  });
});

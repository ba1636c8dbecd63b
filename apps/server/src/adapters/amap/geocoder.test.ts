import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wgs84ToGcj02 } from './coordinates.ts';
import { createAmapGeocoder, offlineGeocoder } from './geocoder.ts';

describe('WGS-84 to GCJ-02', () => {
  it('shifts Beijing by the known offset', () => {
    const { lat, lng } = wgs84ToGcj02(39.9087, 116.3975);
    expect(lat).toBeCloseTo(39.9101, 3);
    expect(lng).toBeCloseTo(116.4037, 3);
  });
  it('leaves points outside mainland China alone', () => {
    expect(wgs84ToGcj02(51.5, -0.12)).toEqual({ lat: 51.5, lng: -0.12 });
  });
});

describe('AMap geocoder against a local stand-in', () => {
  const seen: string[] = [];
  let server: http.Server;
  let origin = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.url ?? '');
      const ok = new URL(req.url ?? '', 'http://x').searchParams.get('key') === 'good-key';
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(ok ? { status: '1', regeocode: { formatted_address: '广东省深圳市福田区华强北街道' } } : { status: '0', info: 'INVALID_USER_KEY' }),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('asks with GCJ-02 coordinates and returns the address', async () => {
    const geo = createAmapGeocoder({ key: 'good-key', origin });
    const result = await geo.reverse(22.5431, 114.0579);
    expect(result).toMatchObject({ address: '广东省深圳市福田区华强北街道', provider: 'amap' });
    const location = new URL(seen.at(-1)!, 'http://x').searchParams.get('location')!;
    const [lng, lat] = location.split(',').map(Number);
    expect(lat).toBeCloseTo(result.gcj02.lat, 5);
    expect(lng).not.toBeCloseTo(114.0579, 3);
  });

  it('gives no address on a refused key or an unreachable service, and offline says so', async () => {
    expect((await createAmapGeocoder({ key: 'bad', origin }).reverse(22.54, 114.05)).address).toBeNull();
    expect((await createAmapGeocoder({ key: 'x', origin: 'http://127.0.0.1:1', timeoutMs: 500 }).reverse(22.54, 114.05)).address).toBeNull();
    expect(await offlineGeocoder.reverse(22.54, 114.05)).toMatchObject({ address: null, provider: 'offline' });
  });
});

import { describe, expect, it } from 'vitest';
import { amapMarkerUrl, wgs84ToGcj02 } from './geo.ts';

describe('wgs84ToGcj02', () => {
  it('shifts Tiananmen (Beijing) to its GCJ-02 position', () => {
    const p = wgs84ToGcj02({ lat: 39.9087, lng: 116.3975 });
    expect(Math.abs(p.lat - 39.9101)).toBeLessThan(1e-3);
    expect(Math.abs(p.lng - 116.4037)).toBeLessThan(1e-3);
  });

  it('shifts Shanghai People’s Square by the published offset', () => {
    // WGS-84 31.2304, 121.4737 → GCJ-02 ≈ 31.2285, 121.4782 (reference implementations agree to 1e-4).
    const p = wgs84ToGcj02({ lat: 31.2304, lng: 121.4737 });
    expect(Math.abs(p.lat - 31.2285)).toBeLessThan(1e-3);
    expect(Math.abs(p.lng - 121.4782)).toBeLessThan(1e-3);
  });

  it('moves points in China by a few hundred metres, never more than a kilometre', () => {
    const p = wgs84ToGcj02({ lat: 22.5431, lng: 114.0579 });
    const moved = Math.hypot(p.lat - 22.5431, p.lng - 114.0579);
    expect(moved).toBeGreaterThan(1e-3);
    expect(moved).toBeLessThan(1e-2);
  });

  it('leaves points outside China unchanged', () => {
    expect(wgs84ToGcj02({ lat: 51.5007, lng: -0.1246 })).toEqual({ lat: 51.5007, lng: -0.1246 });
    expect(wgs84ToGcj02({ lat: 35.6586, lng: 139.7454 })).toEqual({ lat: 35.6586, lng: 139.7454 });
  });
});

describe('amapMarkerUrl', () => {
  it('puts longitude first, as AMap expects', () => {
    expect(amapMarkerUrl({ lat: 39.91, lng: 116.4 })).toBe('https://uri.amap.com/marker?position=116.400000,39.910000');
  });
});

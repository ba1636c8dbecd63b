import { wgs84ToGcj02 } from './coordinates.ts';

export interface ReverseGeocode {
  /** The address AMap gives, or null when no geocoder is configured or it failed. */
  address: string | null;
  gcj02: { lat: number; lng: number };
  provider: 'amap' | 'offline';
}

/** Geocoder turns a phone's WGS-84 position into an address for the clerk. */
export interface Geocoder {
  readonly label: string;
  readonly live: boolean;
  reverse(lat: number, lng: number): Promise<ReverseGeocode>;
}

/** offlineGeocoder is the default without an AMap key: coordinates only, said plainly. */
export const offlineGeocoder: Geocoder = {
  label: '未配置高德地图 Key（仅显示坐标）',
  live: false,
  async reverse(lat, lng) {
    return { address: null, gcj02: wgs84ToGcj02(lat, lng), provider: 'offline' };
  },
};

/** createAmapGeocoder calls AMap's reverse-geocoding web service (v3/geocode/regeo) with GCJ-02 coordinates. */
export function createAmapGeocoder(options: { key: string; origin?: string; timeoutMs?: number }): Geocoder {
  const origin = options.origin ?? 'https://restapi.amap.com';
  return {
    label: `高德地图逆地理编码（${origin}）`,
    live: true,
    async reverse(lat, lng) {
      const gcj02 = wgs84ToGcj02(lat, lng);
      const url = `${origin}/v3/geocode/regeo?key=${encodeURIComponent(options.key)}&location=${gcj02.lng.toFixed(6)},${gcj02.lat.toFixed(6)}&output=json`;
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 5000) });
        const body = (await res.json()) as { status?: string; regeocode?: { formatted_address?: unknown } };
        const address = body.status === '1' && typeof body.regeocode?.formatted_address === 'string' ? body.regeocode.formatted_address : null;
        return { address, gcj02, provider: 'amap' };
      } catch {
        return { address: null, gcj02, provider: 'amap' };
      }
    },
  };
}

import { queryOptions } from '@tanstack/react-query';
import { api } from './index.ts';

/** ReverseGeocode is the server's answer for a WGS-84 point: AMap's address, or null without a geocoder. */
export interface ReverseGeocode {
  address: string | null;
  gcj02: { lat: number; lng: number };
  provider: 'amap' | 'offline';
}

/** addressQuery asks the server's AMap adapter for the address of a point (cached: points do not move). */
export const addressQuery = (lat: number, lng: number) =>
  queryOptions({
    queryKey: ['helper', 'regeo', lat, lng],
    queryFn: () => api.get<ReverseGeocode>('/api/helper/amap/geocode-regeo', { query: { lat, lng }, silent: true }),
    staleTime: Infinity,
  });

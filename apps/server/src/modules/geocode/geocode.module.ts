import type { FastifyInstance } from 'fastify';
import { createAmapGeocoder, offlineGeocoder } from '../../adapters/amap/geocoder.ts';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import { helperRoutes } from './geocode.routes.ts';

/** createGeocodeModule wires reverse geocoding of device locations: AMap when configured, else the offline default. */
export function createGeocodeModule(deps: Pick<ModuleBase, 'config'>) {
  const geocoder = deps.config.amapService ? createAmapGeocoder(deps.config.amapService) : offlineGeocoder;
  return {
    name: 'geocode',
    adapters: [{ name: 'amap', label: '高德逆地理编码', impl: geocoder.label, live: geocoder.live }],
    async register(app: FastifyInstance) {
      await app.register(helperRoutes, { geocoder });
    },
  } satisfies AppModule;
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Geocoder } from '../../adapters/amap/geocoder.ts';

const regeoQuery = z.object({
  lat: z.coerce.number({ error: '纬度有误' }).min(-90, '纬度有误').max(90, '纬度有误'),
  lng: z.coerce.number({ error: '经度有误' }).min(-180, '经度有误').max(180, '经度有误'),
});

/** Helper calls of spec §7: AMap reverse geocoding of a WGS-84 position (coordinates only when offline). */
export const helperRoutes: FastifyPluginAsyncZod<{ geocoder: Geocoder }> = async (app, { geocoder }) => {
  app.get('/api/helper/amap/geocode-regeo', { config: { auth: 'authenticated' }, schema: { tags: ['helper'], querystring: regeoQuery } }, (req) =>
    geocoder.reverse(req.query.lat, req.query.lng),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FleetHealthService } from './fleet-health.service.ts';

/** GET /api/ops/health: the operator home's fleet figures, every store together (operators only). */
export const opsHealthRoutes: FastifyPluginAsyncZod<{ health: FleetHealthService }> = async (app, { health }) => {
  app.get('/api/ops/health', { config: { auth: 'operator' }, schema: { tags: ['ops'] } }, () => health.health());
};

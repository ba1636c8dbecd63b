import { type DevStatus, type Paging, paging } from '@lease/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';

export interface DevAdapterInfo {
  name: string;
  label: string;
  impl: string;
  live: boolean;
}

interface Options {
  database: Database;
  adapters: () => DevAdapterInfo[];
  outbox?: { list(page: Paging): Promise<{ list: { id: number; phoneNumber: string; content: string; purpose: string; dateCreated: Date }[]; total: number }> };
}

/**
 * Dev calls behind /system/dev: which adapters are live and the offline SMS outbox. Registered only
 * when DEV_TOOLS is on (never by default in production), because the outbox shows real codes.
 */
export const devRoutes: FastifyPluginAsyncZod<Options> = async (app, { database, adapters, outbox }) => {
  app.get('/api/dev/test', { config: { auth: 'public' }, schema: { tags: ['dev'] } }, (): DevStatus => ({
    adapters: adapters(),
    database: database.kind,
  }));
  app.get('/api/dev/sms-outbox', { config: { auth: 'public' }, schema: { tags: ['dev'], querystring: paging } }, async (req) => {
    if (!outbox) return { list: [], total: 0 };
    const { list, total } = await outbox.list(req.query);
    return {
      total,
      list: list.map((m) => ({ id: m.id, phone_number: m.phoneNumber, content: m.content, purpose: m.purpose, date_created: m.dateCreated.toISOString() })),
    };
  });
};

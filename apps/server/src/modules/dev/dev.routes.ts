import type { FastifyPluginAsync } from 'fastify';
import type { DevStatus } from '@lease/shared';
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
  outbox?: { list(limit: number): Promise<{ list: { id: number; phoneNumber: string; content: string; purpose: string; dateCreated: Date }[]; total: number }> };
}

/**
 * Dev calls behind /system/dev: which adapters are live and the offline SMS outbox. Registered only
 * when DEV_TOOLS is on (never by default in production), because the outbox shows real codes.
 */
export const devRoutes: FastifyPluginAsync<Options> = async (app, { database, adapters, outbox }) => {
  app.get('/api/dev/test', { config: { auth: 'public' }, schema: { tags: ['dev'] } }, (): DevStatus => ({
    adapters: adapters(),
    database: database.kind,
  }));
  app.get('/api/dev/sms-outbox', { config: { auth: 'public' }, schema: { tags: ['dev'] } }, async () => {
    if (!outbox) return { list: [], total: 0 };
    const { list, total } = await outbox.list(50);
    return {
      total,
      list: list.map((m) => ({ id: m.id, phone_number: m.phoneNumber, content: m.content, purpose: m.purpose, date_created: m.dateCreated.toISOString() })),
    };
  });
};

import { type SQL, eq } from 'drizzle-orm';
import { type DevStatus, type Paging, Perm, hasPermission, paging } from '@lease/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { requireAuth } from '../../http/authz.ts';
import { store } from '../../domain/store.table.ts';
import { demoOutboxScope } from './demo-outbox-scope.ts';

export interface DevAdapterInfo {
  name: string;
  label: string;
  impl: string;
  live: boolean;
}

interface Options {
  database: Database;
  adapters: () => DevAdapterInfo[];
  outbox?: {
    list(
      page: Paging,
      where?: SQL,
    ): Promise<{ list: { id: number; phoneNumber: string; content: string; purpose: string; dateCreated: Date }[]; total: number }>;
  };
}

/**
 * Dev calls behind /system/dev: which adapters are live and the offline SMS outbox. Registered only when
 * DEV_TOOLS=1, and even then they answer only a signed-in admin of the demo store: the outbox holds every
 * code sent, so reading it would take over any account. Even that admin sees only its own store's texts
 * (demoOutboxScope).
 */
export const devRoutes: FastifyPluginAsyncZod<Options> = async (app, { database, adapters, outbox }) => {
  async function demoAdminOnly(req: FastifyRequest) {
    const auth = requireAuth(req);
    if (!auth.isAdmin && !hasPermission(auth.perms, Perm.ADMIN)) throw new AppError('PERMISSION_DENIED', '开发者工具仅对演示门店的管理员开放');
    const [row] = await database.db.select({ isDemo: store.isDemo }).from(store).where(eq(store.id, auth.storeId));
    if (!row?.isDemo) throw new AppError('PERMISSION_DENIED', '开发者工具仅对演示门店的管理员开放');
  }
  const config = { auth: 'authenticated' } as const;

  app.get(
    '/api/dev/test',
    { config, preHandler: demoAdminOnly, schema: { tags: ['dev'] } },
    (): DevStatus => ({
      adapters: adapters(),
      database: database.kind,
    }),
  );
  app.get('/api/dev/sms-outbox', { config, preHandler: demoAdminOnly, schema: { tags: ['dev'], querystring: paging } }, async (req) => {
    if (!outbox) return { list: [], total: 0 };
    const { list, total } = await outbox.list(req.query, demoOutboxScope(database.db, requireAuth(req).storeId));
    return {
      total,
      list: list.map((m) => ({ id: m.id, phone_number: m.phoneNumber, content: m.content, purpose: m.purpose, date_created: m.dateCreated.toISOString() })),
    };
  });
};

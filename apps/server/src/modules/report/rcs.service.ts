import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  type ListResponse,
  OperationStatus,
  type RcsCallbackBody,
  type RcsListQuery,
  type RcsRecord,
  type RcsRequest,
  maskIdCard,
  reportMsg,
} from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import { type CreditProvider, ProviderFailure } from '../../adapters/credit/credit-provider.ts';
import { clerk } from '../../domain/clerk.table.ts';
import type { OperationLogRepo } from '../logs/operation-log.repo.ts';
import { store } from '../../domain/store.table.ts';
import type { PersonalData } from './personal-data.ts';
import { nameContains } from './report.repo.ts';
import { rcsRecord } from './report.table.ts';

type RcsRow = typeof rcsRecord.$inferSelect;

const toRecord = (r: RcsRow, clerkName: string | null): RcsRecord => ({
  id: r.id,
  name: r.name,
  id_card: r.idCardMasked,
  last_wechat_report: r.wechatUrl && r.wechatUpdated ? { url: r.wechatUrl, date_updated: r.wechatUpdated.toISOString() } : null,
  last_alipay_report: r.alipayUrl && r.alipayUpdated ? { url: r.alipayUrl, date_updated: r.alipayUpdated.toISOString() } : null,
  report_url: r.reportUrl,
  auth_url: r.authUrl,
  sandbox: r.sandbox,
  clerk_name: clerkName ?? '',
  date_created: r.dateCreated.toISOString(),
});

/**
 * createRcsService: RCS queries the hirer authorises on their own phone (spec §7 store/rcs, system/rcs).
 * A request spends one of the store's rcs_count atomically and gives it back if the provider refuses
 * the order; the provider's callback stores the WeChat and Alipay report links.
 */
export function createRcsService(deps: {
  db: Db;
  pd: PersonalData;
  oplog: OperationLogRepo;
  provider: CreditProvider;
  publicUrl: () => string;
  storeSecret: (storeId: string) => Promise<string | null>;
}) {
  const { db, pd, oplog, provider } = deps;

  async function recordOf(storeId: string, id: string): Promise<RcsRecord> {
    const [row] = await db
      .select({ r: rcsRecord, clerkName: clerk.name })
      .from(rcsRecord)
      .leftJoin(clerk, eq(clerk.id, rcsRecord.clerkId))
      .where(and(eq(rcsRecord.storeId, storeId), eq(rcsRecord.id, id)));
    if (!row) throw notFound('风控记录不存在');
    return toRecord(row.r, row.clerkName);
  }

  return {
    async list(auth: AuthContext, q: RcsListQuery): Promise<ListResponse<RcsRecord>> {
      const where = and(eq(rcsRecord.storeId, auth.storeId), q.name ? nameContains(rcsRecord.name, q.name) : undefined);
      const [rows, [{ n }]] = await Promise.all([
        db
          .select({ r: rcsRecord, clerkName: clerk.name })
          .from(rcsRecord)
          .leftJoin(clerk, eq(clerk.id, rcsRecord.clerkId))
          .where(where)
          .orderBy(desc(rcsRecord.dateCreated), desc(rcsRecord.id))
          .limit(q.page_size)
          .offset(q.page_num * q.page_size),
        db.select({ n: count() }).from(rcsRecord).where(where),
      ]);
      return { list: rows.map((r) => toRecord(r.r, r.clerkName)), total: n };
    },

    async request(auth: AuthContext, body: RcsRequest): Promise<RcsRecord> {
      const orderId = randomBytes(18).toString('base64url');
      const row = await db.transaction(async (tx) => {
        // The conditional update is the atomic spend: parallel requests never pass rcs_count.
        const spent = await tx
          .update(store)
          .set({ usedRcsCount: sql`${store.usedRcsCount} + 1` })
          .where(and(eq(store.id, auth.storeId), sql`${store.usedRcsCount} < ${store.rcsCount}`))
          .returning({ id: store.id });
        if (!spent.length) throw new AppError('QUOTA_EXCEEDED', reportMsg.rcsCount);
        const [r] = await tx
          .insert(rcsRecord)
          .values({
            storeId: auth.storeId,
            clerkId: auth.clerkId,
            name: body.name,
            idCardSealed: pd.seal(body.id_card),
            idCardHash: pd.hash(body.id_card),
            idCardMasked: maskIdCard(body.id_card),
            orderId,
            authUrl: '',
            sandbox: provider.kind === 'sandbox',
          })
          .returning();
        await oplog.insertMany(
          [
            {
              storeId: auth.storeId,
              clerkId: auth.clerkId,
              platform: 'store',
              action: 'rcs-request',
              status: OperationStatus.DONE,
              detail: { rcs_id: r.id, name: body.name },
            },
          ],
          tx,
        );
        return r;
      });
      try {
        const { authUrl } = await provider.rcsStart({
          orderId,
          name: body.name,
          idCard: body.id_card,
          callbackUrl: `${deps.publicUrl()}/api/system/rcs`,
          storeId: auth.storeId,
          storeSecret: await deps.storeSecret(auth.storeId),
        });
        await db.update(rcsRecord).set({ authUrl, dateUpdated: new Date() }).where(eq(rcsRecord.id, row.id));
      } catch (err) {
        const reason = err instanceof ProviderFailure ? err.message : '风控服务商出错，请稍后重试';
        await db.transaction(async (tx) => {
          await tx.delete(rcsRecord).where(eq(rcsRecord.id, row.id));
          await tx
            .update(store)
            .set({ usedRcsCount: sql`greatest(${store.usedRcsCount} - 1, 0)` })
            .where(eq(store.id, auth.storeId));
        });
        throw new AppError('SERVICE_UNAVAILABLE', `${reason}（查询次数已退回）`);
      }
      return recordOf(auth.storeId, row.id);
    },

    /** complete records a channel's report link from the provider (signed callback, or the sandbox page). */
    async complete(body: RcsCallbackBody): Promise<{ ok: true }> {
      const now = new Date();
      const set = body.channel === 'wechat' ? { wechatUrl: body.url, wechatUpdated: now } : { alipayUrl: body.url, alipayUpdated: now };
      const rows = await db
        .update(rcsRecord)
        .set({ ...set, ...(body.report_url ? { reportUrl: body.report_url } : {}), dateUpdated: now })
        .where(eq(rcsRecord.orderId, body.order_id))
        .returning({ id: rcsRecord.id });
      if (!rows.length) throw notFound('订单不存在');
      return { ok: true };
    },

    /** sandboxOrder: a sandbox order by its unguessable id (the sandbox pages), or undefined. */
    async sandboxOrder(orderId: string) {
      const [row] = await db
        .select()
        .from(rcsRecord)
        .where(and(eq(rcsRecord.orderId, orderId), eq(rcsRecord.sandbox, true)));
      return row;
    },
  };
}
export type RcsService = ReturnType<typeof createRcsService>;

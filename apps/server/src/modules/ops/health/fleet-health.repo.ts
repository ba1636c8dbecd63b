import { and, count, desc, eq, gt, gte, inArray, isNotNull, lt, max, min, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { mdmCommand, mdmEnrollment, mdmIdentity } from '../../../mdm/apple/mdm.table.ts';
import { abmServer } from '../../abm/abm.table.ts';
import { androidDevice } from '../../../domain/android-device.table.ts';
import { iosDevice } from '../../../domain/ios-device.table.ts';
import { store } from '../../../domain/store.table.ts';
import { webhookAttempt, webhookEvent } from '../../../domain/webhook.table.ts';

const n = (v: unknown) => Number(v ?? 0);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** A receiver answered badly: no answer, an error, or a status outside 2xx. */
const attemptFailed = or(
  sql`${webhookAttempt.error} <> ''`,
  sql`${webhookAttempt.statusCode} is null`,
  lt(webhookAttempt.statusCode, 200),
  gte(webhookAttempt.statusCode, 300),
);

/**
 * createFleetHealthRepo holds the operator home's platform-wide aggregates. These are the only queries in the
 * product not scoped to one store: they answer operator routes alone, and return counts, store names and ids, never
 * a phone's or hirer's data.
 */
export function createFleetHealthRepo(db: Db) {
  return {
    /** devicesByStore: phones in service per store and platform (Apple not in the recycle bin, Android not archived). */
    async devicesByStore() {
      const [apple, android] = await Promise.all([
        db.select({ storeId: iosDevice.storeId, n: count() }).from(iosDevice).where(eq(iosDevice.recycledStatus, 0)).groupBy(iosDevice.storeId),
        db.select({ storeId: androidDevice.storeId, n: count() }).from(androidDevice).where(eq(androidDevice.archived, false)).groupBy(androidDevice.storeId),
      ]);
      return { apple: apple.map((r) => ({ storeId: r.storeId, n: n(r.n) })), android: android.map((r) => ({ storeId: r.storeId, n: n(r.n) })) };
    },

    async storeNames(ids: string[]) {
      if (!ids.length) return new Map<string, string>();
      const rows = await db.select({ id: store.id, name: store.storeName }).from(store).where(inArray(store.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    storeCount: async () => n((await db.select({ n: count() }).from(store))[0]?.n),

    /** commandsSince: commands created since `since` by status, plus those that expired since then whenever created. */
    async commandsSince(since: Date) {
      const [byStatus, expired] = await Promise.all([
        db.select({ status: mdmCommand.status, n: count() }).from(mdmCommand).where(gt(mdmCommand.createdAt, since)).groupBy(mdmCommand.status),
        db
          .select({ n: count() })
          .from(mdmCommand)
          .where(and(eq(mdmCommand.status, 'expired'), gt(mdmCommand.completedAt, since))),
      ]);
      return { byStatus: byStatus.map((r) => ({ status: r.status, n: n(r.n) })), expired: n(expired[0]?.n) };
    },

    /** pushFailures: enrolled phones whose last push failed, by APNs reason. */
    async pushFailures() {
      const rows = await db
        .select({ reason: mdmEnrollment.pushError, dead: mdmEnrollment.pushDead, n: count() })
        .from(mdmEnrollment)
        .where(
          and(eq(mdmEnrollment.released, false), isNotNull(mdmEnrollment.pushError), or(eq(mdmEnrollment.pushDead, true), gt(mdmEnrollment.pushFailures, 0))),
        )
        .groupBy(mdmEnrollment.pushError, mdmEnrollment.pushDead);
      return rows.map((r) => ({ reason: r.reason ?? '', dead: r.dead, devices: n(r.n) })).sort((a, b) => b.devices - a.devices);
    },

    async webhookBacklog(since: Date) {
      const [pending, failed] = await Promise.all([
        db
          .select({ n: count(), oldest: min(webhookEvent.dateCreated) })
          .from(webhookEvent)
          .where(eq(webhookEvent.status, 'pending')),
        db
          .select({ n: count() })
          .from(webhookEvent)
          .where(and(eq(webhookEvent.status, 'failed'), gt(webhookEvent.dateUpdated, since))),
      ]);
      return { pending: n(pending[0]?.n), oldest: (pending[0]?.oldest as Date | null) ?? null, failed: n(failed[0]?.n) };
    },

    /** failingReceivers: stores whose receiver failed since `since`, most failures first, with the last failure. */
    async failingReceivers(since: Date, limit: number) {
      const stores = await db
        .select({ storeId: webhookEvent.storeId, n: count(), lastId: max(webhookAttempt.id) })
        .from(webhookAttempt)
        .innerJoin(webhookEvent, eq(webhookEvent.id, webhookAttempt.eventId))
        .where(and(gt(webhookAttempt.dateCreated, since), attemptFailed))
        .groupBy(webhookEvent.storeId)
        .orderBy(desc(count()))
        .limit(limit);
      const lastIds = stores.map((s) => n(s.lastId)).filter((id) => id > 0);
      const last = lastIds.length
        ? await db
            .select({ id: webhookAttempt.id, error: webhookAttempt.error, statusCode: webhookAttempt.statusCode })
            .from(webhookAttempt)
            .where(inArray(webhookAttempt.id, lastIds))
        : [];
      const byId = new Map(last.map((a) => [a.id, a]));
      return stores.map((s) => ({
        storeId: s.storeId,
        failed: n(s.n),
        lastError: byId.get(n(s.lastId))?.error ?? '',
        lastStatusCode: byId.get(n(s.lastId))?.statusCode ?? null,
      }));
    },

    /** identities: enrolled phones whose identity certificate ends within the window, and those already ended. */
    async identities(now: Date, windowEnd: Date) {
      const base = and(eq(mdmEnrollment.enabled, true), eq(mdmEnrollment.released, false));
      const rows = await db
        .select({ overdue: sql<boolean>`${mdmIdentity.notAfter} < ${now}`, n: count() })
        .from(mdmEnrollment)
        .innerJoin(mdmIdentity, eq(mdmIdentity.fingerprint, mdmEnrollment.certFingerprint))
        .where(and(base, lt(mdmIdentity.notAfter, windowEnd)))
        .groupBy(sql`1`);
      return { due: n(rows.find((r) => !r.overdue)?.n), overdue: n(rows.find((r) => r.overdue)?.n) };
    },

    async abmTokensEndingBefore(end: Date) {
      return db
        .select({ storeId: abmServer.storeId, storeName: store.storeName, expiresAt: abmServer.accessTokenExpiry })
        .from(abmServer)
        .innerJoin(store, eq(store.id, abmServer.storeId))
        .where(and(isNotNull(abmServer.accessTokenExpiry), lt(abmServer.accessTokenExpiry, end)))
        .orderBy(abmServer.accessTokenExpiry)
        .limit(50);
    },

    /** databaseBytes: pg_database_size of the database in use (PGlite answers it too). */
    async databaseBytes() {
      const [row] = rowsOf<{ bytes: string | number }>(await db.execute(sql`select pg_database_size(current_database())::bigint as bytes`));
      return n(row?.bytes);
    },
  };
}
export type FleetHealthRepo = ReturnType<typeof createFleetHealthRepo>;

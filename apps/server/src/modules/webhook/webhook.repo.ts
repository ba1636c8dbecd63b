import { and, asc, count, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { WebhookDeliveryQuery } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { type WebhookStatus, webhookAttempt, webhookEvent } from '../../domain/webhook.table.ts';

export type WebhookEventRow = typeof webhookEvent.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempt.$inferSelect;

export interface AttemptOutcome {
  statusCode: number | null;
  error: string;
  durationMs: number;
  url: string;
}

/** WebhookRepo holds the outbox queries: the admin's history, the job's claim and its bookkeeping. */
export function createWebhookRepo(db: Db) {
  return {
    async list(storeId: string, q: WebhookDeliveryQuery) {
      const where = and(eq(webhookEvent.storeId, storeId), q.status ? eq(webhookEvent.status, q.status) : undefined);
      const [rows, [{ n }]] = await Promise.all([
        db
          .select()
          .from(webhookEvent)
          .where(where)
          .orderBy(desc(webhookEvent.dateCreated), desc(webhookEvent.id))
          .limit(q.page_size)
          .offset(q.page_num * q.page_size),
        db.select({ n: count() }).from(webhookEvent).where(where),
      ]);
      const attempts = rows.length
        ? await db
            .select()
            .from(webhookAttempt)
            .where(
              inArray(
                webhookAttempt.eventId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(asc(webhookAttempt.id))
        : [];
      return { rows, attempts, total: n };
    },

    async get(storeId: string, id: string) {
      const [row] = await db
        .select()
        .from(webhookEvent)
        .where(and(eq(webhookEvent.storeId, storeId), eq(webhookEvent.id, id)));
      return row;
    },

    async countPending(storeId: string) {
      const [{ n }] = await db
        .select({ n: count() })
        .from(webhookEvent)
        .where(and(eq(webhookEvent.storeId, storeId), eq(webhookEvent.status, 'pending')));
      return n;
    },

    /** requeue puts a failed event back in line with a fresh retry schedule; false when it was not failed. */
    async requeue(storeId: string, id: string, now: Date) {
      const rows = await db
        .update(webhookEvent)
        .set({ status: 'pending', roundAttempts: 0, nextAttemptAt: now, dateUpdated: now })
        .where(and(eq(webhookEvent.storeId, storeId), eq(webhookEvent.id, id), eq(webhookEvent.status, 'failed')))
        .returning({ id: webhookEvent.id });
      return rows.length === 1;
    },

    /** prune drops finished events (and their attempts) created before `before`; pending ones are kept. */
    async prune(before: Date) {
      const rows = await db
        .delete(webhookEvent)
        .where(and(lt(webhookEvent.dateCreated, before), inArray(webhookEvent.status, ['delivered', 'failed'])))
        .returning({ id: webhookEvent.id });
      return rows.length;
    },

    /**
     * claimDue takes up to `limit` due events with FOR UPDATE SKIP LOCKED, so parallel processes never take the
     * same row, and leases them by moving next_attempt_at forward: a sender that dies mid-send leaves its row
     * to be retried once the lease runs out.
     */
    async claimDue(now: Date, limit: number, leaseMs: number): Promise<WebhookEventRow[]> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ id: webhookEvent.id })
          .from(webhookEvent)
          .where(and(eq(webhookEvent.status, 'pending'), lte(webhookEvent.nextAttemptAt, now)))
          .orderBy(asc(webhookEvent.nextAttemptAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (!due.length) return [];
        return tx
          .update(webhookEvent)
          .set({
            nextAttemptAt: new Date(now.getTime() + leaseMs),
            attempts: sql`${webhookEvent.attempts} + 1`,
            roundAttempts: sql`${webhookEvent.roundAttempts} + 1`,
            dateUpdated: now,
          })
          .where(
            inArray(
              webhookEvent.id,
              due.map((d) => d.id),
            ),
          )
          .returning();
      });
    },

    /**
     * finish records one attempt and the event's new state together. The update only applies while the event
     * is still pending at the attempt count this sender claimed, so a late or duplicate sender can never mark
     * an event delivered twice or overwrite a newer attempt.
     */
    async finish(claimed: WebhookEventRow, outcome: AttemptOutcome, next: { status: WebhookStatus; nextAttemptAt: Date; now: Date }) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(webhookEvent)
          .set({
            status: next.status,
            nextAttemptAt: next.nextAttemptAt,
            lastStatusCode: outcome.statusCode,
            lastError: outcome.error,
            deliveredAt: next.status === 'delivered' ? next.now : null,
            dateUpdated: next.now,
          })
          .where(and(eq(webhookEvent.id, claimed.id), eq(webhookEvent.status, 'pending'), eq(webhookEvent.attempts, claimed.attempts)))
          .returning({ id: webhookEvent.id });
        if (!rows.length) return false;
        await tx.insert(webhookAttempt).values({
          eventId: claimed.id,
          attemptNo: claimed.attempts,
          url: outcome.url,
          statusCode: outcome.statusCode,
          error: outcome.error,
          durationMs: outcome.durationMs,
        });
        return true;
      });
    },
  };
}
export type WebhookRepo = ReturnType<typeof createWebhookRepo>;

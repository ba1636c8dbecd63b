import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ApnsPusher, PushOutcome } from '../../adapters/apns/apns-pusher.ts';
import type { Db } from '../../db/client.ts';
import { mdmEnrollment } from './mdm.table.ts';

/** After a push is accepted, ask again only if the work is still pending this much later. */
const REPUSH_AFTER_SENT_MS = 15 * 60_000;
/** Transient failures back off 30 s, 2 min, 8 min, then every 30 min (Fleet #52362), with jitter. */
const BACKOFF_MS = [30_000, 120_000, 480_000, 1_800_000];

export const backoffFor = (failures: number, random = Math.random) => {
  const base = BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)];
  return Math.round(base * (0.8 + random() * 0.4));
};

/**
 * createPushService wakes enrolled phones through APNs. It runs after the enqueue transaction has committed
 * (never inside it: Fleet #50682), records dead tokens so they are not retried, and schedules retries.
 */
export function createPushService(deps: { db: Db; pusher: () => ApnsPusher; log: FastifyBaseLogger }) {
  const { db } = deps;

  async function record(outcomes: PushOutcome[], byToken: Map<string, { deviceId: string; failures: number }>) {
    const now = Date.now();
    const sent = outcomes.filter((o) => o.status === 'sent').map((o) => byToken.get(o.target.tokenHex)!.deviceId);
    const dead = outcomes.filter((o) => o.status === 'dead').map((o) => byToken.get(o.target.tokenHex)!.deviceId);
    if (sent.length) {
      await db
        .update(mdmEnrollment)
        .set({ lastPushAt: new Date(now), pushFailures: 0, pushError: null, pushErrorAt: null, nextPushAt: new Date(now + REPUSH_AFTER_SENT_MS) })
        .where(inArray(mdmEnrollment.deviceId, sent));
    }
    if (dead.length) {
      deps.log.warn({ devices: dead.length }, 'APNs reports dead device tokens; they will not be pushed again until the phone sends a new TokenUpdate');
      // The reason is kept per phone: the operator's fleet health counts failures by it.
      for (const o of outcomes.filter((x) => x.status === 'dead')) {
        await db
          .update(mdmEnrollment)
          .set({ pushDead: true, pushError: (o.reason ?? 'Unknown').slice(0, 120), pushErrorAt: new Date(now) })
          .where(eq(mdmEnrollment.deviceId, byToken.get(o.target.tokenHex)!.deviceId));
      }
    }
    for (const o of outcomes.filter((x) => x.status === 'retry')) {
      const { deviceId, failures } = byToken.get(o.target.tokenHex)!;
      await db
        .update(mdmEnrollment)
        .set({
          pushFailures: sql`${mdmEnrollment.pushFailures} + 1`,
          pushError: (o.reason ?? 'Unknown').slice(0, 120),
          pushErrorAt: new Date(now),
          nextPushAt: new Date(now + backoffFor(failures)),
        })
        .where(eq(mdmEnrollment.deviceId, deviceId));
    }
  }

  /** wake pushes to every given device that can be woken; returns how many pushes APNs accepted. */
  async function wake(deviceIds: string[]): Promise<number> {
    let accepted = 0;
    for (let i = 0; i < deviceIds.length; i += 5000) {
      const rows = await db
        .select({
          deviceId: mdmEnrollment.deviceId,
          tokenHex: mdmEnrollment.tokenHex,
          pushMagic: mdmEnrollment.pushMagic,
          failures: mdmEnrollment.pushFailures,
        })
        .from(mdmEnrollment)
        .where(
          and(
            inArray(mdmEnrollment.deviceId, deviceIds.slice(i, i + 5000)),
            eq(mdmEnrollment.enabled, true),
            eq(mdmEnrollment.pushDead, false),
            isNotNull(mdmEnrollment.tokenHex),
          ),
        );
      const targets = rows.filter((r) => r.tokenHex && r.pushMagic).map((r) => ({ tokenHex: r.tokenHex!, pushMagic: r.pushMagic! }));
      if (!targets.length) continue;
      const byToken = new Map(rows.map((r) => [r.tokenHex!, { deviceId: r.deviceId, failures: r.failures }]));
      const outcomes = await deps.pusher().push(targets);
      accepted += outcomes.filter((o) => o.status === 'sent').length;
      await record(outcomes, byToken);
    }
    return accepted;
  }

  return {
    wake,

    /** wakeInBackground pushes without making the caller wait; failures are logged and retried by the sweep. */
    wakeInBackground(deviceIds: string[]) {
      if (!deviceIds.length) return;
      wake(deviceIds).catch((err: unknown) => deps.log.error({ err }, 'push failed; the sweep will retry'));
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;

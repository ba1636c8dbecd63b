import type { FleetHealth } from '@lease/shared';
import type { PushCertService } from '../../../mdm/apple/push-cert/push-cert.service.ts';
import { createTtlCache } from '../../home/ttl-cache.ts';
import type { FleetHealthRepo } from './fleet-health.repo.ts';

const DAY = 86_400_000;
/** Lists on the home stop here; the counts stay exact. */
const TOP = 10;
/** ABM tokens and the push certificate are listed this long before they end (the expiry watch's window). */
const WARN_DAYS = 30;
/** Many operators on the home at once share one set of aggregates for this long. */
const CACHE_MS = 10_000;

const daysLeft = (end: Date, now: Date) => Math.floor((end.getTime() - now.getTime()) / DAY);

/**
 * createFleetHealthService gathers the operator home's figures: phones per platform and store, the last day's
 * commands, failing pushes by reason, the webhook backlog and failing receivers, identities due and overdue,
 * what ends soon (ABM tokens, the push certificate) and the database size.
 */
export function createFleetHealthService(deps: {
  repo: FleetHealthRepo;
  pushCert: Pick<PushCertService, 'status'>;
  /** Renewals sent and not taken up (the identity renewal job's own count). */
  unansweredRenewals: () => Promise<number>;
  renewalWindowDays: number;
  databaseKind: 'pglite' | 'postgres';
  now?: () => Date;
}) {
  const cache = createTtlCache<FleetHealth>(CACHE_MS, 1);

  async function compute(): Promise<FleetHealth> {
    const now = deps.now?.() ?? new Date();
    const since = new Date(now.getTime() - DAY);
    const { repo } = deps;
    const [devices, stores, commands, pushFailures, backlog, receivers, identities, unanswered, abm, push, bytes] = await Promise.all([
      repo.devicesByStore(),
      repo.storeCount(),
      repo.commandsSince(since),
      repo.pushFailures(),
      repo.webhookBacklog(since),
      repo.failingReceivers(since, TOP),
      repo.identities(now, new Date(now.getTime() + deps.renewalWindowDays * DAY)),
      deps.unansweredRenewals(),
      repo.abmTokensEndingBefore(new Date(now.getTime() + WARN_DAYS * DAY)),
      deps.pushCert.status(),
      repo.databaseBytes(),
    ]);
    const perStore = new Map<string, { apple: number; android: number }>();
    for (const r of devices.apple) perStore.set(r.storeId, { apple: r.n, android: 0 });
    for (const r of devices.android) perStore.set(r.storeId, { apple: perStore.get(r.storeId)?.apple ?? 0, android: r.n });
    const top = [...perStore].sort((a, b) => b[1].apple + b[1].android - (a[1].apple + a[1].android)).slice(0, TOP);
    const names = await repo.storeNames([...new Set([...top.map(([id]) => id), ...receivers.map((r) => r.storeId)])]);
    const status = (s: string) => commands.byStatus.filter((r) => r.status === s).reduce((sum, r) => sum + r.n, 0);
    const inUse = push.source === 'env-certificate' ? push.env_certificate : push.source === 'stored' ? push.stored : null;
    return {
      generated_at: now.toISOString(),
      devices: {
        apple: devices.apple.reduce((s, r) => s + r.n, 0),
        android: devices.android.reduce((s, r) => s + r.n, 0),
        by_store: top.map(([id, v]) => ({ store_id: id, store_name: names.get(id) ?? '', apple: v.apple, android: v.android })),
        stores,
      },
      commands_24h: {
        queued: status('queued') + status('not-now'),
        sent: status('sent'),
        acknowledged: status('acknowledged'),
        failed: status('error') + status('format-error'),
        expired: commands.expired,
      },
      push_failures: pushFailures,
      webhooks: {
        pending: backlog.pending,
        oldest_pending_at: backlog.oldest ? new Date(backlog.oldest).toISOString() : null,
        failed_24h: backlog.failed,
        failing_receivers: receivers.map((r) => ({
          store_id: r.storeId,
          store_name: names.get(r.storeId) ?? '',
          failed: r.failed,
          last_error: r.lastError,
          last_status_code: r.lastStatusCode,
        })),
      },
      identities: { ...identities, unanswered, window_days: deps.renewalWindowDays },
      abm_tokens: abm.map((t) => ({
        store_id: t.storeId,
        store_name: t.storeName,
        expires_at: (t.expiresAt as Date).toISOString(),
        days_left: daysLeft(t.expiresAt as Date, now),
      })),
      push_certificate: {
        source: push.source,
        topic: push.current_topic,
        expires_at: inUse?.not_after ?? null,
        days_left: inUse?.days_left ?? null,
        warning: push.warning,
      },
      database: { kind: deps.databaseKind, bytes },
    };
  }

  return {
    /** health answers the home; `fresh` skips the short shared cache (tests, the refresh button). */
    health: (fresh = false) => (fresh ? compute() : cache.get('fleet', compute)),
  };
}
export type FleetHealthService = ReturnType<typeof createFleetHealthService>;

import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** CHANNEL is the PostgreSQL NOTIFY channel of agent wake-ups. */
const CHANNEL = 'android_wake';
/** NOTIFY payloads must stay under 8000 bytes: about 200 device ids each. */
const IDS_PER_NOTIFY = 200;

export type WakeHandler = (deviceIds: string[]) => void;

/**
 * WakeBus tells every server process that some agents have work, wherever their WebSocket lives (DESIGN §1).
 * On PostgreSQL it is LISTEN/NOTIFY on a dedicated connection; on PGlite (one process) an in-process call.
 * `onResync` runs after the listener reconnects: notifications may have been missed meanwhile.
 */
export interface WakeBus {
  publish(deviceIds: string[]): void;
  subscribe(handler: WakeHandler, onResync?: () => void): void;
  close(): Promise<void>;
}

export function createWakeBus(deps: { database: Database; databaseUrl?: string; log: FastifyBaseLogger }): WakeBus {
  const handlers: { wake: WakeHandler; resync?: () => void }[] = [];
  const deliver = (ids: string[]) => {
    for (const h of handlers) {
      try {
        h.wake(ids);
      } catch (err) {
        deps.log.error({ err }, 'android wake handler failed');
      }
    }
  };
  if (deps.database.kind !== 'postgres' || !deps.databaseUrl) {
    return {
      publish: (ids) => void (ids.length && queueMicrotask(() => deliver(ids))),
      subscribe: (wake, resync) => void handlers.push({ wake, resync }),
      close: async () => {},
    };
  }

  // Each process tags its notifications, so it acts on its own at once and ignores the echo.
  const origin = randomBytes(6).toString('hex');
  const url = deps.databaseUrl;
  let client: pg.Client | null = null;
  let closed = false;
  let retry = 0;

  async function listen() {
    if (closed) return;
    const c = new pg.Client({ connectionString: url });
    c.on('error', (err) => deps.log.warn({ err: err.message }, 'android wake listener error'));
    c.on('end', () => {
      if (client === c) client = null;
      if (!closed) setTimeout(() => void listen(), Math.min(30_000, 500 * 2 ** retry++)).unref();
    });
    c.on('notification', (msg) => {
      const payload = msg.payload ?? '';
      const bar = payload.indexOf('|');
      if (bar < 0 || payload.slice(0, bar) === origin) return;
      const ids = payload
        .slice(bar + 1)
        .split(',')
        .filter(Boolean);
      if (ids.length) deliver(ids);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
      client = c;
      if (retry > 0) for (const h of handlers) h.resync?.();
      retry = 0;
    } catch (err) {
      deps.log.warn({ err: (err as Error).message }, 'android wake listener could not connect');
      await c.end().catch(() => {});
    }
  }
  const ready = listen();

  return {
    publish(ids) {
      if (!ids.length) return;
      queueMicrotask(() => deliver(ids));
      void (async () => {
        for (let i = 0; i < ids.length; i += IDS_PER_NOTIFY) {
          const payload = `${origin}|${ids.slice(i, i + IDS_PER_NOTIFY).join(',')}`;
          await deps.database.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
        }
      })().catch((err: unknown) => deps.log.error({ err }, 'android wake notify failed'));
    },
    subscribe: (wake, resync) => void handlers.push({ wake, resync }),
    async close() {
      closed = true;
      await ready;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

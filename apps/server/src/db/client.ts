import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { createDatabaseWatch, type DatabaseWatch, pgProbe } from './availability.ts';
import { GuardedPool } from './guarded-pool.ts';
import { pgliteBytea } from './pglite-bytea.ts';

export type Db = PgDatabase<PgQueryResultHKT>;

/** Database is the one handle the app holds: Drizzle plus how to close it and which engine it is. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connection counts (metrics). */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
  /** PostgreSQL only: whether this process can reach the server now (requests fail at once while it cannot). */
  watch?: DatabaseWatch;
  /**
   * PostgreSQL with limits only: whether the next caller in the pool's line has waited past BACKED_UP_MS (a phone's
   * handicap not counted: GuardedPool). The phones' routes then ask them to come back later (they retry by protocol;
   * their commands stay queued), so the clerks' requests are not queued behind theirs past the console's 10 s.
   */
  backedUp?: () => boolean;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/** rowsAffected reads how many rows a raw `db.execute` changed: PGlite says affectedRows, node-postgres rowCount. */
export const rowsAffected = (result: unknown) => (result as { affectedRows?: number }).affectedRows ?? (result as { rowCount?: number | null }).rowCount ?? 0;

/** `from`: a PGlite data folder as a tar (`dumpDataDir`) to start from instead of running initdb (tests). */
export type DatabaseTarget = { kind: 'postgres'; url: string; limits?: PoolLimits } | { kind: 'pglite'; dir?: string; from?: Blob };

/**
 * PoolLimits bound how long a request waits on PostgreSQL: for a free connection, for a new one, for a statement's
 * answer. The server sets them (config DB_*); tests and benches that run long statements of their own leave them off.
 */
export interface PoolLimits {
  max?: number;
  connectTimeoutMs?: number;
  queryTimeoutMs?: number;
}

/** This long with statements outstanding and none finishing makes the watch probe (GuardedPool). */
const STALL_MS = 3_000;

/**
 * A console request runs several statements, and each waits its turn in the queue anew: at 5 s of queue a list of
 * three statements passed the console's 10 s in a rolling upgrade at 2,000 + 2,000 phones (the balancer's log showed
 * 7-30 s answers), and at 2 s some still did on a box short of CPU. At 1 s a request of five statements has room.
 */
const BACKED_UP_MS = 1_000;

/** Any fixed number: the advisory lock nodes of one cluster take to migrate one at a time. */
const MIGRATION_LOCK = 7_301_977;

/**
 * migrateOnce applies the migrations on a connection of its own, without the pool's statement timeout (an index on
 * a large table takes minutes), under an advisory lock: nodes of a cluster starting together migrate one after the
 * other, and the later ones find nothing left to do.
 */
async function migrateOnce(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client) as never, { migrationsFolder });
  } finally {
    await client.end();
  }
}

/** openDatabase connects (PGlite in a folder or in memory, or a PostgreSQL URL) and applies migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const { max = 10, connectTimeoutMs, queryTimeoutMs } = target.limits ?? {};
    // Found gone, the database fails the callers queued for a connection at once (GuardedPool).
    // 5 s: a busy PostgreSQL can take seconds to start a backend, and a false 'gone' takes the node out of service.
    const watch = createDatabaseWatch(pgProbe(target.url, Math.min(connectTimeoutMs ?? 5_000, 5_000)), {
      onChange: (reachable) => reachable || guarded?.failWaiters(),
    });
    const config: pg.PoolConfig = {
      connectionString: target.url,
      max,
      connectionTimeoutMillis: connectTimeoutMs,
      query_timeout: queryTimeoutMs,
      // A transaction whose node vanished mid-way (a cut link) holds its row locks until PostgreSQL gives up on it:
      // bounded here, so the other nodes can take those rows again.
      options: queryTimeoutMs ? `-c idle_in_transaction_session_timeout=${Math.max(30_000, 3 * queryTimeoutMs)}` : undefined,
      // A peer that vanished without a FIN (a cut link) is noticed by the kernel instead of never.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    };
    // Without limits (tests and benches running long statements of their own) nothing is guarded.
    const guarded = queryTimeoutMs ? new GuardedPool(config, watch, Math.min(STALL_MS, queryTimeoutMs / 2)) : undefined;
    const pool = guarded ?? new pg.Pool(config);
    // An idle client can be cut off (server restart, failover); pg emits that on the pool, where an
    // unhandled 'error' would end the process. The pool drops the client and opens a new one on demand.
    pool.on('error', (err) => console.error(`PostgreSQL idle client error: ${err.message}`));
    // The pool listens only to idle clients. A checked-out client whose socket fails between two statements (the
    // kernel's keepalive giving up on a cut link) emits 'error' with no query to take it, which would end the
    // process; heard here, the client is marked broken and the pool drops it when it comes back.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool) as unknown as Db;
    await migrateOnce(target.url);
    const close = async () => {
      watch.close();
      await pool.end();
    };
    // The guarded pool queues callers in front of node-postgres (the phones behind the rest): its queue is the one.
    const counts = guarded
      ? {
          get totalCount() {
            return guarded.totalCount;
          },
          get idleCount() {
            return guarded.idleCount;
          },
          get waitingCount() {
            return guarded.queued;
          },
        }
      : pool;
    return { db, kind: 'postgres', close, pool: counts, watch, backedUp: guarded && (() => guarded.queueDelayMs() > BACKED_UP_MS) };
  }
  if (target.dir) fs.mkdirSync(target.dir, { recursive: true });
  // pg_trgm's library is loaded on every open; migration 0009 creates the extension (the header search's indexes).
  const client = new PGlite({ dataDir: target.dir, loadDataDir: target.from, extensions: { pg_trgm }, ...pgliteBytea });
  const db = drizzlePglite(client) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

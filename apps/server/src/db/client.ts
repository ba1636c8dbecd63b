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

export type Db = PgDatabase<PgQueryResultHKT>;

/** Database is the one handle the app holds: Drizzle plus how to close it and which engine it is. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connection counts (metrics). */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/** `from`: a PGlite data folder as a tar (`dumpDataDir`) to start from instead of running initdb (tests). */
export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dir?: string; from?: Blob };

/** openDatabase connects (PGlite in a folder or in memory, or a PostgreSQL URL) and applies migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle client can be cut off (server restart, failover); pg emits that on the pool, where an
    // unhandled 'error' would end the process. The pool drops the client and opens a new one on demand.
    pool.on('error', (err) => console.error(`PostgreSQL idle client error: ${err.message}`));
    const db = drizzlePg(pool) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end(), pool };
  }
  if (target.dir) fs.mkdirSync(target.dir, { recursive: true });
  // pg_trgm's library is loaded on every open; migration 0009 creates the extension (the header search's indexes).
  const client = new PGlite({ dataDir: target.dir, loadDataDir: target.from, extensions: { pg_trgm } });
  const db = drizzlePglite(client) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

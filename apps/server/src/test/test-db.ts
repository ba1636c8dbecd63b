import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.ts';

/** createScratchDatabase makes an empty database on a PostgreSQL server, and the way to drop it again. */
export async function createScratchDatabase(serverUrl: string, prefix = 't') {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * openTestDatabase gives each test file its own empty database: PGlite in memory by default, or a
 * fresh database on the PostgreSQL server named by DATABASE_URL (dropped again on close), so the
 * same suites run on both engines.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ kind: 'pglite', from: await migratedPgliteTemplate() });
  const scratch = await createScratchDatabase(serverUrl);
  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

const migrationsFolder = path.resolve(import.meta.dirname, '../db/migrations');

/**
 * migratedPgliteTemplate is an empty, migrated PGlite data folder as a tar, kept in the temp folder under a hash of
 * the migrations: a PGlite started from it skips initdb, which costs about 2.5 s of WASM for each of the suite's
 * few hundred databases. Test files run in separate processes, so the cache is a file, written by rename.
 */
async function migratedPgliteTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const cached = path.join(os.tmpdir(), `lease-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!fs.existsSync(cached)) {
    const database = await openDatabase({ kind: 'pglite' });
    const tar = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    await database.close();
    const partial = `${cached}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await tar.arrayBuffer()));
    fs.renameSync(partial, cached);
  }
  return new Blob([fs.readFileSync(cached)]);
}

import { randomBytes } from 'node:crypto';
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
  if (!serverUrl) return openDatabase({ kind: 'pglite' });
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

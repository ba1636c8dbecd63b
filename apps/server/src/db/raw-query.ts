import pg from 'pg';
import type { Db } from './client.ts';

interface QueryClient {
  query(config: { name?: string; text: string; values?: unknown[] } | string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * rawQuery runs one hand-written statement straight on the driver, for the few statements of the Apple round
 * trip: no Drizzle query building, and on PostgreSQL a named (prepared) statement, so each connection parses and
 * plans it once. PGlite runs in process and has no protocol round trip to save; it gets the plain text.
 */
export async function rawQuery<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: QueryClient }).$client;
  const result = client instanceof pg.Pool ? await client.query({ name, text, values }) : await client.query(text, values);
  return result.rows as T[];
}

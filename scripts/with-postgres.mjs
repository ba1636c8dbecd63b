#!/usr/bin/env node
// Runs a command with DATABASE_URL pointing at the local PostgreSQL server, so the server and
// data-layer suites run there as well as on PGlite. Each test app creates and drops its own database.
// PG_TEST_URL overrides the server; when none answers, this says so and fails rather than pass silently.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  await client.query('select 1');
  await client.end();
} catch (err) {
  console.error(`PostgreSQL is not reachable at ${url}: ${err.message}`);
  console.error('Start it (pg_ctlcluster <version> main start) or set PG_TEST_URL.');
  process.exit(1);
}
const [cmd, ...args] = process.argv.slice(2);
const result = spawnSync('npx', [cmd, ...args], { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url } });
process.exit(result.status ?? 1);

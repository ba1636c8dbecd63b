/**
 * A lease watch in a process of its own, for the crash test (lease-watch.crash.ts): the whole app composed on the
 * given PostgreSQL database with its clock at LEASE_NOW, one watch run, then exit. The test SIGKILLs it midway.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createOutboxSmsSender } from '../../../adapters/sms/outbox-sender.ts';
import { composeApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { openDatabase } from '../../../db/client.ts';
import { ephemeralMdmKeys } from '../../../mdm/apple/mdm-keys.ts';
import { ephemeralSecrets } from '../../../secrets.ts';

const url = process.env.DATABASE_URL as string;
const now = new Date(process.env.LEASE_NOW as string);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-watch-runner-'));
const database = await openDatabase({ kind: 'postgres', url });
const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, WEB_DIST: path.join(dataDir, 'no-web'), LOG_LEVEL: 'warn' });
const { app, parts } = await composeApp({
  config,
  database,
  secrets: ephemeralSecrets(),
  mdmKeys: ephemeralMdmKeys(),
  smsSender: createOutboxSmsSender(database.db),
  clock: () => now,
});
await app.ready();
process.stdout.write('ready\n');
const result = await parts.lease.watch.run();
process.stdout.write(`${JSON.stringify(result)}\n`);
await app.close();
await database.close();

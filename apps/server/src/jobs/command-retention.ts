import { sql } from 'drizzle-orm';
import { type Db, rowsAffected } from '../db/client.ts';
import type { Job } from './scheduler.ts';

const DAY = 86_400_000;
/** Rows deleted per statement: a big backlog (the first run after an upgrade) goes in short transactions. */
const BATCH = 5_000;
/** Statements per run; what is left waits for the next hour. */
const MAX_BATCHES = 20;

/** The command tables: an Apple command's and an agent's share completed_at, set by every final status. */
const TABLES = ['mdm_command', 'android_command'] as const;

/**
 * pruneFinishedCommands deletes the commands that ended (answered, failed, cancelled, expired) before `before`,
 * oldest first, a batch per statement. Pending commands are never touched, however old. The store's account of
 * what was done stays in the operation log; an answer that still comes for a pruned command changes nothing, as for
 * any command no longer pending, and the phone is served its next one.
 */
export async function pruneFinishedCommands(db: Db, before: Date): Promise<number> {
  let deleted = 0;
  for (const table of TABLES) {
    for (let i = 0; i < MAX_BATCHES; i++) {
      const result = await db.execute(sql`
        delete from ${sql.identifier(table)} where id in (
          select id from ${sql.identifier(table)} where completed_at < ${before} order by completed_at limit ${BATCH})`);
      const n = rowsAffected(result);
      deleted += n;
      if (n < BATCH) break;
    }
  }
  return deleted;
}

/** commandRetentionJob keeps `days` of finished commands (COMMAND_RETENTION_DAYS), so the tables stop growing with the years. */
export const commandRetentionJob = (db: Db, days: number): Job => ({
  name: 'command-retention',
  everyMs: 3_600_000,
  run: () => pruneFinishedCommands(db, new Date(Date.now() - days * DAY)),
});

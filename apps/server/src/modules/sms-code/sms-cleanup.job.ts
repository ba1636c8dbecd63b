import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Job } from '../../jobs/scheduler.ts';
import { smsCheck, smsCode, smsProofSpent } from './sms-code.table.ts';

/** Codes and checks count toward caps for a day at most (the per-phone daily cap); two days are kept, then dropped. */
const KEEP_MS = 2 * 86_400_000;

/** smsCleanupJob keeps the code, check and spent-proof ledgers small; deleting by age is idempotent across processes. */
export const smsCleanupJob = (db: Db): Job => ({
  name: 'sms-cleanup',
  everyMs: 3_600_000,
  async run() {
    const before = new Date(Date.now() - KEEP_MS);
    const [codes, checks, proofs] = await Promise.all([
      db.delete(smsCode).where(lt(smsCode.createdAt, before)).returning({ id: smsCode.id }),
      db.delete(smsCheck).where(lt(smsCheck.createdAt, before)).returning({ id: smsCheck.id }),
      // An expired challenge is refused for its expiry; it need not be remembered as spent.
      db.delete(smsProofSpent).where(lt(smsProofSpent.expiresAt, new Date())).returning({ challenge: smsProofSpent.challenge }),
    ]);
    return { codes: codes.length, checks: checks.length, proofs: proofs.length };
  },
});

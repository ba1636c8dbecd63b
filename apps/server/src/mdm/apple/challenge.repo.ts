import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scepChallenge } from './mdm.table.ts';

export interface ChallengeContext {
  storeId: string;
  clerkId: string | null;
  deviceId: string | null;
  /** Set for the challenge of a renewal profile sent to an enrolled phone (deviceId is then set too). */
  renewal?: boolean;
}

const hash = (challenge: string) => createHash('sha256').update(challenge).digest('hex');

/** ChallengeRepo issues SCEP challenges (only their hash is stored) and spends them atomically. */
export function createChallengeRepo(db: Db) {
  return {
    async issue(context: ChallengeContext, uses: number, ttlMs: number): Promise<string> {
      const challenge = randomBytes(24).toString('base64url');
      await db.insert(scepChallenge).values({ challengeHash: hash(challenge), usesLeft: uses, expiresAt: new Date(Date.now() + ttlMs), ...context });
      return challenge;
    },

    /** consume spends one use; two phones racing for the last use cannot both win. */
    async consume(challenge: string): Promise<ChallengeContext | null> {
      const [row] = await db
        .update(scepChallenge)
        .set({ usesLeft: sql`${scepChallenge.usesLeft} - 1` })
        .where(and(eq(scepChallenge.challengeHash, hash(challenge)), gt(scepChallenge.usesLeft, 0), gt(scepChallenge.expiresAt, new Date())))
        .returning({ storeId: scepChallenge.storeId, clerkId: scepChallenge.clerkId, deviceId: scepChallenge.deviceId, renewal: scepChallenge.renewal });
      return row ?? null;
    },
  };
}
export type ChallengeRepo = ReturnType<typeof createChallengeRepo>;

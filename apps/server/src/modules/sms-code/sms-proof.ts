import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SMS_PROOF_BITS, type SmsChallengeResponse, type SmsProof, smsProofHolds } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { smsProofSpent } from './sms-code.table.ts';

const CHALLENGE_TTL_MS = 5 * 60_000;
/** The MAC is cut to 96 bits: forging one online is hopeless, and challenge + solution then fit one SHA-256 block. */
const MAC_BYTES = 12;

/**
 * createSmsProof issues and checks the proof-of-work challenges in front of public SMS sends. A challenge is
 * `expiry.difficulty.nonce.mac` (expiry in base-36 ms): signed, so issuing stores nothing; a spent one is stored
 * until it expires, so each works once.
 */
export function createSmsProof(db: Db, secret: Uint8Array, difficulty = SMS_PROOF_BITS, now = () => Date.now()) {
  // A key of its own, so a challenge MAC can never stand in for a code digest made with the same secret.
  const key = createHmac('sha256', secret).update('sms-proof-challenge').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES).toString('base64url');
  const refused = (message?: string) => new AppError('SMS_PROOF_INVALID', message);

  return {
    difficulty,

    issue(): SmsChallengeResponse {
      const expires = now() + CHALLENGE_TTL_MS;
      const body = `${expires.toString(36)}.${difficulty}.${randomBytes(9).toString('base64url')}`;
      return { challenge: `${body}.${mac(body)}`, difficulty, expires_at: new Date(expires).toISOString() };
    },

    /** spend accepts a proof once: signed here, unexpired, at least today's difficulty, solved, and not used before. */
    async spend(proof: SmsProof): Promise<void> {
      const parts = proof.challenge.split('.');
      if (parts.length !== 4) throw refused();
      const [expiry, bits, , signature] = parts;
      const expected = Buffer.from(mac(parts.slice(0, 3).join('.')));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw refused();
      const expires = Number.parseInt(expiry, 36);
      if (!(expires > now())) throw refused('人机验证已过期，请重试');
      // A challenge issued easier (before the difficulty was raised) is not worth today's send.
      const level = Number(bits);
      if (!(level >= difficulty)) throw refused();
      if (!smsProofHolds(proof.challenge, proof.solution, level)) throw refused();
      const spent = await db
        .insert(smsProofSpent)
        .values({ challenge: proof.challenge, expiresAt: new Date(expires) })
        .onConflictDoNothing()
        .returning({ challenge: smsProofSpent.challenge });
      if (spent.length !== 1) throw refused('人机验证已使用，请重试');
    },
  };
}
export type SmsProofService = ReturnType<typeof createSmsProof>;

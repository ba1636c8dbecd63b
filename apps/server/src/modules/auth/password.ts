import argon2 from 'argon2';

/** OWASP ASVS 5.0 Appendix C: argon2id, 19 MiB, two passes, one lane (≈30 ms here). */
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => argon2.hash(plain, options);

/** A fixed hash verified for unknown accounts, so a miss takes as long as a wrong password. */
let decoyHash: Promise<string> | undefined;

/** verifyPassword compares against the stored hash, or against the decoy when there is none. */
export async function verifyPassword(hash: string | null | undefined, plain: string): Promise<boolean> {
  if (!hash) {
    decoyHash ??= hashPassword('decoy-password-never-matches');
    await argon2.verify(await decoyHash, plain);
    return false;
  }
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

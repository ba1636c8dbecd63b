import argon2 from 'argon2';
import { isCommonPassword, msg } from '@lease/shared';
import { AppError } from '../../http/app-error.ts';

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

/**
 * Passwords must not be guessable from who the account is or what the product is called. On top of the spec's
 * 6-16 pattern and the shared common-password list (checked by the request schemas), a new password is refused when:
 * - it contains the account's own 11-digit phone number, or is made only of digits that all appear, in order,
 *   inside that number (手机号后六位 and the like);
 * - its letters, once digits and symbols are dropped and look-alike digits read as letters (0→o, 1→i, 4→a, @→a),
 *   contain the product's pinyin "zujibao" in any case (ZuJiBao, zujibao123, Zu-Ji-Bao!, zujiba0…), or are exactly
 *   its initials "zjb" (zjb123456). Misspellings are not chased: the aim is the guesses an attacker tries first.
 * The common-password list is checked here too, so services that set a password refuse it even without the schema.
 */
const LOOKALIKES: Record<string, string> = { '0': 'o', '1': 'i', '4': 'a', '@': 'a' };
const PRODUCT_PINYIN = 'zujibao';
const PRODUCT_INITIALS = 'zjb';

export function passwordProblem(password: string, phone: string): string | null {
  if (password.includes(phone)) return '密码不能包含本账号的手机号';
  if (/^\d+$/.test(password) && phone.includes(password)) return '密码不能使用手机号中的数字';
  const letters = password.toLowerCase().replace(/[^a-z]/g, '');
  const readAs = [...password.toLowerCase()]
    .map((c) => LOOKALIKES[c] ?? c)
    .join('')
    .replace(/[^a-z]/g, '');
  if (readAs.includes(PRODUCT_PINYIN) || letters === PRODUCT_INITIALS) return '密码不能包含产品名称“租机宝”的拼音（zujibao）';
  if (isCommonPassword(password)) return msg.weakPassword;
  return null;
}

/** assertPasswordAllowed refuses a new password per passwordProblem with a Chinese 400 on the `password` field. */
export function assertPasswordAllowed(password: string, phone: string): void {
  const problem = passwordProblem(password, phone);
  if (problem) throw new AppError('VALIDATION_FAILED', problem, [{ field: 'password', message: problem }]);
}

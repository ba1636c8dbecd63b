import { randomInt } from 'node:crypto';
import { PHONE_RE } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { hashPassword } from '../auth/password.ts';
import { createOpsAudit } from './ops-audit.ts';
import { operator } from './ops.table.ts';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** oneTimePassword makes a 12-character password of unambiguous letters and digits (fits the 6-16 rule). */
export function oneTimePassword(length = 12): string {
  let out = '';
  while (out.length < length) out += ALPHABET[randomInt(ALPHABET.length)];
  // Always both a letter and a digit, whatever the draw.
  return /\d/.test(out) && /[A-Za-z]/.test(out) ? out : oneTimePassword(length);
}

export class CreateOperatorError extends Error {}

/**
 * createOperator adds an operator with a one-time password that must be changed at the first sign-in,
 * and writes the audit row. Only the command line (and the demo / tests) call it: there is no API for it.
 */
export async function createOperator(db: Db, input: { phone: string; name: string; password?: string; mustChangePassword?: boolean; by?: string }) {
  const phone = input.phone.trim();
  const name = input.name.trim();
  if (!PHONE_RE.test(phone)) throw new CreateOperatorError('手机号格式不正确（11 位，以 1 开头）');
  if (!name || name.length > 20) throw new CreateOperatorError('姓名不能为空，且不超过 20 个字');
  const password = input.password ?? oneTimePassword();
  const passwordHash = await hashPassword(password);
  try {
    const row = await db.transaction(async (tx) => {
      const [o] = await tx
        .insert(operator)
        .values({ phone, name, passwordHash, mustChangePassword: input.mustChangePassword ?? true })
        .returning();
      await createOpsAudit(db).write(
        { operatorId: null, operatorName: input.by ?? '命令行', action: 'operator.create', targetType: 'operator', targetId: o.id, after: { phone, name } },
        tx,
      );
      return o;
    });
    return { operator: row, password };
  } catch (err) {
    if (isUniqueViolation(err, 'operator_phone_unique')) throw new CreateOperatorError(`手机号 ${phone} 已是运营账号`);
    throw err;
  }
}

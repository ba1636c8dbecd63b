import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { ClerkRepo } from '../clerk/clerk.repo.ts';
import { verifyPassword } from './password.ts';

/**
 * verifyCallerSecret is the check of DESIGN §4 for sensitive actions: the caller's login password, or
 * their secondary password when they have set one. A wrong one answers 403 SECPWD_MISMATCH.
 */
export async function verifyCallerSecret(clerks: ClerkRepo, auth: AuthContext, secret: string | undefined) {
  const row = await clerks.findById(auth.clerkId);
  if (!row || !secret) throw new AppError('SECPWD_MISMATCH', '请输入登录密码或二级密码');
  const ok =
    (await verifyPassword(row.passwordHash, secret)) || (row.secondaryPasswordHash !== null && (await verifyPassword(row.secondaryPasswordHash, secret)));
  if (!ok) throw new AppError('SECPWD_MISMATCH', '密码错误');
}

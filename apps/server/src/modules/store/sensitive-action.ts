import { eq } from 'drizzle-orm';
import { SMS_CODE_RE, SmsPurpose } from '@lease/shared';
import type { SmsCodeService } from '../sms-code/sms-code.service.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { type AuthContext, SYSTEM_SESSION } from '../../http/authz.ts';
import { verifyCallerSecret } from '../auth/caller-secret.ts';
import type { ClerkRepo } from '../clerk/clerk.repo.ts';
import { store } from '../../domain/store.table.ts';

export interface SensitiveActionProof {
  password?: string;
  sms_code?: string;
}

export interface SensitiveActionGuard {
  /** Password or secondary password always (403 SECPWD_MISMATCH); plus an SMS code sent to the caller's own
   *  phone (SmsPurpose.SENSITIVE) when the store's sms-verify-switch is on (400 VALIDATION_FAILED when missing). */
  confirm(auth: AuthContext, proof: SensitiveActionProof): Promise<void>;
}

/**
 * createSensitiveActionGuard is the confirmation every sensitive action asks for (DESIGN §4): the caller's
 * secret, and, when the store has turned its SMS switch on, a fresh code from the caller's own phone.
 * The password is checked first so a wrong password never spends the SMS code.
 */
export function createSensitiveActionGuard(deps: { db: Db; clerkRepo: ClerkRepo; sms: SmsCodeService }): SensitiveActionGuard {
  const { db, clerkRepo, sms } = deps;
  return {
    async confirm(auth, proof) {
      await verifyCallerSecret(clerkRepo, auth, proof.password);
      const [row] = await db.select({ on: store.smsVerifySwitch }).from(store).where(eq(store.id, auth.storeId));
      if (!row?.on) return;
      const code = proof.sms_code?.trim();
      if (!code) throw new AppError('VALIDATION_FAILED', '门店已开启短信验证，请输入短信验证码', [{ field: 'sms_code', message: '请输入短信验证码' }]);
      if (!SMS_CODE_RE.test(code)) throw new AppError('VALIDATION_FAILED', '验证码为 6 位数字', [{ field: 'sms_code', message: '验证码为 6 位数字' }]);
      const self = await clerkRepo.findById(auth.clerkId);
      if (!self) throw new AppError('UNAUTHORIZED');
      await sms.consume(self.phoneNumber, SmsPurpose.SENSITIVE, code);
    },
  };
}

/**
 * systemApproved lets the server's own steps through a guard: a lease plan's automatic release at pay-off acts on
 * the admin's standing choice (the store policy), with no clerk to type a password. Every request still proves.
 */
export function systemApproved(guard: SensitiveActionGuard): SensitiveActionGuard {
  return {
    confirm: (auth, proof) => (auth.sessionId === SYSTEM_SESSION && auth.clerkId === null ? Promise.resolve() : guard.confirm(auth, proof)),
  };
}

import { type ResetPasswordRequest, SmsPurpose } from '@lease/shared';
import type { SmsCodeService } from '../sms-code/sms-code.service.ts';
import { AppError } from '../../http/app-error.ts';
import type { ClerkRepo } from '../clerk/clerk.repo.ts';
import type { AuthService } from './auth.service.ts';
import { assertPasswordAllowed, hashPassword } from './password.ts';

/** createPasswordResetService sets a new login password after an SMS code proves the phone, then ends every session. */
export function createPasswordResetService(deps: { clerkRepo: ClerkRepo; sms: SmsCodeService; auth: AuthService }) {
  return {
    async resetPassword({ phone_number, sms_code, password }: ResetPasswordRequest, ip?: string) {
      assertPasswordAllowed(password, phone_number);
      const found = await deps.clerkRepo.findByPhone(phone_number);
      await deps.sms.consume(phone_number, SmsPurpose.RESET_PASSWORD, sms_code, ip);
      if (!found) throw new AppError('SMS_CODE_INVALID', '验证码错误或已过期');
      await deps.clerkRepo.update(found.id, { passwordHash: await hashPassword(password), passwordChangedAt: new Date() });
      await deps.auth.endSessions(found.id, 'password-reset');
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

import { eq } from 'drizzle-orm';
import { PERMISSION_GROUPS, Perm, type SmsProof, SmsPurpose, hasPermission } from '@lease/shared';
import type { SmsCodeService } from '../sms-code/sms-code.service.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { ClerkRepo } from '../clerk/clerk.repo.ts';
import { store } from '../../domain/store.table.ts';

type AuthedPurpose = typeof SmsPurpose.UPDATE_PASSWORD | typeof SmsPurpose.CLERK_NEW | typeof SmsPurpose.SENSITIVE;
type PublicPurpose = typeof SmsPurpose.RESET_PASSWORD | typeof SmsPurpose.REGISTER;

/** createSystemService: SMS codes for the console's flows, the permission map and the store's SMS switch. */
export function createSystemService(deps: { db: Db; clerkRepo: ClerkRepo; sms: SmsCodeService }) {
  const { clerkRepo, sms } = deps;
  return {
    /** sendForClerk sends to the caller's own phone, except a new clerk's code, which proves the new phone. */
    async sendForClerk(auth: AuthContext, purpose: AuthedPurpose, phone: string | undefined, ip: string) {
      if (purpose === SmsPurpose.CLERK_NEW) {
        if (!hasPermission(auth.perms, Perm.ADMIN)) throw new AppError('PERMISSION_DENIED', '仅管理员可新增店员');
        if (!phone) throw new AppError('VALIDATION_FAILED', '请输入新店员的手机号', [{ field: 'phone_number', message: '请输入新店员的手机号' }]);
        if (await clerkRepo.findByPhone(phone)) throw new AppError('CONFLICT', '该手机号已是店员账号');
        return sms.send(phone, purpose, ip);
      }
      const self = await clerkRepo.findById(auth.clerkId);
      if (!self) throw new AppError('UNAUTHORIZED');
      return sms.send(self.phoneNumber, purpose, ip);
    },

    /**
     * sendPublic never tells a stranger whether a phone has an account: a registered phone asking for a register
     * code, or an unknown one asking for a reset code, gets the same answer after the same caps and proof, but no text.
     */
    async sendPublic(phone: string, purpose: PublicPurpose, ip: string, proof?: SmsProof) {
      const existing = await clerkRepo.findByPhone(phone);
      const deliver = purpose === SmsPurpose.REGISTER ? existing === undefined : existing !== undefined;
      return sms.sendPublic(phone, purpose, ip, deliver, proof);
    },

    /** smsChallenge issues the proof-of-work challenge a public send needs after an address's or a phone's first. */
    smsChallenge: () => sms.challenge(),

    permissionMap: () => PERMISSION_GROUPS,

    async needSmsVerify(auth: AuthContext) {
      const [row] = await deps.db.select({ on: store.smsVerifySwitch }).from(store).where(eq(store.id, auth.storeId));
      return { need: row?.on ?? false };
    },
  };
}
export type SystemService = ReturnType<typeof createSystemService>;

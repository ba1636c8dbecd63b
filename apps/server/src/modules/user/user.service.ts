import { eq } from 'drizzle-orm';
import { type LostModalContent, type UpdatePasswordRequest, type UserInfo, PasswordType, SmsPurpose } from '@lease/shared';
import type { SmsCodeService } from '../sms-code/sms-code.service.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import { assertPasswordAllowed, hashPassword } from '../auth/password.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ClerkRepo } from '../clerk/clerk.repo.ts';
import { effectiveLostModalContent } from '../store/lost-modal-default.ts';
import { store } from '../../domain/store.table.ts';

/** createUserService answers for the signed-in clerk: who they are, their lock-screen text, their passwords. */
export function createUserService(deps: { db: Db; clerkRepo: ClerkRepo; sms: SmsCodeService; auth: AuthService }) {
  const { db, clerkRepo } = deps;
  const self = async (auth: AuthContext) => {
    const row = await clerkRepo.findById(auth.clerkId);
    if (!row || row.storeId !== auth.storeId) throw notFound('账号不存在');
    return row;
  };

  return {
    async me(auth: AuthContext): Promise<UserInfo> {
      const row = await self(auth);
      const [s] = await db.select({ id: store.id, storeName: store.storeName }).from(store).where(eq(store.id, auth.storeId));
      return {
        id: row.id,
        name: row.name,
        phone_number: row.phoneNumber,
        is_admin: row.isAdmin,
        store: { id: s.id, store_name: s.storeName },
        available_modules: auth.modules,
        permission: auth.perms,
        has_secondary_password: row.secondaryPasswordHash !== null,
      };
    },

    /** getLostModalContent is the clerk's own text, each empty field filled from the store's default. */
    async getLostModalContent(auth: AuthContext): Promise<LostModalContent> {
      const own = (await self(auth)).lostModalContent;
      const [s] = await db.select({ content: store.lostModalContent }).from(store).where(eq(store.id, auth.storeId));
      return effectiveLostModalContent(own, s?.content);
    },

    async setLostModalContent(auth: AuthContext, content: LostModalContent) {
      await clerkRepo.update(auth.clerkId, { lostModalContent: content });
      return content;
    },

    /** updatePassword: type 0 changes the login password and ends every session; type 1 sets the secondary password. */
    async updatePassword(auth: AuthContext, { type, sms_code, password }: UpdatePasswordRequest) {
      const row = await self(auth);
      assertPasswordAllowed(password, row.phoneNumber);
      await deps.sms.consume(row.phoneNumber, SmsPurpose.UPDATE_PASSWORD, sms_code);
      const hash = await hashPassword(password);
      if (type === PasswordType.LOGIN) {
        await clerkRepo.update(row.id, { passwordHash: hash, passwordChangedAt: new Date() });
        await deps.auth.endSessions(row.id, 'password-change');
      } else {
        await clerkRepo.update(row.id, { secondaryPasswordHash: hash });
      }
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;

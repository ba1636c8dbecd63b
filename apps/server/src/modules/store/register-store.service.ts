import { DEFAULT_STORE_MODULES, type Module, type RegisterStoreRequest, SmsPurpose } from '@lease/shared';
import type { SmsCodeService } from '../sms-code/sms-code.service.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthService, ClientInfo } from '../auth/auth.service.ts';
import { assertPasswordAllowed, hashPassword } from '../auth/password.ts';
import type { ClerkRepo, ClerkRow } from '../clerk/clerk.repo.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { store } from '../../domain/store.table.ts';

export const REGISTRATION_CLOSED_MESSAGE = '平台已关闭门店自助注册，请联系平台运营开通门店';

export interface NewStore {
  storeName: string;
  adminName: string;
  phoneNumber: string;
  password: string;
  modules?: Module[];
  isDemo?: boolean;
}

/** createStoreWithAdmin inserts a store and its admin clerk in one transaction. */
export async function createStoreWithAdmin(db: Db, input: NewStore): Promise<ClerkRow> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [s] = await tx
      .insert(store)
      .values({ storeName: input.storeName, modules: input.modules ?? DEFAULT_STORE_MODULES, isDemo: input.isDemo ?? false })
      .returning({ id: store.id });
    const [admin] = await tx
      .insert(clerk)
      .values({ storeId: s.id, name: input.adminName, phoneNumber: input.phoneNumber, passwordHash, isAdmin: true })
      .returning();
    return admin;
  });
}

/**
 * createRegisterStoreService: an SMS-verified phone creates a store, becomes its admin and is signed in. The code
 * is checked before anything else, and a registered phone never receives a register code (sendPublic), so a
 * stranger sees the same 验证码错误 for a registered phone as for a wrong code; only the phone's owner, holding
 * a valid code, can learn that it is taken.
 */
export function createRegisterStoreService(deps: {
  db: Db;
  clerkRepo: ClerkRepo;
  sms: SmsCodeService;
  auth: AuthService;
  registrationOpen?: () => Promise<boolean>;
}) {
  return {
    async register(req: RegisterStoreRequest, client: ClientInfo) {
      // The operator can switch public self-registration off; stores are then created from /ops.
      if (deps.registrationOpen && !(await deps.registrationOpen())) throw new AppError('PERMISSION_DENIED', REGISTRATION_CLOSED_MESSAGE);
      assertPasswordAllowed(req.password, req.phone_number);
      await deps.sms.consume(req.phone_number, SmsPurpose.REGISTER, req.sms_code, client.ip);
      if (await deps.clerkRepo.findByPhone(req.phone_number)) throw new AppError('CONFLICT', '该手机号已注册，请直接登录');
      const admin = await createStoreWithAdmin(deps.db, {
        storeName: req.store_name,
        adminName: req.name,
        phoneNumber: req.phone_number,
        password: req.password,
      }).catch((err: unknown) => {
        // Two registrations racing for one phone: the unique index decides, the loser gets a clear answer.
        if (isUniqueViolation(err, 'clerk_phone_number_key')) {
          throw new AppError('CONFLICT', '该手机号已注册，请直接登录');
        }
        throw err;
      });
      return deps.auth.issueSession(admin, client);
    },
  };
}
export type RegisterStoreService = ReturnType<typeof createRegisterStoreService>;

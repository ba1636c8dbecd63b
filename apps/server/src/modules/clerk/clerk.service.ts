import { eq } from 'drizzle-orm';
import {
  type ClerkDisableRequest,
  type ClerkListItem,
  type ClerkListQuery,
  type ClerkOption,
  type ClerkPermissionInfo,
  type ClerkResetPasswordRequest,
  type DistributionLogQuery,
  GRANTABLE_PERMS,
  PERMISSION_GROUPS,
  SmsPurpose,
  type clerkNewRequest,
  type clerkUpdateRequest,
  parsePermissionString,
} from '@lease/shared';
import type { z } from 'zod';
import type { SmsCodeService } from '../sms-code/sms-code.service.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { assertPasswordAllowed, hashPassword } from '../auth/password.ts';
import { store } from '../../domain/store.table.ts';
import type { ClerkRepo, ClerkRow } from './clerk.repo.ts';
import type { DistributionLogRepo } from './distribution-log.repo.ts';

type ClerkNew = z.output<typeof clerkNewRequest>;
type ClerkUpdate = z.output<typeof clerkUpdateRequest>;

const PHONE_TAKEN = '该手机号已是店员账号';
const grantable = new Set<string>(GRANTABLE_PERMS);

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, [{ field, message }]);

/** The stored column is the spec's comma-separated string; Admin is never stored there (is_admin says it). */
const permissionColumn = (codes: readonly string[]) => codes.filter((c) => grantable.has(c)).join(',');

function toItem(row: ClerkRow, devices: { ios: number; android: number }): ClerkListItem {
  return {
    id: row.id,
    name: row.name,
    phone_number: row.phoneNumber,
    is_admin: row.isAdmin,
    permission: parsePermissionString(row.permission).filter((c) => grantable.has(c)),
    disabled: row.disabled,
    quota_limit: row.quotaLimit,
    total_quota: row.totalQuota,
    used_quota: row.usedQuota,
    device_count: devices,
    date_created: row.dateCreated.toISOString(),
  };
}

interface Deps {
  db: Db;
  clerkRepo: ClerkRepo;
  sms: SmsCodeService;
  auth: AuthService;
  distributionLog: DistributionLogRepo;
}

/**
 * createClerkService is the store admin's clerk management (spec §3 Clerk, §5, §6): every call is scoped to
 * the caller's store, where another store's clerk does not exist (404).
 */
export function createClerkService({ db, clerkRepo, sms, auth, distributionLog }: Deps) {
  const load = async (a: AuthContext, id: string) => {
    const row = await clerkRepo.findInStore(a.storeId, id);
    if (!row) throw notFound('店员不存在');
    return row;
  };

  const storeDefaults = async (storeId: string) => {
    const [s] = await db.select({ perms: store.employeeDefaultPermission }).from(store).where(eq(store.id, storeId));
    return parsePermissionString(s?.perms).filter((c) => grantable.has(c));
  };

  return {
    async list(a: AuthContext, q: ClerkListQuery) {
      const { rows, total } = await clerkRepo.listInStore(a.storeId, q);
      return { list: rows.map((r) => toItem(r.clerk, { ios: r.ios, android: r.android })), total };
    },

    /** options is GET /api/helper/clerk-list: the caller's store's clerks for pickers; any signed-in clerk may read it. */
    options: (a: AuthContext): Promise<ClerkOption[]> => clerkRepo.optionsInStore(a.storeId),

    async permissions(a: AuthContext): Promise<ClerkPermissionInfo> {
      return { groups: PERMISSION_GROUPS, employee_default_permission: await storeDefaults(a.storeId) };
    },

    /** create: the new phone proves itself with the CLERK_NEW code sent to it; it is checked free first, so a taken phone keeps its code. */
    async create(a: AuthContext, req: ClerkNew) {
      assertPasswordAllowed(req.password, req.phone_number);
      if (await clerkRepo.findByPhone(req.phone_number)) throw new AppError('CONFLICT', PHONE_TAKEN);
      await sms.consume(req.phone_number, SmsPurpose.CLERK_NEW, req.sms_code);
      const row = await clerkRepo
        .insert({
          storeId: a.storeId,
          name: req.name,
          phoneNumber: req.phone_number,
          passwordHash: await hashPassword(req.password),
          permission: permissionColumn(req.permission ?? (await storeDefaults(a.storeId))),
          quotaLimit: req.quota_limit,
          totalQuota: req.total_quota,
        })
        .catch((err: unknown) => {
          // Two admins adding one phone at once: the unique index decides.
          if (isUniqueViolation(err, 'clerk_phone_number_key')) throw new AppError('CONFLICT', PHONE_TAKEN);
          throw err;
        });
      return toItem(row, { ios: 0, android: 0 });
    },

    async update(a: AuthContext, req: ClerkUpdate) {
      const row = await load(a, req.id);
      const ok = await clerkRepo.updateInStore(a.storeId, row.id, {
        name: req.name,
        permission: req.permission && permissionColumn(req.permission),
        quotaLimit: req.quota_limit,
        totalQuota: req.total_quota,
      });
      if (!ok) {
        const now = await load(a, req.id);
        throw invalid('total_quota', `额度不能低于该店员已使用的 ${now.usedQuota} 台`);
      }
      return { ok: true as const };
    },

    /** resetPassword sets a clerk's password and ends their sessions; one's own goes through 修改密码 with an SMS code. */
    async resetPassword(a: AuthContext, req: ClerkResetPasswordRequest) {
      const row = await load(a, req.id);
      if (row.id === a.clerkId) throw new AppError('CONFLICT', '不能在此重置自己的密码，请在“修改密码”页修改');
      assertPasswordAllowed(req.password, row.phoneNumber);
      await clerkRepo.update(row.id, { passwordHash: await hashPassword(req.password), passwordChangedAt: new Date() });
      await auth.endSessions(row.id, 'password-reset-by-admin');
      return { ok: true as const };
    },

    /** setDisabled stops a clerk (their sessions end at once) or lets them sign in again. */
    async setDisabled(a: AuthContext, req: ClerkDisableRequest) {
      const row = await load(a, req.id);
      if (req.disabled && row.id === a.clerkId) throw new AppError('CONFLICT', '不能停用自己的账号');
      if (!(await clerkRepo.setDisabled(a.storeId, row.id, req.disabled))) {
        throw new AppError('CONFLICT', '门店至少需要保留一名启用的管理员');
      }
      if (req.disabled) await auth.endSessions(row.id, 'disabled');
      return { ok: true as const };
    },

    distributionLog: (a: AuthContext, q: DistributionLogQuery) => distributionLog.list(a.storeId, q),
  };
}
export type ClerkService = ReturnType<typeof createClerkService>;

import { eq, sql } from 'drizzle-orm';
import {
  type OpenDevice,
  type OpenDeviceListQuery,
  type OpenLockRequest,
  type OpenOperationResult,
  type OpenPlatform,
  Module,
  OperationStatus,
  Perm,
  androidLockRequest,
} from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { AndroidOperationService } from '../android-device/android-operation.service.ts';
import type { IosCommandService } from '../ios-device/ios-command.service.ts';
import type { LeaseService } from '../lease/lease.service.ts';
import type { IdempotencyKey } from '../../domain/idempotency.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { deviceModelLabel } from '../../domain/device-model.ts';
import type { OpenApiRepo } from './open-api.repo.ts';

/** OpenApiCaller is who signed an /open/v1 request: a store's ERP, acting for the whole store. */
export interface OpenApiCaller {
  storeId: string;
  apiKey: string;
  modules: string[];
}

/** VIA marks operation-log rows written through the open API (they have no clerk). */
export const VIA = { via: 'open-api' } as const;

export interface OpenApiServiceDeps {
  db: Db;
  repo: OpenApiRepo;
  iosCommands: IosCommandService;
  androidOperations: Pick<AndroidOperationService, 'lock' | 'unlock'>;
  lease: Pick<LeaseService, 'pay' | 'detail' | 'forDevice'>;
}

/**
 * actorOf is the AuthContext the store's ERP acts with in shared services: the whole store (Admin scope),
 * no clerk, so operation-log rows get for_clerk null. AuthContext types clerkId as string; only the services'
 * log writes read it here, and null is what they must write.
 */
const actorOf = (caller: OpenApiCaller): AuthContext => ({
  clerkId: null as unknown as string,
  storeId: caller.storeId,
  sessionId: `open-api:${caller.apiKey}`,
  isAdmin: true,
  perms: [Perm.ADMIN],
  modules: caller.modules,
});

const moduleOf: Record<OpenPlatform, string> = { ios: Module.APPLE, android: Module.ANDROID };

type Row = NonNullable<Awaited<ReturnType<OpenApiRepo['find']>>>;

export const toOpenDevice = (r: Row): OpenDevice => ({
  id: r.id,
  platform: r.platform,
  serial_number: r.serialNumber,
  imei_1: r.imei1,
  imei_2: r.imei2,
  model: deviceModelLabel(r.platform, r.model, r.maker),
  os_version: r.osVersion,
  hirer_name: r.hirerName,
  hirer_phone_number: r.hirerPhoneNumber,
  enrollment_status: r.enrollmentStatus,
  lock_status: r.lockStatus,
  battery_level: r.batteryLevel,
  archived: Boolean(r.archived),
  registration_time: new Date(r.registrationTime).toISOString(),
  last_active_time: r.lastActiveTime ? new Date(r.lastActiveTime).toISOString() : null,
  last_active_location: r.lastActiveLocation ?? null,
});

/** createOpenApiService is what a store's ERP may do: read its phones, lock, unlock, and edit hirer details. */
export function createOpenApiService({ db, repo, iosCommands, androidOperations, lease }: OpenApiServiceDeps) {
  const requireModule = (caller: OpenApiCaller, platform: OpenPlatform) => {
    if (!caller.modules.includes(moduleOf[platform]))
      throw new AppError('PERMISSION_DENIED', platform === 'ios' ? '门店未开通 Apple 设备管理' : '门店未开通 Android 设备管理');
  };

  async function load(caller: OpenApiCaller, platform: OpenPlatform, id: string) {
    requireModule(caller, platform);
    const row = await repo.find(caller.storeId, platform, id);
    if (!row) throw notFound('设备不存在');
    return row;
  }

  /** markViaOpenApi tags the row a shared service wrote, so the log shows who asked (the ERP, not a clerk). */
  const markViaOpenApi = (operationLogId: string) =>
    db
      .update(operationLog)
      .set({ detail: sql`${operationLog.detail} || ${JSON.stringify(VIA)}::jsonb` })
      .where(eq(operationLog.id, operationLogId));

  async function operate(
    caller: OpenApiCaller,
    platform: OpenPlatform,
    id: string,
    name: 'lock' | 'unlock',
    body: OpenLockRequest | null,
    key?: IdempotencyKey,
  ): Promise<OpenOperationResult> {
    await load(caller, platform, id);
    const actor = actorOf(caller);
    let result: { operation_log_id: string; status: number };
    if (platform === 'ios') {
      result =
        name === 'lock'
          ? await iosCommands.lock(
              actor,
              { device_id: id, message: body!.message, phone_number: body!.phone_number, footnote: body!.footnote, when: 'now' },
              key,
            )
          : await iosCommands.unlock(actor, id, key);
    } else if (name === 'lock') {
      // Android's lock screen takes a mobile number (spec §5) and has no footnote.
      const parsed = androidLockRequest.safeParse({ message: body!.message, phone_number: body!.phone_number });
      if (!parsed.success) throw new AppError('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? '参数有误');
      result = await androidOperations.lock(actor, id, parsed.data, key);
    } else {
      result = await androidOperations.unlock(actor, id, key);
    }
    await markViaOpenApi(result.operation_log_id);
    return { operation_log_id: result.operation_log_id, status: result.status };
  }

  return {
    async list(caller: OpenApiCaller, q: OpenDeviceListQuery) {
      if (q.platform) requireModule(caller, q.platform);
      const platform = q.platform ?? (caller.modules.includes(Module.ANDROID) ? (caller.modules.includes(Module.APPLE) ? undefined : 'android') : 'ios');
      const { rows, total } = await repo.list(caller.storeId, { ...q, platform });
      return { total, list: rows.map(toOpenDevice) };
    },

    async get(caller: OpenApiCaller, platform: OpenPlatform, id: string) {
      return toOpenDevice(await load(caller, platform, id));
    },

    lock: (caller: OpenApiCaller, platform: OpenPlatform, id: string, body: OpenLockRequest, key?: IdempotencyKey) =>
      operate(caller, platform, id, 'lock', body, key),
    unlock: (caller: OpenApiCaller, platform: OpenPlatform, id: string, key?: IdempotencyKey) => operate(caller, platform, id, 'unlock', null, key),

    /** The ERP's payment: the console's, recorded as from the open API (idempotent with Idempotency-Key). */
    leasePayment: (caller: OpenApiCaller, planId: string, body: Parameters<LeaseService['pay']>[2], key?: IdempotencyKey) =>
      lease.pay(actorOf(caller), planId, body, key, 'open-api'),
    leasePlan: (caller: OpenApiCaller, planId: string) => lease.detail(actorOf(caller), planId),
    async leasePlanOfDevice(caller: OpenApiCaller, platform: OpenPlatform, id: string) {
      await load(caller, platform, id);
      return lease.forDevice(actorOf(caller), platform, id);
    },

    async updateHirer(caller: OpenApiCaller, platform: OpenPlatform, id: string, hirer: { hirer_name: string; hirer_phone_number: string }) {
      await load(caller, platform, id);
      return db.transaction(async (tx) => {
        if (!(await repo.updateHirer(tx, caller.storeId, platform, id, { hirerName: hirer.hirer_name, hirerPhoneNumber: hirer.hirer_phone_number })))
          throw notFound('设备不存在');
        const [op] = await tx
          .insert(operationLog)
          .values({
            storeId: caller.storeId,
            clerkId: null,
            platform,
            deviceId: id,
            action: 'update-hirer',
            status: OperationStatus.DONE,
            detail: { hirer_name: hirer.hirer_name, ...VIA },
          })
          .returning({ id: operationLog.id, status: operationLog.status });
        return { operation_log_id: op.id, status: op.status };
      });
    },
  };
}
export type OpenApiService = ReturnType<typeof createOpenApiService>;

import { and, eq } from 'drizzle-orm';
import { AbmStatus, type IosEraseRequest, type IosReleaseRequest, OperationStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import { Priority } from '../../mdm/apple/commander.ts';
import * as commands from '../../mdm/apple/commands.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import type { IosDeviceRow } from '../ios-device/ios-device.repo.ts';
import type { IosDeviceService } from '../ios-device/ios-device.service.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import type { IdempotencyKey } from '../../domain/idempotency.ts';
import { type OperationResult, createIosCommandPipeline } from '../ios-device/ios-command-pipeline.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import type { SensitiveActionGuard } from '../store/sensitive-action.ts';
import { store } from '../../domain/store.table.ts';
import type { AbmGatewayPort } from './release-ports.ts';
import { inAbm, reenrolPath } from './release-rules.ts';

/** ENROLMENT_PROFILE_PREFIX + store id is the main (enrolment) profile's identifier (enrollment-profile.service.ts). */
export const enrolmentProfileId = (storeId: string) => `com.zujibao.mdm.${storeId}`;

/** NO_ABM_TOKEN: the refusal when the store has not uploaded an ABM server token. */
export const NO_ABM_TOKEN = '门店未配置 ABM（Apple 商务管理）服务器令牌，请管理员先在“ABM 设置”中上传';

/** Apple's disown answers per serial, in words a clerk understands. */
const DISOWN_RESULT: Record<string, string> = {
  SUCCESS: '已解除 ABM 绑定：设备已从门店的 Apple 商务管理账户移除，激活时不会再自动接入门店管理',
  NOT_ACCESSIBLE: 'Apple 返回 NOT_ACCESSIBLE：该序列号不在门店的 ABM 账户中，或门店无权操作',
  FAILED: 'Apple 返回 FAILED：解除绑定失败，请稍后重试',
};

export interface EraseOptions {
  preserveDataPlan: boolean;
  disallowProximitySetup: boolean;
  /** Re-enrol the erased phone when it can (Return to Service, or ABM); one-click unlock releases it instead. */
  reenrol: boolean;
}

/** WebOperationResult is an operation finished at once by an Apple web service, with its Chinese result. */
export type WebOperationResult = OperationResult & { result: string };

interface Deps {
  db: Db;
  mdm: MdmEngine;
  devices: IosDeviceService;
  sensitive: SensitiveActionGuard;
  abm: AbmGatewayPort;
}

/**
 * createIosReleaseService erases a phone, removes it from the store's Apple Business Manager, and removes the
 * main (enrolment) profile. The public methods confirm the caller's password (and SMS code) first; the
 * `…Confirmed` ones are for one-click unlock, whose caller confirmed once for the whole run.
 */
export function createIosReleaseService({ db, mdm, devices, sensitive, abm }: Deps) {
  const pipeline = createIosCommandPipeline({ db, mdm, devices });
  const commandable = (auth: AuthContext, id: string) => pipeline.device(auth, id);

  /** guarded runs a sensitive action: an Idempotency-Key replay answers first (its SMS code is spent), then the checks and the proof. */
  async function guarded<T>(
    auth: AuthContext,
    proof: IosReleaseRequest,
    key: IdempotencyKey | undefined,
    check: () => Promise<T>,
    act: (checked: T) => Promise<OperationResult>,
  ) {
    const replay = await pipeline.replay(auth, key);
    if (replay) return replay;
    const checked = await check();
    await sensitive.confirm(auth, proof);
    return act(checked);
  }

  async function erase(auth: AuthContext, device: IosDeviceRow, opts: EraseOptions, key?: IdempotencyKey) {
    const path = opts.reenrol ? reenrolPath(device) : 'none';
    const profile = path === 'return-to-service' ? await enrolmentProfileOf(device) : undefined;
    return pipeline.run(auth, device, {
      action: 'erase',
      idempotencyKey: key,
      detail: {
        serial_number: device.serialNumber,
        preserve_data_plan: opts.preserveDataPlan,
        disallow_proximity_setup: opts.disallowProximitySetup,
        reenrol: opts.reenrol ? path : 'released',
      },
      command: commands.eraseDevice({
        preserveDataPlan: opts.preserveDataPlan,
        disallowProximitySetup: opts.disallowProximitySetup,
        returnToService: profile ? { mdmProfileData: profile } : undefined,
      }),
      priority: Priority.SECURITY,
    });
  }

  /** enrolmentProfileOf is the phone's own one-time enrolment profile, as the hirer link serves it, for Return to Service. */
  async function enrolmentProfileOf(device: IosDeviceRow) {
    const [s] = await db.select({ name: store.storeName }).from(store).where(eq(store.id, device.storeId));
    return mdm.profiles.profileFor({ storeId: device.storeId, clerkId: device.clerkId, deviceId: device.id }, s?.name ?? '');
  }

  async function unbindable(auth: AuthContext, id: string) {
    const { device } = await devices.load(auth, id);
    if (!inAbm(device)) throw new AppError('CONFLICT', device.abmStatus === AbmStatus.REMOVED ? '设备已解除 ABM 绑定' : '设备未绑定 ABM，无需解除');
    const client = await abm.clientFor(auth.storeId);
    if (!client) throw new AppError('CONFLICT', NO_ABM_TOKEN);
    return { device, client };
  }

  /**
   * abmUnbind disowns the serial in Apple Business Manager (POST /devices/disown). The operation row is written
   * first, so a lost answer still leaves a trace; Apple's verdict then finishes it, and the device row only on SUCCESS.
   */
  async function abmUnbind(auth: AuthContext, { device, client }: Awaited<ReturnType<typeof unbindable>>, key?: IdempotencyKey): Promise<WebOperationResult> {
    const op = await pipeline.run(auth, device, {
      action: 'abm-unbind',
      status: OperationStatus.SENT,
      detail: { serial_number: device.serialNumber },
      idempotencyKey: key,
    });
    if (op.replayed) return { ...op, result: '' };
    let verdict: string;
    let result: string;
    try {
      verdict = (await client.disownDevices([device.serialNumber]))[device.serialNumber] ?? 'FAILED';
      result = DISOWN_RESULT[verdict] ?? `Apple 返回 ${verdict}：解除绑定失败`;
    } catch (err) {
      verdict = 'ERROR';
      result = `调用 Apple 商务管理服务失败：${err instanceof Error ? err.message : String(err)}`;
    }
    const status = verdict === 'SUCCESS' ? OperationStatus.DONE : OperationStatus.FAILED;
    await db.transaction(async (tx) => {
      await tx.update(operationLog).set({ status, result, dateUpdated: new Date() }).where(eq(operationLog.id, op.operation_log_id));
      if (status === OperationStatus.DONE)
        await tx
          .update(iosDevice)
          .set({ abmStatus: AbmStatus.REMOVED, dateUpdated: new Date() })
          .where(and(eq(iosDevice.id, device.id), eq(iosDevice.storeId, auth.storeId)));
    });
    return { ...op, status, result };
  }

  /** removeMainProfile asks the phone to remove our enrolment profile; its answer releases it (release.effects.ts). */
  const removeMainProfile = (auth: AuthContext, device: IosDeviceRow, key?: IdempotencyKey) =>
    pipeline.run(auth, device, {
      action: 'remove-main-profile',
      idempotencyKey: key,
      detail: { serial_number: device.serialNumber },
      command: commands.removeProfile(enrolmentProfileId(device.storeId)),
      priority: Priority.SECURITY,
    });

  return {
    erase: (auth: AuthContext, req: IosEraseRequest, key?: IdempotencyKey) =>
      guarded(
        auth,
        req,
        key,
        () => commandable(auth, req.device_id),
        (device) => erase(auth, device, { preserveDataPlan: req.preserve_data_plan, disallowProximitySetup: req.disallow_proximity_setup, reenrol: true }, key),
      ),
    async eraseConfirmed(auth: AuthContext, id: string, opts: EraseOptions, key?: IdempotencyKey) {
      return erase(auth, await commandable(auth, id), opts, key);
    },

    abmUnbind: (auth: AuthContext, req: IosReleaseRequest, key?: IdempotencyKey) =>
      guarded(
        auth,
        req,
        key,
        () => unbindable(auth, req.device_id),
        (checked) => abmUnbind(auth, checked, key),
      ),
    async abmUnbindConfirmed(auth: AuthContext, id: string, key?: IdempotencyKey) {
      return abmUnbind(auth, await unbindable(auth, id), key);
    },

    removeMainProfile: (auth: AuthContext, req: IosReleaseRequest, key?: IdempotencyKey) =>
      guarded(
        auth,
        req,
        key,
        () => commandable(auth, req.device_id),
        (device) => removeMainProfile(auth, device, key),
      ),
    async removeMainProfileConfirmed(auth: AuthContext, id: string, key?: IdempotencyKey) {
      return removeMainProfile(auth, await commandable(auth, id), key);
    },
  };
}
export type IosReleaseService = ReturnType<typeof createIosReleaseService>;

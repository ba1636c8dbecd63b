import { eq } from 'drizzle-orm';
import {
  type AndroidAppRestriction,
  type AndroidLockRequest,
  type AndroidPasscodeRequest,
  type AndroidPasscodeResponse,
  type AndroidWallpaperRequest,
  EnrollmentStatus,
  LockStatus,
  OperationStatus,
  RegulateStatus,
  resolveDeviceRestrictions,
} from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { AndroidCommandType, AndroidEngine } from '../../mdm/android/android-engine.ts';
import { recordHandOvers } from '../clerk/distribution-log.repo.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { moveClerkSlots, releaseDeviceSlots } from '../../domain/device-quota.ts';
import { type OperationResult, type OperationTx, replayedOperation, runDeviceOperation } from '../../domain/device-operation.ts';
import type { IdempotencyKey } from '../../domain/idempotency.ts';
import { withRefetchCollapse } from '../../domain/refetch-collapse.ts';
import type { SensitiveActionGuard, SensitiveActionProof } from '../store/sensitive-action.ts';
import type { AndroidDeviceRepo, AndroidDeviceRow } from './android-device.repo.ts';
import { type AndroidDeviceService, androidScopeOf } from './android-device.service.ts';
import type { androidDevice } from '../../domain/android-device.table.ts';

/** AndroidGateway is the part of the agent gateway the console's operations use (ANDROID.md interface). */
export type AndroidGateway = Pick<AndroidEngine, 'commander' | 'passcodes'>;

/** WallpaperSource gives the JPEG of one of the store's wallpapers, or null when the id is not the store's. */
export type WallpaperSource = (storeId: string, wallpaperId: string) => Promise<Buffer | null>;

interface Deps {
  db: Db;
  android: AndroidGateway;
  devices: AndroidDeviceService;
  repo: AndroidDeviceRepo;
  sensitive: SensitiveActionGuard;
  wallpapers: WallpaperSource;
}

interface Plan {
  action: string;
  detail?: Record<string, unknown>;
  idempotencyKey?: IdempotencyKey;
  /** The agent command to queue, bound to the operation-log row; absent for console-only actions. */
  command?: { type: AndroidCommandType; payload?: Record<string, unknown> };
  /** Desired state written with the operation; it bumps policy_version so the agent re-reads its policy. */
  state?: Partial<typeof androidDevice.$inferInsert>;
  /** Extra writes in the same transaction (hand-over log, quota). */
  also?: (tx: OperationTx) => Promise<void>;
}

/**
 * createAndroidOperationService runs POST /api/device/android/{id}/operation/{name} (spec §7). The route
 * has checked the permission code; here each operation checks the device is the caller's to touch and in a
 * state where the operation makes sense, then writes the operation log, the desired state and the agent
 * command in one transaction and wakes the agent after commit (runDeviceOperation). A refetch while the
 * same refetch is pending for the phone answers with the pending one (withRefetchCollapse).
 */
export function createAndroidOperationService({ db, android, devices, repo, sensitive, wallpapers }: Deps) {
  function run(auth: AuthContext, device: AndroidDeviceRow, plan: Plan): Promise<OperationResult> {
    const { command } = plan;
    const target = { storeId: auth.storeId, platform: 'android' as const, deviceId: device.id, action: plan.action };
    return withRefetchCollapse(target, (collapse) =>
      runDeviceOperation(
        db,
        auth,
        {
          platform: 'android',
          deviceId: device.id,
          action: plan.action,
          status: command ? OperationStatus.QUEUED : OperationStatus.DONE,
          detail: plan.detail,
          idempotencyKey: plan.idempotencyKey,
        },
        {
          inTx: async (tx, operationLogId) => {
            await collapse(tx, operationLogId);
            if (plan.state) await repo.update(androidScopeOf(auth), [device.id], plan.state, tx, { bumpPolicy: true });
            await plan.also?.(tx);
            if (command) await android.commander.enqueueIn(tx, [{ deviceId: device.id, type: command.type, payload: command.payload, operationLogId }]);
          },
          afterCommit: command ? () => android.commander.wake([device.id]) : undefined,
        },
      ),
    );
  }

  /** managed loads a device that can take commands: enrolled, not released and not archived. */
  async function managed(auth: AuthContext, id: string) {
    const { device } = await devices.load(auth, id);
    if (device.archived) throw new AppError('CONFLICT', '设备已归档，无法操作');
    if (device.enrollmentStatus !== EnrollmentStatus.ENROLLED) throw new AppError('CONFLICT', '设备已脱离管理，无法下发指令');
    return device;
  }

  /**
   * command is the common shape of an agent command: the device, a replay of the same Idempotency-Key
   * answered before any state rule (a repeated 监管 click is not a conflict), the rule, then the operation.
   */
  async function command(
    auth: AuthContext,
    id: string,
    key: IdempotencyKey | undefined,
    rule: (d: AndroidDeviceRow) => string | null,
    plan: (d: AndroidDeviceRow) => Plan | Promise<Plan>,
  ) {
    const device = await managed(auth, id);
    const replay = await replayedOperation(db, auth.storeId, key);
    if (replay) return replay;
    const refusal = rule(device);
    if (refusal) throw new AppError('CONFLICT', refusal);
    return run(auth, device, { ...(await plan(device)), idempotencyKey: key });
  }

  const always = () => null;

  async function passcode(auth: AuthContext, id: string, purpose: 'unlock' | 'deregulate', req: AndroidPasscodeRequest): Promise<AndroidPasscodeResponse> {
    const device = await managed(auth, id);
    if (purpose === 'deregulate' && device.regulateStatus === RegulateStatus.UNREGULATED) throw new AppError('CONFLICT', '设备未处于监管中，无需解除监管码');
    await sensitive.confirm(auth, { password: req.password, sms_code: req.sms_code });
    const grantDays = purpose === 'unlock' ? req.grant_days : 0;
    const code = await android.passcodes.compute(device.id, purpose, req.challenge, grantDays);
    // The log keeps who issued a code for which challenge, never the code itself.
    const op = await run(auth, device, {
      action: purpose === 'unlock' ? 'get-unlock-passcode' : 'get-deregulate-passcode',
      detail: { challenge: req.challenge, grant_days: grantDays },
    });
    return { passcode: code, purpose, challenge: req.challenge, grant_days: grantDays, operation_log_id: op.operation_log_id };
  }

  return {
    async getHirerPhone(auth: AuthContext, id: string) {
      const { device } = await devices.load(auth, id);
      await run(auth, device, { action: 'get-hirer-phone' });
      return { hirer_phone_number: device.hirerPhoneNumber };
    },

    /** lock shows the full-screen lock with the clerk's message; sent again while locked it updates the text. */
    lock: (auth: AuthContext, id: string, req: AndroidLockRequest, key?: IdempotencyKey) =>
      command(auth, id, key, always, () => ({
        action: 'lock',
        detail: { message: req.message, phone_number: req.phone_number },
        state: { lockStatus: LockStatus.LOCKING, lockMessage: req.message, lockPhoneNumber: req.phone_number },
        command: { type: 'lock', payload: { message: req.message, phone_number: req.phone_number } },
      })),

    /** unlock is not refused on an "unlocked" phone: a phone that locked itself offline is only known locked once it reports. */
    unlock: (auth: AuthContext, id: string, key?: IdempotencyKey) =>
      command(auth, id, key, always, () => ({ action: 'unlock', state: { lockStatus: LockStatus.UNLOCKING }, command: { type: 'unlock' } })),

    regulate: (auth: AuthContext, id: string, key?: IdempotencyKey) =>
      command(
        auth,
        id,
        key,
        (d) => (d.regulateStatus === RegulateStatus.REGULATED || d.regulateStatus === RegulateStatus.REGULATING ? '设备已处于监管中' : null),
        async (d) => ({
          action: 'regulate',
          state: { regulateStatus: RegulateStatus.REGULATING },
          command: {
            type: 'regulate',
            payload: { restriction: resolveDeviceRestrictions((await devices.defaults(auth)).systemRestriction, d.systemRestriction) },
          },
        }),
      ),

    /** deregulate lifts supervision for good (the agent gives up device owner), so it asks for the caller's password. */
    async deregulate(auth: AuthContext, id: string, proof: SensitiveActionProof, key?: IdempotencyKey) {
      return command(
        auth,
        id,
        key,
        (d) => (d.regulateStatus === RegulateStatus.UNREGULATED || d.regulateStatus === RegulateStatus.DEREGULATING ? '设备未处于监管中' : null),
        async () => {
          await sensitive.confirm(auth, proof);
          return { action: 'deregulate', state: { regulateStatus: RegulateStatus.DEREGULATING }, command: { type: 'deregulate' } };
        },
      );
    },

    setWallpaper: (auth: AuthContext, id: string, req: AndroidWallpaperRequest, key?: IdempotencyKey) =>
      command(auth, id, key, always, async () => {
        // The picture itself is fetched by the agent (GET /agent/v1/wallpapers/{id}): commands travel in small frames.
        if (!(await wallpapers(auth.storeId, req.wallpaper_id))) throw notFound('壁纸不存在');
        return {
          action: 'set-wallpaper',
          detail: { wallpaper_id: req.wallpaper_id, where: req.where, allow_modify: req.allow_modify },
          state: { wallpaperId: req.wallpaper_id },
          command: { type: 'set-wallpaper', payload: { wallpaper_id: req.wallpaper_id, where: req.where, allow_modify: req.allow_modify } },
        };
      }),

    getLocation: (auth: AuthContext, id: string, key?: IdempotencyKey) =>
      command(auth, id, key, always, () => ({ action: 'get-location', command: { type: 'get-location' } })),

    getInstalledAppList: (auth: AuthContext, id: string, key?: IdempotencyKey) =>
      command(auth, id, key, always, () => ({ action: 'get-installed-app-list', command: { type: 'get-installed-app-list' } })),

    /** setSystemRestriction applies the given switches over what the phone enforces now, and stores the full map. */
    setSystemRestriction: (auth: AuthContext, id: string, changes: Record<string, boolean>, key?: IdempotencyKey) =>
      command(auth, id, key, always, async (d) => {
        const store = (await devices.defaults(auth)).systemRestriction;
        const next = resolveDeviceRestrictions(store, { ...resolveDeviceRestrictions(store, d.systemRestriction), ...changes });
        return {
          action: 'set-system-restriction',
          detail: { changes },
          state: { systemRestriction: next },
          command: { type: 'set-system-restriction', payload: { restriction: next } },
        };
      }),

    /** syncSystemRestriction gives the phone the store's default map, dropping its own choices. */
    syncSystemRestriction: (auth: AuthContext, id: string, key?: IdempotencyKey) =>
      command(auth, id, key, always, async () => {
        const next = (await devices.defaults(auth)).systemRestriction;
        return {
          action: 'sync-system-restriction',
          state: { systemRestriction: next },
          command: { type: 'set-system-restriction', payload: { restriction: next } },
        };
      }),

    setAppRestriction: (auth: AuthContext, id: string, rule: AndroidAppRestriction, key?: IdempotencyKey) =>
      command(auth, id, key, always, () => {
        const mode = rule.mode ?? 0;
        return {
          action: 'set-app-restriction',
          detail: { enable: rule.enable, mode, count: rule.list.length },
          state: { appRestrictionEnable: rule.enable, appRestrictionMode: mode, appRestrictionList: rule.list },
          command: { type: 'set-app-restriction', payload: { enable: rule.enable, mode, list: rule.list } },
        };
      }),

    /** changeForClerk hands the phone to another clerk of the store: quota moves along, the hand-over is logged. */
    async changeForClerk(auth: AuthContext, id: string, toClerkId: string, key?: IdempotencyKey) {
      const { device } = await devices.load(auth, id);
      const replay = await replayedOperation(db, auth.storeId, key);
      if (replay) return replay;
      if (device.archived) throw new AppError('CONFLICT', '设备已归档，无法操作');
      const [target] = await db.select().from(clerk).where(eq(clerk.id, toClerkId));
      if (!target || target.storeId !== auth.storeId) throw notFound('店员不存在');
      if (target.disabled) throw new AppError('CONFLICT', '该店员已停用');
      const move = { fromClerkId: device.clerkId, toClerkId };
      return run(auth, device, {
        action: 'change-for-clerk',
        idempotencyKey: key,
        detail: { from: device.clerkId, to: toClerkId, to_name: target.name },
        also: async (tx) => {
          await repo.update({ storeId: auth.storeId }, [device.id], { clerkId: toClerkId }, tx);
          await moveClerkSlots(tx, [move]);
          await recordHandOvers(tx, [
            {
              storeId: auth.storeId,
              platform: 'android',
              deviceId: device.id,
              ...move,
              byClerkId: auth.clerkId,
              serialNumber: device.serialNumber || device.imei1,
            },
          ]);
        },
      });
    },

    getUnlockPasscode: (auth: AuthContext, id: string, req: AndroidPasscodeRequest) => passcode(auth, id, 'unlock', req),
    getDeregulatePasscode: (auth: AuthContext, id: string, req: AndroidPasscodeRequest) => passcode(auth, id, 'deregulate', req),

    /**
     * archive hides the phone from the list for good and frees its slot; an enrolled phone is told to release
     * itself, and the gateway revokes its credential once it acknowledges (ANDROID.md).
     */
    async archive(auth: AuthContext, id: string, key?: IdempotencyKey) {
      const { device } = await devices.load(auth, id);
      const replay = await replayedOperation(db, auth.storeId, key);
      if (replay) return replay;
      if (device.archived) throw new AppError('CONFLICT', '设备已归档');
      const release = device.enrollmentStatus === EnrollmentStatus.ENROLLED;
      return run(auth, device, {
        action: 'archive',
        idempotencyKey: key,
        detail: { serial_number: device.serialNumber, imei_1: device.imei1 },
        state: { archived: true, archivedAt: new Date() },
        also: (tx) => releaseDeviceSlots(tx, auth.storeId, device.clerkId, 1),
        command: release ? { type: 'release' } : undefined,
      });
    },
  };
}
export type AndroidOperationService = ReturnType<typeof createAndroidOperationService>;

import { and, eq } from 'drizzle-orm';
import { type IosLockRequest, LockStatus, OperationStatus, RecycledStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import { Priority } from '../../mdm/apple/commander.ts';
import * as commands from '../../mdm/apple/commands.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import { mdmEnrollment, mdmIdentity } from '../../mdm/apple/mdm.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import type { IdempotencyKey } from '../../domain/idempotency.ts';
import { emitIosDeviceEvent } from '../../domain/webhook-outbox.ts';
import type { OperationLogRepo } from '../logs/operation-log.repo.ts';
import type { SensitiveActionGuard, SensitiveActionProof } from '../store/sensitive-action.ts';
import { releaseDeviceSlots } from '../../domain/device-quota.ts';
import type { IosDeviceService } from './ios-device.service.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import type { IosDeviceRepo } from './ios-device.repo.ts';
import { createIosCommandPipeline } from './ios-command-pipeline.ts';
import { lockIntentOf, lostModeText } from '../lock-intent/lock-intent.ts';

const LOST_MODE = ['EnableLostMode', 'DisableLostMode'];

interface Deps {
  db: Db;
  mdm: MdmEngine;
  devices: IosDeviceService;
  repo: IosDeviceRepo;
  oplog: OperationLogRepo;
  sensitive: SensitiveActionGuard;
}

/**
 * createIosCommandService runs the console's Apple device commands (spec §7 command/{name}). The route has
 * already checked the permission code; here each command checks the device is the caller's to touch and in
 * a state where the command makes sense, then logs and queues it.
 */
export function createIosCommandService({ db, mdm, devices, repo, oplog, sensitive }: Deps) {
  const pipeline = createIosCommandPipeline({ db, mdm, devices });

  const requireLostMode = (lockStatus: number) => {
    if (lockStatus !== LockStatus.LOCKED) throw new AppError('CONFLICT', '设备未处于锁定（丢失模式）状态，无法执行此操作');
  };

  return {
    async getHirerPhone(auth: AuthContext, id: string) {
      const { device } = await devices.load(auth, id);
      await oplog.insertMany([
        { storeId: auth.storeId, clerkId: auth.clerkId, platform: 'ios', deviceId: id, action: 'get-hirer-phone', status: OperationStatus.DONE },
      ]);
      return { hirer_phone_number: device.hirerPhoneNumber };
    },

    async simLog(auth: AuthContext, id: string, page: { page_num: number; page_size: number }) {
      await devices.load(auth, id);
      const { rows, total } = await repo.simLog(id, page);
      return { total, list: rows.map((r) => ({ date_created: r.dateCreated.toISOString(), sim_1: r.sim1 ?? null, sim_2: r.sim2 ?? null })) };
    },

    /** lock puts the phone in Lost Mode now, or schedules it: a job fires it at `when` unless cancelled. */
    async lock(auth: AuthContext, req: IosLockRequest, idempotencyKey?: IdempotencyKey) {
      const at = req.when === 'now' ? null : new Date(req.when);
      const detail = { message: req.message, phone_number: req.phone_number, footnote: req.footnote, when: req.when };
      if (at && at.getTime() > Date.now()) {
        const device = await pipeline.device(auth, req.device_id);
        const set = device.lockStatus === LockStatus.UNLOCKED ? { lockStatus: LockStatus.SCHEDULED } : undefined;
        return pipeline.run(auth, device, { action: 'lock', detail, idempotencyKey, scheduledAt: at, set });
      }
      const intent = lockIntentOf(req);
      return pipeline.run(auth, req.device_id, {
        action: 'lock',
        detail,
        idempotencyKey,
        command: commands.enableLostMode(lostModeText(intent)),
        priority: Priority.SECURITY,
        supersede: LOST_MODE,
        set: { lockStatus: LockStatus.LOCKING, lockIntent: intent },
      });
    },

    async unlock(auth: AuthContext, id: string, idempotencyKey?: IdempotencyKey) {
      const device = await pipeline.device(auth, id);
      const cancelled = await cancelSchedules(device.id, '已解锁，预约锁定取消');
      // A lock that was only scheduled never reached the phone: cancelling it is the whole unlock. DisableLostMode
      // would only be refused (12067). If the schedule fired meanwhile, nothing was cancelled and the phone is told.
      if (device.lockStatus === LockStatus.SCHEDULED && cancelled > 0) {
        return pipeline.run(auth, device, {
          action: 'unlock',
          idempotencyKey,
          set: { lockStatus: LockStatus.UNLOCKED, lockIntent: null },
          result: '锁定尚未执行，已取消预约，未向设备发送指令',
        });
      }
      return pipeline.run(auth, device, {
        action: 'unlock',
        idempotencyKey,
        command: commands.disableLostMode(),
        priority: Priority.SECURITY,
        supersede: LOST_MODE,
        // Unlocking ends the store's lock: a later erase and re-enrolment leaves the phone unlocked.
        set: { lockStatus: LockStatus.UNLOCKING, lockIntent: null },
      });
    },

    async cancelSchedule(auth: AuthContext, operationLogId: string) {
      const row = await oplog.get(auth.storeId, operationLogId);
      if (row?.log.platform !== 'ios' || !row.log.deviceId) throw notFound('操作记录不存在');
      const { device } = await devices.load(auth, row.log.deviceId);
      if (row.log.status !== OperationStatus.SCHEDULED) throw new AppError('CONFLICT', '该预约已执行或已取消');
      await db.transaction(async (tx) => {
        await oplog.update(auth.storeId, operationLogId, { status: OperationStatus.CANCELLED, result: '预约已取消' }, tx);
        if (device.lockStatus === LockStatus.SCHEDULED) await tx.update(iosDevice).set({ lockStatus: LockStatus.UNLOCKED }).where(eq(iosDevice.id, device.id));
      });
      return { ok: true as const };
    },

    async playSound(auth: AuthContext, id: string, key?: IdempotencyKey) {
      const device = await pipeline.device(auth, id);
      requireLostMode(device.lockStatus);
      return pipeline.run(auth, device, {
        action: 'play-lost-mode-sound',
        idempotencyKey: key,
        command: commands.playLostModeSound(),
        priority: Priority.SECURITY,
      });
    },

    async getLocation(auth: AuthContext, id: string, key?: IdempotencyKey) {
      const device = await pipeline.device(auth, id);
      requireLostMode(device.lockStatus);
      return pipeline.run(auth, device, { action: 'get-location', idempotencyKey: key, command: commands.deviceLocation(), priority: Priority.SECURITY });
    },

    reboot: (auth: AuthContext, id: string, key?: IdempotencyKey) =>
      pipeline.run(auth, id, { action: 'reboot', idempotencyKey: key, command: commands.restartDevice(), priority: Priority.NORMAL }),

    /** clearPasscode is sensitive (DESIGN §4): password, and an SMS code when the store's switch is on, checked last so a refusal spends no code. */
    async clearPasscode(auth: AuthContext, id: string, proof: SensitiveActionProof, key?: IdempotencyKey) {
      const replay = await pipeline.replay(auth, key);
      if (replay) return replay;
      const device = await pipeline.device(auth, id);
      const [enrollment] = await db.select({ unlockToken: mdmEnrollment.unlockToken }).from(mdmEnrollment).where(eq(mdmEnrollment.deviceId, id));
      if (!enrollment?.unlockToken) throw new AppError('CONFLICT', '设备未提供解锁令牌（UnlockToken），无法清除密码');
      await sensitive.confirm(auth, proof);
      const token = Buffer.from(enrollment.unlockToken, 'base64');
      return pipeline.run(auth, device, { action: 'clear-passcode', idempotencyKey: key, command: commands.clearPasscode(token), priority: Priority.SECURITY });
    },

    installedAppList: (auth: AuthContext, id: string, key?: IdempotencyKey) =>
      pipeline.run(auth, id, {
        action: 'get-installed-app-list',
        idempotencyKey: key,
        command: commands.installedApplicationList(),
        priority: Priority.NORMAL,
      }),

    async moveToRecycleBin(auth: AuthContext, id: string, recycled: boolean) {
      const { device } = await devices.load(auth, id);
      if ((device.recycledStatus === RecycledStatus.RECYCLED) === recycled) throw new AppError('CONFLICT', recycled ? '设备已在回收站中' : '设备不在回收站中');
      // The recycle bin ends the store's lock: a binned phone that comes back enrolled is not locked again.
      const intent = recycled ? { lockIntent: null } : {};
      await repo.update({ storeId: auth.storeId }, [id], { recycledStatus: recycled ? RecycledStatus.RECYCLED : RecycledStatus.ACTIVE, ...intent });
      await oplog.insertMany([
        {
          storeId: auth.storeId,
          clerkId: auth.clerkId,
          platform: 'ios',
          deviceId: id,
          action: recycled ? 'move-to-recycle-bin' : 'restore-from-recycle-bin',
          status: OperationStatus.DONE,
        },
      ]);
      return { ok: true as const };
    },

    /**
     * remove deletes a device from the recycle bin for good: its queue is dropped, its slot freed, and its
     * certificate marked released, so the phone hears `unrecognized device` at its next connect and unenrols.
     */
    async remove(auth: AuthContext, id: string) {
      const { device } = await devices.load(auth, id);
      if (device.recycledStatus !== RecycledStatus.RECYCLED) throw new AppError('CONFLICT', '请先将设备移入回收站，再删除');
      await db.transaction(async (tx) => {
        // A phone already released (remove-main-profile, one-click unlock) gave its slot back then.
        const [channel] = await tx.select({ released: mdmEnrollment.released }).from(mdmEnrollment).where(eq(mdmEnrollment.deviceId, id));
        await tx.update(mdmIdentity).set({ releasedAt: new Date() }).where(eq(mdmIdentity.deviceId, id));
        await mdm.queue.cancelPending(tx, id, '设备已删除');
        await emitIosDeviceEvent(tx, id, 'device.released', { reason: 'removed' });
        await tx.insert(operationLog).values({
          storeId: auth.storeId,
          clerkId: auth.clerkId,
          platform: 'ios',
          deviceId: id,
          action: 'remove',
          status: OperationStatus.DONE,
          detail: { serial_number: device.serialNumber },
        });
        await tx.delete(iosDevice).where(and(eq(iosDevice.id, id), eq(iosDevice.storeId, auth.storeId)));
        if (!channel?.released) await releaseDeviceSlots(tx, auth.storeId, device.clerkId, 1);
      });
      return { ok: true as const };
    },
  };

  /** cancelSchedules cancels the phone's scheduled locks not yet fired; returns how many it cancelled. */
  async function cancelSchedules(deviceId: string, reason: string): Promise<number> {
    const cancelled = await db
      .update(operationLog)
      .set({ status: OperationStatus.CANCELLED, result: reason, dateUpdated: new Date() })
      .where(and(eq(operationLog.deviceId, deviceId), eq(operationLog.status, OperationStatus.SCHEDULED), eq(operationLog.action, 'lock')))
      .returning({ id: operationLog.id });
    return cancelled.length;
  }
}
export type IosCommandService = ReturnType<typeof createIosCommandService>;

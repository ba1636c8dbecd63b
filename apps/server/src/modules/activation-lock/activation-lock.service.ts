import { randomBytes } from 'node:crypto';
import { type SQL, and, eq, inArray } from 'drizzle-orm';
import {
  type ActivationLockPassword,
  type ActivationLockResult,
  type ActivationLockState,
  ActivationLockStatus,
  type BypassCodeSource,
  type DepActivationLockStatus,
  OperationStatus,
  activationLockDepText,
  bypassCodeFromBytes,
  bytesFromBypassCode,
  escrowKeyOf,
} from '@lease/shared';
import { ESCROW_NOT_CONFIGURED, type EscrowUnlockClient, type EscrowUnlockOutcome } from '../../adapters/activation-lock/escrow-unlock-client.ts';
import { type DepClient, DepError } from '../../adapters/dep/dep-client.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { AbmGateway } from '../abm/abm-gateway.ts';
import type { IosDeviceRow } from '../ios-device/ios-device.repo.ts';
import type { IosDeviceService } from '../ios-device/ios-device.service.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import type { IdempotencyKey } from '../../domain/idempotency.ts';
import { type OperationResult, createIosCommandPipeline } from '../ios-device/ios-command-pipeline.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import type { SensitiveActionGuard, SensitiveActionProof } from '../store/sensitive-action.ts';
import { store } from '../../domain/store.table.ts';
import { lockFactsOf } from './activation-lock.repo.ts';
import type { CodeBox } from './code-box.ts';
import { ABM_MISSING, cannotGetPassword, cannotTurnOffWith, cannotTurnOn } from './lock-rules.ts';

interface Deps {
  db: Db;
  devices: Pick<IosDeviceService, 'load'>;
  guard: SensitiveActionGuard;
  abm: AbmGateway;
  escrow: EscrowUnlockClient;
  codes: CodeBox;
}

const { OFF, ON, TURNING_ON, TURNING_OFF } = ActivationLockStatus;
const SOURCE_TEXT: Record<BypassCodeSource, string> = { server: '服务器生成的绕过码', device: '设备生成的绕过码' };
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * createActivationLockService locks and unlocks leased phones through Apple (DESIGN §5). Turning on generates a
 * bypass code, keeps it sealed and hands Apple only its hash through the store's ABM token; turning off presents
 * the code to Apple's escrow-key unlock service (the server's code first, then the phone's own). Each call is
 * one operation-log row, finished at once with Apple's answer in Chinese; the code never enters a log.
 */
export function createActivationLockService({ db, devices, guard, abm, escrow, codes }: Deps) {
  // Apple's web services answer these operations, not the phone: the pipeline logs them, and queues no command.
  const pipeline = createIosCommandPipeline({ db, devices });

  async function finish(
    storeId: string,
    operationLogId: string,
    status: number,
    result: string,
    device?: { where: SQL | undefined; set: Partial<IosDeviceRow> },
  ) {
    await db.transaction(async (tx) => {
      await tx
        .update(operationLog)
        .set({ status, result, dateUpdated: new Date() })
        .where(and(eq(operationLog.storeId, storeId), eq(operationLog.id, operationLogId)));
      if (device)
        await tx
          .update(iosDevice)
          .set({ ...device.set, dateUpdated: new Date() })
          .where(device.where);
    });
    return { operation_log_id: operationLogId, status, replayed: false, result } satisfies ActivationLockResult;
  }

  /** replayOf answers a repeated Idempotency-Key with the first operation, result text included. */
  async function replayOf(auth: AuthContext, key: IdempotencyKey | undefined): Promise<ActivationLockResult | null> {
    const replay = await pipeline.replay(auth, key);
    if (!replay) return null;
    const [row] = await db.select({ result: operationLog.result }).from(operationLog).where(eq(operationLog.id, replay.operation_log_id));
    return { ...replay, result: row?.result ?? '' };
  }

  async function codesOf(device: IosDeviceRow): Promise<{ source: BypassCodeSource; code: string }[]> {
    const facts = await lockFactsOf(db, device.id);
    const list: { source: BypassCodeSource; code: string }[] = [];
    if (device.activationLockPasscode) list.push({ source: 'server', code: codes.open(device.activationLockPasscode) });
    if (facts?.deviceCode) list.push({ source: 'device', code: codes.open(facts.deviceCode) });
    return list;
  }

  async function cannotTurnOff(device: IosDeviceRow): Promise<string | null> {
    return cannotTurnOffWith(device, await lockFactsOf(db, device.id), escrow.live, ESCROW_NOT_CONFIGURED);
  }

  /**
   * lockThroughAbm seals the code on the device row before Apple hears of it: if the answer is lost, the code
   * that may now guard the phone is still here, and a retry sends the same one. Apple's answer settles the row.
   */
  async function lockThroughAbm(auth: AuthContext, device: IosDeviceRow, client: DepClient, idempotencyKey?: IdempotencyKey): Promise<ActivationLockResult> {
    const pending =
      device.activationLockStatus === TURNING_ON && device.activationLockPasscode ? bytesFromBypassCode(codes.open(device.activationLockPasscode)) : null;
    const bytes = pending ?? randomBytes(16);
    const sealed = codes.seal(bypassCodeFromBytes(bytes));
    const escrowKey = await escrowKeyOf(bytes);
    const op = await pipeline.run(auth, device, {
      action: 'turn-on-activation-lock',
      status: OperationStatus.SENT,
      result: '正在请求 Apple 开启激活锁',
      detail: { serial_number: device.serialNumber },
      idempotencyKey,
      // Claimed only from a state that allows it: a parallel turn-on or turn-off makes this one a conflict.
      inTx: async (tx) => {
        const claimed = await tx
          .update(iosDevice)
          .set({ activationLockPasscode: sealed, activationLockStatus: TURNING_ON, dateUpdated: new Date() })
          .where(and(eq(iosDevice.id, device.id), inArray(iosDevice.activationLockStatus, [OFF, TURNING_ON])))
          .returning({ id: iosDevice.id });
        if (!claimed.length) throw new AppError('CONFLICT', '激活锁状态已变化，请刷新后重试');
      },
    });
    if (op.replayed) return (await replayOf(auth, idempotencyKey))!;
    const ours = and(eq(iosDevice.id, device.id), eq(iosDevice.activationLockPasscode, sealed));
    let answer: DepActivationLockStatus | string;
    try {
      answer = (await client.activationLock({ device: device.serialNumber, escrow_key: escrowKey })).response_status;
    } catch (err) {
      // Only a 4xx says Apple did nothing; after a timeout, a 5xx or an unreadable answer the phone may be locked.
      const refused = err instanceof DepError && err.status >= 400 && err.status < 500;
      if (!refused) {
        const text = `无法确认 Apple 是否已开启激活锁（${errorText(err)}）。本次生成的绕过码已保存，请稍后再次开启，将使用同一绕过码`;
        return finish(auth.storeId, op.operation_log_id, OperationStatus.FAILED, text);
      }
      return finish(auth.storeId, op.operation_log_id, OperationStatus.FAILED, `Apple 拒绝开启激活锁：${errorText(err)}`, {
        where: ours,
        set: { activationLockStatus: OFF, activationLockPasscode: null },
      });
    }
    const text = activationLockDepText[answer as DepActivationLockStatus] ?? `Apple 返回未知结果（${answer}）`;
    if (answer === 'SUCCESS') return finish(auth.storeId, op.operation_log_id, OperationStatus.DONE, text, { where: ours, set: { activationLockStatus: ON } });
    if (answer === 'DEVICE_ALREADY_LOCKED') {
      // A retried code may be the one that locked it; a fresh one certainly is not.
      const kept = pending ? '。已保留上次生成的绕过码，关闭时将先尝试它' : '。服务器没有该锁的绕过码';
      return finish(auth.storeId, op.operation_log_id, OperationStatus.FAILED, text + kept, {
        where: ours,
        set: { activationLockStatus: ON, activationLockPasscode: pending ? sealed : null },
      });
    }
    return finish(auth.storeId, op.operation_log_id, OperationStatus.FAILED, text, {
      where: ours,
      set: { activationLockStatus: OFF, activationLockPasscode: null },
    });
  }

  /** unlockThroughApple presents the codes to Apple in turn (Apple: try the other one if the first fails). */
  async function unlockThroughApple(auth: AuthContext, device: IosDeviceRow, idempotencyKey?: IdempotencyKey): Promise<ActivationLockResult> {
    const candidates = await codesOf(device);
    const [owner] = await db.select({ name: store.storeName }).from(store).where(eq(store.id, auth.storeId));
    const before = device.activationLockStatus === TURNING_OFF ? ON : device.activationLockStatus;
    const op = await pipeline.run(auth, device, {
      action: 'turn-off-activation-lock',
      status: OperationStatus.SENT,
      result: '正在请求 Apple 关闭激活锁',
      detail: { serial_number: device.serialNumber },
      idempotencyKey,
      set: { activationLockStatus: TURNING_OFF },
    });
    if (op.replayed) return (await replayOf(auth, idempotencyKey))!;
    const tried: { source: BypassCodeSource; outcome: EscrowUnlockOutcome }[] = [];
    for (const { source, code } of candidates) {
      const outcome = await escrow.unlock({
        serial: device.serialNumber,
        productType: device.model,
        imei: device.imei1 || undefined,
        imei2: device.imei2 || undefined,
        meid: device.meid || undefined,
        orgName: owner?.name ?? '',
        guid: auth.clerkId,
        escrowKey: code,
      });
      tried.push({ source, outcome });
      if (outcome.ok || !outcome.mismatch) break;
    }
    const opened = tried.find((t) => t.outcome.ok);
    if (opened) {
      // Success wins over a parallel attempt's failure, whatever the row says now.
      return finish(auth.storeId, op.operation_log_id, OperationStatus.DONE, `Apple 已关闭激活锁（使用${SOURCE_TEXT[opened.source]}）`, {
        where: eq(iosDevice.id, device.id),
        set: { activationLockStatus: OFF, activationLockPasscode: null },
      });
    }
    const reasons = tried.map((t) => (t.outcome.ok ? '' : t.outcome.reason));
    const text =
      tried.length > 1 && tried.every((t) => !t.outcome.ok && t.outcome.mismatch)
        ? '服务器与设备生成的两个绕过码均与 Apple 记录不符，激活锁可能由租机人的 Apple 账户开启'
        : reasons[reasons.length - 1];
    return finish(auth.storeId, op.operation_log_id, OperationStatus.FAILED, text, {
      where: and(eq(iosDevice.id, device.id), eq(iosDevice.activationLockStatus, TURNING_OFF)),
      set: { activationLockStatus: before },
    });
  }

  async function turnOffChecked(auth: AuthContext, deviceId: string, confirm: () => Promise<void>, idempotencyKey?: IdempotencyKey) {
    const replay = await replayOf(auth, idempotencyKey);
    if (replay) return replay;
    const { device } = await devices.load(auth, deviceId);
    const refusal = await cannotTurnOff(device);
    if (refusal) throw new AppError('CONFLICT', refusal);
    await confirm();
    return unlockThroughApple(auth, device, idempotencyKey);
  }

  return {
    /** turnOn locks the phone to the store through ABM (Ab11; password, and SMS when the store asks). */
    async turnOn(auth: AuthContext, deviceId: string, proof: SensitiveActionProof, idempotencyKey?: IdempotencyKey): Promise<ActivationLockResult> {
      const replay = await replayOf(auth, idempotencyKey);
      if (replay) return replay;
      const { device } = await devices.load(auth, deviceId);
      const refusal = cannotTurnOn(device);
      if (refusal) throw new AppError('CONFLICT', refusal);
      // Asked before the password, so a store without a token never spends an SMS code.
      const client = await abm.clientFor(auth.storeId);
      if (!client) throw new AppError('CONFLICT', ABM_MISSING);
      await guard.confirm(auth, proof);
      return lockThroughAbm(auth, device, client, idempotencyKey);
    },

    /** turnOff asks Apple to remove the lock (Ab19; password, and SMS when the store asks). */
    turnOff: (auth: AuthContext, deviceId: string, proof: SensitiveActionProof, idempotencyKey?: IdempotencyKey): Promise<ActivationLockResult> =>
      turnOffChecked(auth, deviceId, () => guard.confirm(auth, proof), idempotencyKey),

    /** For one-click unlock, whose caller confirmed once for the whole run: no second password check. */
    turnOffConfirmed: (auth: AuthContext, deviceId: string): Promise<OperationResult & { result: string }> => turnOffChecked(auth, deviceId, async () => {}),

    /** Why turn-off cannot run for this device now (Chinese), or null. */
    cannotTurnOff,

    /** getPassword shows the code to type on the phone's Activation Lock screen (Ab12); the log says who looked, never the code. */
    async getPassword(auth: AuthContext, deviceId: string, proof: SensitiveActionProof): Promise<ActivationLockPassword> {
      const { device } = await devices.load(auth, deviceId);
      const refusal = cannotGetPassword(device, await lockFactsOf(db, device.id));
      if (refusal) throw new AppError('CONFLICT', refusal);
      await guard.confirm(auth, proof);
      const [first] = await codesOf(device);
      await pipeline.run(auth, device, {
        action: 'get-activation-lock-password',
        detail: { source: first.source },
        result: `已查看${SOURCE_TEXT[first.source]}`,
      });
      return { activation_lock_password: first.code, source: first.source };
    },

    /** state is what the dialogs say before asking for a password. */
    async state(auth: AuthContext, deviceId: string): Promise<ActivationLockState> {
      const { device } = await devices.load(auth, deviceId);
      const facts = await lockFactsOf(db, device.id);
      const abmMissing = !(await abm.clientFor(auth.storeId));
      return {
        activation_lock_status: device.activationLockStatus,
        server_code: device.activationLockPasscode !== null,
        device_code: Boolean(facts?.deviceCode),
        device_reports_enabled: facts?.deviceReportsEnabled ?? null,
        cannot_turn_on: cannotTurnOn(device) ?? (abmMissing ? ABM_MISSING : null),
        cannot_turn_off: cannotTurnOffWith(device, facts, escrow.live, ESCROW_NOT_CONFIGURED),
        cannot_get_password: cannotGetPassword(device, facts),
        abm_missing: abmMissing,
      };
    },
  };
}
export type ActivationLockService = ReturnType<typeof createActivationLockService>;

import { eq } from 'drizzle-orm';
import { EnrollmentStatus, OperationStatus, RecycledStatus, SuperviseStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { type OperationResult, type OperationTx, insertOperation, raceWinner, replayedOperation } from '../../domain/device-operation.ts';
import type { IdempotencyKey } from '../../domain/idempotency.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { RefetchPending, collapseRefetch } from '../../domain/refetch-collapse.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import { Priority } from '../../mdm/apple/commander.ts';
import type { MdmCommand } from '../../mdm/apple/commands.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import type { IosDeviceRow } from './ios-device.repo.ts';
import type { IosDeviceService } from './ios-device.service.ts';

export type { OperationResult, OperationTx };

/** commandProblem is why no MDM command may go to this phone now (Chinese), or null: it must be enrolled and out of the recycle bin. */
export function commandProblem(d: Pick<IosDeviceRow, 'recycledStatus' | 'enrollmentStatus'>): string | null {
  if (d.recycledStatus === RecycledStatus.RECYCLED) return '设备在回收站中，请先移出';
  if (d.enrollmentStatus !== EnrollmentStatus.ENROLLED) return '设备尚未接入管理，无法下发指令';
  return null;
}

/**
 * Supervision is what a command needs of a supervised phone, `what` naming the command in the refusal. With
 * `unknown: 'refuse'` the payload installs on supervised phones only, so a phone that has not reported its
 * supervision yet waits; with 'allow' only a phone known to be unsupervised is refused (Apple would refuse it),
 * and one not known yet answers for itself.
 */
export interface Supervision {
  what: string;
  unknown: 'refuse' | 'allow';
}

function supervisionProblem(d: Pick<IosDeviceRow, 'superviseStatus'>, { what, unknown }: Supervision): string | null {
  if (d.superviseStatus === SuperviseStatus.SUPERVISED) return null;
  if (unknown === 'allow') {
    return d.superviseStatus === SuperviseStatus.UNSUPERVISED ? `设备未处于监管模式（需通过 ABM 或 Apple Configurator 接入），Apple 不允许${what}` : null;
  }
  return d.superviseStatus === SuperviseStatus.UNSUPERVISED ? `${what}仅支持已监管的设备，此设备未监管` : `设备尚未上报监管状态，暂不能${what}，请稍后再试`;
}

/** DeviceChanges are device-record columns an operation writes in its own transaction. */
export type DeviceChanges = Partial<Omit<typeof iosDevice.$inferInsert, 'id' | 'storeId'>>;

/** IosOperationPlan is one console operation on one phone, everything decided before its transaction opens. */
export interface IosOperationPlan {
  action: string;
  detail?: Record<string, unknown>;
  idempotencyKey?: IdempotencyKey;
  /** The MDM command to queue, built already: its CommandUUID becomes the queue row's id. */
  command?: MdmCommand;
  /** The command's queue priority (Priority.NORMAL when absent). */
  priority?: number;
  /** Pending commands of these request types are cancelled: the new one replaces them (lock, unlock). */
  supersede?: string[];
  /** A lock for later: logged as scheduled, and its job queues the command at that time. */
  scheduledAt?: Date;
  /** Written with the operation, so the phone's answer (a result effect) can never land before it. */
  set?: DeviceChanges;
  /** The operation's status when not the default (queued with a command, scheduled, else done), e.g. sent to an Apple web service. */
  status?: number;
  /** The result text of an operation done at once, or of one asked of a web service. */
  result?: string;
  /**
   * Writes that need rows locked in the operation's transaction (restrictions rebuild their profile from the locked
   * device row, one-click unlock records its run); true when they queued a command, so the phone is woken.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: writes that queue nothing are plain async functions (Promise<void>)
  inTx?: (tx: OperationTx, operationLogId: string) => Promise<boolean | void>;
}

interface Deps {
  db: Db;
  devices: Pick<IosDeviceService, 'load'>;
  /** The Apple engine, for operations that queue a command (Activation Lock's web-service operations need none). */
  mdm?: Pick<MdmEngine, 'commander'>;
}

/**
 * createIosCommandPipeline is the one way a console operation reaches an iPhone: load the caller's phone and check
 * it can take commands, then the operation-log row, the command (replacing the pending ones it supersedes) and the
 * device's new status in one transaction, and the wake-up push after commit. An Idempotency-Key replay answers with
 * the first operation, and so does a refetch while the same refetch is pending for the phone. Authorization is
 * the routes'; the state rules of each command are its service's.
 */
export function createIosCommandPipeline({ db, devices, mdm }: Deps) {
  const commander = () => {
    if (!mdm) throw new Error('this command pipeline was made without the Apple MDM engine');
    return mdm.commander;
  };

  /** device loads the caller's phone (404 otherwise) when commands may go to it, supervised when the command needs it. */
  async function device(auth: AuthContext, id: string, supervision?: Supervision): Promise<IosDeviceRow> {
    const { device } = await devices.load(auth, id);
    const problem = commandProblem(device) ?? (supervision ? supervisionProblem(device, supervision) : null);
    if (problem) throw new AppError('CONFLICT', problem);
    return device;
  }

  /**
   * run carries out one operation on a phone: given its id, the phone is loaded and checked first (device()); given
   * the phone, the caller has loaded and checked it already.
   */
  async function run(auth: AuthContext, target: string | Pick<IosDeviceRow, 'id'>, plan: IosOperationPlan): Promise<OperationResult> {
    const deviceId = typeof target === 'string' ? (await device(auth, target)).id : target.id;
    const replay = await replayedOperation(db, auth.storeId, plan.idempotencyKey);
    if (replay) return replay;

    const { command, scheduledAt } = plan;
    const queueNow = command !== undefined && !scheduledAt;
    const status = plan.status ?? (scheduledAt ? OperationStatus.SCHEDULED : command ? OperationStatus.QUEUED : OperationStatus.DONE);
    let wake = queueNow;
    try {
      const result = await db.transaction(async (tx) => {
        const op = await insertOperation(tx, auth, {
          platform: 'ios',
          deviceId,
          action: plan.action,
          status,
          detail: plan.detail,
          result: plan.result,
          scheduledAt,
          idempotencyKey: plan.idempotencyKey,
        });
        await collapseRefetch(tx, { storeId: auth.storeId, platform: 'ios', deviceId, action: plan.action }, op.operation_log_id);
        if (command && queueNow) {
          await commander().enqueueIn(tx, [{ deviceId, command, operationLogId: op.operation_log_id }], {
            priority: plan.priority ?? Priority.NORMAL,
            supersede: plan.supersede,
          });
        }
        if (plan.set)
          await tx
            .update(iosDevice)
            .set({ ...plan.set, dateUpdated: new Date() })
            .where(eq(iosDevice.id, deviceId));
        if ((await plan.inTx?.(tx, op.operation_log_id)) === true) wake = true;
        return op;
      });
      if (wake) commander().wake([deviceId]);
      return result;
    } catch (err) {
      if (err instanceof RefetchPending) return err.result;
      const winner = await raceWinner(db, auth.storeId, plan.idempotencyKey, err);
      if (winner) return winner;
      throw err;
    }
  }

  return {
    device,
    run,
    /** replay answers a repeated Idempotency-Key before state checks that the first operation may since have changed. */
    replay: (auth: AuthContext, idempotencyKey: IdempotencyKey | undefined) => replayedOperation(db, auth.storeId, idempotencyKey),
  };
}
export type IosCommandPipeline = ReturnType<typeof createIosCommandPipeline>;

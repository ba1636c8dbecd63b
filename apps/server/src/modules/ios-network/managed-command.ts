import { eq } from 'drizzle-orm';
import { EnrollmentStatus, OperationStatus, RecycledStatus, SuperviseStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { CommandRequest } from '../../mdm/apple/commander.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import type { IosDeviceService } from '../ios-device/ios-device.service.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { type OperationResult, runDeviceOperation } from '../../domain/device-operation.ts';

type DeviceChanges = Partial<Pick<typeof iosDevice.$inferInsert, 'globalProxyStatus' | 'dnsSettingStatus'>>;

/** managedDevice is the caller's device when commands may go to it: enrolled and not in the recycle bin. */
export async function managedDevice(devices: IosDeviceService, auth: AuthContext, id: string) {
  const { device } = await devices.load(auth, id);
  if (device.recycledStatus === RecycledStatus.RECYCLED) throw new AppError('CONFLICT', '设备在回收站中，请先移出');
  if (device.enrollmentStatus !== EnrollmentStatus.ENROLLED) throw new AppError('CONFLICT', '设备尚未接入管理，无法下发指令');
  return device;
}

/** requireSupervised refuses a phone iOS would refuse: the payload installs on supervised phones only. */
export function requireSupervised(device: { superviseStatus: number }, what: string) {
  if (device.superviseStatus === SuperviseStatus.SUPERVISED) return;
  if (device.superviseStatus === SuperviseStatus.UNSUPERVISED) throw new AppError('CONFLICT', `${what}仅支持已监管的设备，此设备未监管`);
  throw new AppError('CONFLICT', `设备尚未上报监管状态，暂不能${what}，请稍后再试`);
}

export interface StatusOperationPlan {
  deviceId: string;
  action: string;
  detail: Record<string, unknown>;
  idempotencyKey?: string;
  build: CommandRequest['build'];
  priority: number;
  /** Written with the queued command, in its transaction: the phone's answer (a result effect) settles it. */
  set: DeviceChanges;
}

/**
 * runStatusOperation is runIosOperation for commands whose device status goes "pending" when queued: the log
 * row, the command and the status change commit together, so the phone's answer can never land before it.
 */
export function runStatusOperation(db: Db, mdm: MdmEngine, auth: AuthContext, plan: StatusOperationPlan): Promise<OperationResult> {
  return runDeviceOperation(
    db,
    auth,
    { platform: 'ios', deviceId: plan.deviceId, action: plan.action, status: OperationStatus.QUEUED, detail: plan.detail, idempotencyKey: plan.idempotencyKey },
    {
      inTx: async (tx, operationLogId) => {
        await mdm.commander.enqueueIn(tx, [{ deviceId: plan.deviceId, build: plan.build, operationLogId }], { priority: plan.priority });
        await tx.update(iosDevice).set({ ...plan.set, dateUpdated: new Date() }).where(eq(iosDevice.id, plan.deviceId));
      },
      afterCommit: () => mdm.commander.wake([plan.deviceId]),
    },
  );
}

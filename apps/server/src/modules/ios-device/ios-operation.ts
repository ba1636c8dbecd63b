import { eq } from 'drizzle-orm';
import { OperationStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import type { CommandRequest } from '../../mdm/apple/commander.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import type { AuthContext } from '../../http/authz.ts';
import { type OperationResult, runDeviceOperation } from '../../domain/device-operation.ts';
import { withRefetchCollapse } from '../../domain/refetch-collapse.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';

export interface OperationPlan {
  deviceId: string;
  action: string;
  detail?: Record<string, unknown>;
  idempotencyKey?: string;
  /** The MDM command to queue, bound to the operation-log row; absent for a scheduled operation. */
  command?: { build: CommandRequest['build']; priority: number; supersede?: string[] };
  scheduledAt?: Date;
  lockStatus?: number;
  /** The result text of an operation done at once, without a command. */
  result?: string;
}

export type { OperationResult };

/**
 * runIosOperation writes the operation-log row and queues its MDM command in one transaction, then wakes the
 * phone after commit (runDeviceOperation). A replay with the same Idempotency-Key returns the first operation,
 * and so does a refetch while the same refetch is pending for the phone (withRefetchCollapse).
 */
export async function runIosOperation(db: Db, mdm: MdmEngine, auth: AuthContext, plan: OperationPlan): Promise<OperationResult> {
  const queued = plan.command && !plan.scheduledAt;
  const status = plan.scheduledAt ? OperationStatus.SCHEDULED : plan.command ? OperationStatus.QUEUED : OperationStatus.DONE;
  const target = { storeId: auth.storeId, platform: 'ios' as const, deviceId: plan.deviceId, action: plan.action };
  return withRefetchCollapse(target, (collapse) =>
    runDeviceOperation(
      db,
      auth,
      { platform: 'ios', deviceId: plan.deviceId, action: plan.action, status, detail: plan.detail, result: plan.result, scheduledAt: plan.scheduledAt, idempotencyKey: plan.idempotencyKey },
      {
        inTx: async (tx, operationLogId) => {
          await collapse(tx, operationLogId);
          if (plan.command?.supersede) await mdm.queue.supersede(tx, plan.deviceId, plan.command.supersede, '已被新的操作取代');
          if (plan.command && queued) {
            await mdm.commander.enqueueIn(tx, [{ deviceId: plan.deviceId, build: plan.command.build, operationLogId }], { priority: plan.command.priority });
          }
          if (plan.lockStatus !== undefined) await tx.update(iosDevice).set({ lockStatus: plan.lockStatus, dateUpdated: new Date() }).where(eq(iosDevice.id, plan.deviceId));
        },
        afterCommit: queued ? () => mdm.commander.wake([plan.deviceId]) : undefined,
      },
    ),
  );
}

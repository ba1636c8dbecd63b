import { and, eq } from 'drizzle-orm';
import { OperationStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { CommandRequest } from '../../mdm/apple/commander.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import type { AuthContext } from '../../http/authz.ts';
import { operationLog } from '../logs/logs.table.ts';
import { iosDevice } from './ios-device.table.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface OperationPlan {
  deviceId: string;
  action: string;
  detail?: Record<string, unknown>;
  idempotencyKey?: string;
  /** The MDM command to queue, bound to the operation-log row; absent for a scheduled operation. */
  command?: { build: CommandRequest['build']; priority: number; supersede?: string[] };
  scheduledAt?: Date;
  lockStatus?: number;
}

export interface OperationResult {
  operation_log_id: string;
  status: number;
  replayed: boolean;
}


/**
 * runIosOperation writes the operation-log row and queues its MDM command in one transaction, then wakes the
 * phone after commit. A replay with the same Idempotency-Key returns the first operation instead of a second.
 */
export async function runIosOperation(db: Db, mdm: MdmEngine, auth: AuthContext, plan: OperationPlan): Promise<OperationResult> {
  const existing = async () => {
    if (!plan.idempotencyKey) return null;
    const [row] = await db
      .select({ id: operationLog.id, status: operationLog.status })
      .from(operationLog)
      .where(and(eq(operationLog.storeId, auth.storeId), eq(operationLog.idempotencyKey, plan.idempotencyKey)));
    return row ? { operation_log_id: row.id, status: row.status, replayed: true } : null;
  };
  const replay = await existing();
  if (replay) return replay;

  const write = async (tx: Tx) => {
    if (plan.command?.supersede) await mdm.queue.supersede(tx, plan.deviceId, plan.command.supersede, '已被新的操作取代');
    const status = plan.scheduledAt ? OperationStatus.SCHEDULED : plan.command ? OperationStatus.QUEUED : OperationStatus.DONE;
    const [op] = await tx
      .insert(operationLog)
      .values({
        storeId: auth.storeId,
        clerkId: auth.clerkId,
        platform: 'ios',
        deviceId: plan.deviceId,
        action: plan.action,
        status,
        detail: plan.detail ?? {},
        scheduledAt: plan.scheduledAt ?? null,
        idempotencyKey: plan.idempotencyKey ?? null,
      })
      .returning({ id: operationLog.id, status: operationLog.status });
    if (plan.command && !plan.scheduledAt) {
      await mdm.commander.enqueueIn(tx, [{ deviceId: plan.deviceId, build: plan.command.build, operationLogId: op.id }], { priority: plan.command.priority });
    }
    if (plan.lockStatus !== undefined) await tx.update(iosDevice).set({ lockStatus: plan.lockStatus, dateUpdated: new Date() }).where(eq(iosDevice.id, plan.deviceId));
    return { operation_log_id: op.id, status: op.status, replayed: false };
  };

  try {
    const result = await db.transaction(write);
    if (plan.command && !plan.scheduledAt) mdm.commander.wake([plan.deviceId]);
    return result;
  } catch (err) {
    // A parallel replay won the race for the idempotency key: answer with its operation.
    if (plan.idempotencyKey && isUniqueViolation(err, 'operation_log_idempotency_key')) {
      const winner = await existing();
      if (winner) return winner;
    }
    throw err;
  }
}

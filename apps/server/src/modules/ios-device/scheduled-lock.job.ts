import { eq, sql } from 'drizzle-orm';
import { LockStatus, OperationStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import type { Job } from '../../jobs/scheduler.ts';
import { Priority } from '../../mdm/apple/commander.ts';
import { enableLostMode } from '../../mdm/apple/commands.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { lockIntentOf, lostModeText } from '../lock-intent/lock-intent.ts';

interface Due {
  id: string;
  device_id: string;
  detail: { message?: string; phone_number?: string; footnote?: string };
}

/**
 * fireScheduledLocks queues the Lost Mode of every scheduled lock whose time has come. SKIP LOCKED lets
 * several server processes run it at once without firing one schedule twice.
 */
export async function fireScheduledLocks(db: Db, mdm: MdmEngine, now = new Date()): Promise<number> {
  const fired = await db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      select id, device_id, detail from operation_log
      where status = ${OperationStatus.SCHEDULED} and action = 'lock' and platform = 'ios' and scheduled_at <= ${now}
      order by scheduled_at limit 200 for update skip locked`);
    const due = (result as unknown as { rows: Due[] }).rows;
    for (const op of due) {
      const intent = lockIntentOf(op.detail, now);
      await mdm.queue.supersede(tx, op.device_id, ['EnableLostMode', 'DisableLostMode'], '已被预约锁定取代');
      await mdm.commander.enqueueIn(tx, [{ deviceId: op.device_id, operationLogId: op.id, build: (uuid) => enableLostMode(lostModeText(intent), { uuid }) }], {
        priority: Priority.SECURITY,
      });
      await tx.update(operationLog).set({ status: OperationStatus.QUEUED, dateUpdated: now }).where(eq(operationLog.id, op.id));
      // From now on the store holds the phone locked, as with a lock sent from the console.
      await tx.update(iosDevice).set({ lockStatus: LockStatus.LOCKING, lockIntent: intent }).where(eq(iosDevice.id, op.device_id));
    }
    return due.map((d) => d.device_id);
  });
  if (fired.length) mdm.commander.wake(fired);
  return fired.length;
}

export const scheduledLockJob = (db: Db, mdm: MdmEngine): Job => ({ name: 'ios-scheduled-lock', everyMs: 10_000, run: () => fireScheduledLocks(db, mdm) });

import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { LockStatus, OperationStatus } from '@lease/shared';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { Priority } from '../../mdm/apple/commander.ts';
import { enableLostMode } from '../../mdm/apple/commands.ts';
import type { Tx } from '../../mdm/apple/effects/result-effect.ts';
import { PENDING_COMMAND_STATUSES, mdmCommand } from '../../mdm/apple/mdm.table.ts';
import { buildPlist } from '../../mdm/apple/plist.ts';
import { insertCommands } from '../../mdm/apple/queue.repo.ts';
import { RELOCK_ACTION, type RelockReason, lostModeText } from './lock-intent.ts';

const WEEK = 7 * 86_400_000;

/**
 * queueRelock sends the store's Lost Mode again to a phone it holds locked, ahead of every other command
 * (Priority.RELOCK), logged as the store's `relock` with no clerk; true when queued. A phone without a lock
 * intent, or with a Lost Mode already on its way (a console lock, an earlier relock), gets nothing. The caller
 * wakes the phone after commit, unless it is in session already (an answer's effect).
 */
export async function queueRelock(tx: Tx, deviceId: string, reason: RelockReason): Promise<boolean> {
  const [device] = await tx
    .select({ storeId: iosDevice.storeId, intent: iosDevice.lockIntent })
    .from(iosDevice)
    // Only a phone the store holds locked is read and locked: every unlocked phone's facts refresh passes by here.
    .where(and(eq(iosDevice.id, deviceId), isNotNull(iosDevice.lockIntent)))
    .for('update');
  if (!device?.intent) return false;
  const [pending] = await tx
    .select({ id: mdmCommand.id })
    .from(mdmCommand)
    .where(and(eq(mdmCommand.deviceId, deviceId), eq(mdmCommand.requestType, 'EnableLostMode'), inArray(mdmCommand.status, PENDING_COMMAND_STATUSES)))
    .limit(1);
  if (pending) return false;
  const { intent } = device;
  const [op] = await tx
    .insert(operationLog)
    .values({
      storeId: device.storeId,
      clerkId: null,
      platform: 'ios',
      deviceId,
      action: RELOCK_ACTION,
      status: OperationStatus.QUEUED,
      detail: { reason, message: intent.message, phone_number: intent.phone_number ?? '', footnote: intent.footnote ?? '' },
    })
    .returning({ id: operationLog.id });
  const id = crypto.randomUUID().toUpperCase();
  await insertCommands(tx, [
    {
      id,
      deviceId,
      requestType: 'EnableLostMode',
      payload: buildPlist(enableLostMode(lostModeText(intent), { uuid: id })),
      priority: Priority.RELOCK,
      expiresAt: new Date(Date.now() + WEEK),
      operationLogId: op.id,
    },
  ]);
  await tx.update(iosDevice).set({ lockStatus: LockStatus.LOCKING, dateUpdated: new Date() }).where(eq(iosDevice.id, deviceId));
  return true;
}

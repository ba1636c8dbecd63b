import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import { RelockReason } from './lock-intent.ts';
import { queueRelock } from './relock.ts';

/**
 * relockAfterEnrolment runs when a phone has just enrolled (again): whatever it was, it is not in Lost Mode now
 * (iOS drops it with management), so that is its report; a phone the store holds locked gets its Lost Mode back first.
 */
export async function relockAfterEnrolment(db: Db, mdm: Pick<MdmEngine, 'commander'>, deviceId: string): Promise<boolean> {
  const queued = await db.transaction(async (tx) => {
    await tx.update(iosDevice).set({ lostModeReported: false }).where(eq(iosDevice.id, deviceId));
    return queueRelock(tx, deviceId, RelockReason.REENROLLED);
  });
  if (queued) mdm.commander.wake([deviceId]);
  return queued;
}

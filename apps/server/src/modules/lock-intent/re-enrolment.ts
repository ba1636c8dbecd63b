import { eq } from 'drizzle-orm';
import { iosDevice } from '../../domain/ios-device.table.ts';
import type { Tx } from '../../mdm/apple/effects/result-effect.ts';
import { RelockReason } from './lock-intent.ts';
import { queueRelock } from './relock.ts';

/**
 * relockInEnrolment runs in the transaction that makes a phone manageable (again): whatever it was, it is not in Lost
 * Mode now (iOS drops it with management), so that is its report; a phone the store holds locked gets its Lost Mode
 * back first. Queued with the enrolment itself, no crash can leave the phone enrolled and unlocked; the facts refresh
 * after commit wakes it.
 */
export async function relockInEnrolment(tx: Tx, deviceId: string): Promise<boolean> {
  await tx.update(iosDevice).set({ lostModeReported: false }).where(eq(iosDevice.id, deviceId));
  return queueRelock(tx, deviceId, RelockReason.REENROLLED);
}

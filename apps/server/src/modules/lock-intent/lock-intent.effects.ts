import { eq } from 'drizzle-orm';
import { operationLog } from '../../domain/operation-log.table.ts';
import { emitIosDeviceEvent } from '../../domain/webhook-outbox.ts';
import type { EffectContext, EffectTable } from '../../mdm/apple/effects/result-effect.ts';
import type { PlistDict } from '../../mdm/apple/plist.ts';
import { RELOCK_ACTION, RelockReason, relockResultText } from './lock-intent.ts';
import { queueRelock } from './relock.ts';

const dictOf = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v) ? (v as PlistDict) : {});

/**
 * relockOnReport: a phone the store holds locked says it is out of Lost Mode; the relock is served in this same
 * session. A phone that says it is unsupervised would only refuse it (Lost Mode needs supervision), so it is not asked.
 */
async function relockOnReport({ tx, deviceId, ok, response }: EffectContext) {
  const q = dictOf(response.QueryResponses);
  if (ok && q.IsMDMLostModeEnabled === false && q.IsSupervised !== false) await queueRelock(tx, deviceId, RelockReason.REPORTED_UNLOCKED);
  return undefined;
}

/** relockAnswered tells the store, by its operation log and the `device.relocked` webhook, why the phone is locked again. */
async function relockAnswered({ tx, deviceId, ok, cmd, action }: EffectContext) {
  if (action !== RELOCK_ACTION || !ok || !cmd.operationLogId) return undefined;
  const [op] = await tx.select({ detail: operationLog.detail }).from(operationLog).where(eq(operationLog.id, cmd.operationLogId));
  const reason = op?.detail.reason === RelockReason.REPORTED_UNLOCKED ? RelockReason.REPORTED_UNLOCKED : RelockReason.REENROLLED;
  await emitIosDeviceEvent(tx, deviceId, 'device.relocked', { reason });
  return { summary: relockResultText[reason] };
}

/** lockIntentEffects: the answers that keep the store's Lost Mode on a phone (after the engine's own Lost Mode effects). */
export const lockIntentEffects: EffectTable = {
  DeviceInformation: [relockOnReport],
  EnableLostMode: [relockAnswered],
};

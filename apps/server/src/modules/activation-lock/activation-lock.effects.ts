import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { ActivationLockStatus, BYPASS_CODE_PATTERN } from '@lease/shared';
import { Priority } from '../../mdm/apple/commander.ts';
import { activationLockBypassCode } from '../../mdm/apple/commands.ts';
import type { EffectContext, EffectTable, Tx } from '../../mdm/apple/effects/result-effect.ts';
import { mdmEnrollment } from '../../mdm/apple/mdm.table.ts';
import { type PlistDict, buildPlist } from '../../mdm/apple/plist.ts';
import { insertCommands } from '../../mdm/apple/queue.repo.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { type DeviceLockFacts, lockFactsOf, saveLockFacts, sealKey } from './activation-lock.repo.ts';
import { sealToPublicKey } from './code-box.ts';

const DAY = 86_400_000;
const dictOf = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v) ? (v as PlistDict) : {});

/** needsDeviceCode: ask once per enrolment, since the phone makes a new code when erased and hands it out only for 15 days. */
async function needsDeviceCode(tx: Tx, deviceId: string, requestedAt: Date | null | undefined) {
  const [enrollment] = await tx.select({ at: mdmEnrollment.authenticatedAt }).from(mdmEnrollment).where(eq(mdmEnrollment.deviceId, deviceId));
  return Boolean(enrollment) && (!requestedAt || requestedAt < enrollment.at);
}

/** queueDeviceCodeFetch asks the phone for its bypass code in the answer's own transaction; the phone is in session, so no push. */
async function queueDeviceCodeFetch(tx: Tx, deviceId: string) {
  const id = randomUUID().toUpperCase();
  await insertCommands(tx, [
    {
      id,
      deviceId,
      requestType: 'ActivationLockBypassCode',
      payload: buildPlist(activationLockBypassCode({ uuid: id })),
      priority: Priority.REFETCH,
      expiresAt: new Date(Date.now() + DAY),
      dedupeKey: 'activation-lock-bypass-code',
    },
  ]);
}

/**
 * recordReport keeps the phone's IsActivationLockEnabled. While the server holds no code of its own, a change of
 * that answer is all it knows, so the status follows it (a lock the hirer set with 查找); an ABM lock the server
 * made is not overruled by it, as Apple warns the flag can be wrong either way. A supervised phone is asked for
 * its own code.
 */
async function recordReport({ tx, deviceId, ok, response }: EffectContext) {
  if (!ok) return undefined;
  const q = dictOf(response.QueryResponses);
  const facts = await lockFactsOf(tx, deviceId);
  const enabled = q.IsActivationLockEnabled;
  // Only a change counts (and is written): after Apple lifted a 查找 lock the phone may go on saying "enabled" for a while.
  if (typeof enabled === 'boolean' && facts?.deviceReportsEnabled !== enabled) {
    await saveLockFacts(tx, deviceId, { deviceReportsEnabled: enabled, reportedAt: new Date() });
    const status = enabled ? ActivationLockStatus.ON : ActivationLockStatus.OFF;
    await tx
      .update(iosDevice)
      .set({ activationLockStatus: status, dateUpdated: new Date() })
      .where(
        and(
          eq(iosDevice.id, deviceId),
          isNull(iosDevice.activationLockPasscode),
          inArray(iosDevice.activationLockStatus, [ActivationLockStatus.OFF, ActivationLockStatus.ON]),
          ne(iosDevice.activationLockStatus, status),
        ),
      );
  }
  return fetchOwnCode(tx, deviceId, q, facts);
}

/** fetchOwnCode asks a supervised phone for its own code once per enrolment. */
async function fetchOwnCode(tx: Tx, deviceId: string, q: PlistDict, facts: DeviceLockFacts | null) {
  if (q.IsSupervised === true && (await needsDeviceCode(tx, deviceId, facts?.deviceCodeRequestedAt))) {
    await queueDeviceCodeFetch(tx, deviceId);
    await saveLockFacts(tx, deviceId, { deviceCodeRequestedAt: new Date() });
  }
  return undefined;
}

/** storeDeviceCode seals the phone's own code (the connect service never writes it to the queue's result column). */
async function storeDeviceCode({ tx, deviceId, ok, response }: EffectContext) {
  if (!ok) return undefined;
  const code = typeof response.ActivationLockBypassCode === 'string' ? response.ActivationLockBypassCode.trim().toUpperCase() : '';
  if (!BYPASS_CODE_PATTERN.test(code)) return { summary: '设备返回的激活锁绕过码格式无效，未保存' };
  const publicKey = await sealKey(tx);
  if (!publicKey) return { summary: '服务器尚未就绪，设备的激活锁绕过码未保存' };
  await saveLockFacts(tx, deviceId, { deviceCode: sealToPublicKey(publicKey, code), deviceCodeAt: new Date() });
  return { summary: '已取得设备生成的激活锁绕过码（已加密保存）' };
}

/** activationLockEffects: the phone's word on its Activation Lock and its own bypass code. */
export const activationLockEffects: EffectTable = {
  DeviceInformation: [recordReport],
  ActivationLockBypassCode: [storeDeviceCode],
};

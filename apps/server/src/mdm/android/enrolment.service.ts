import { eq, sql } from 'drizzle-orm';
import type { EnrollRequest, EnrollResponse, SimReport } from '@lease/shared/agent-protocol';
import { EnrollmentStatus, OperationStatus } from '@lease/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { readAndroidDefaults } from '../../domain/android-defaults.ts';
import { androidDevice } from '../../domain/android-device.table.ts';
import type { SimCard } from '../../domain/ios-device.table.ts';
import { reserveDeviceSlots } from '../../domain/device-quota.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { androidAgent, androidEnrollToken } from './android-agent.table.ts';
import { parsePublicKey } from './agent-auth.ts';
import type { DevKeyBox } from './device-keys.ts';
import { hashToken } from './enroll-token.service.ts';
import { buildPolicy } from './policy.ts';
import { emitEvents } from './result-effects.ts';

type ParsedEnroll = z.output<typeof EnrollRequest>;

/** simColumns maps the agent's SIM slots onto the device's sim_1 / sim_2. */
export function simColumns(sims: SimReport[]): { sim1: SimCard | null; sim2: SimCard | null } {
  const card = (slot: number): SimCard | null => {
    const s = sims.find((x) => x.slot === slot);
    return s ? { slot, iccid: s.iccid, carrier: s.carrier, phone_number: s.phone_number } : null;
  };
  return { sim1: card(1), sim2: card(2) };
}

/**
 * createEnrolmentService enrols an agent with a one-time token: in one transaction it spends the token,
 * charges the store's and the clerk's device quota (the same rules as Apple), creates the device with the
 * store's default restrictions, binds the agent's public key and seals a fresh offline-passcode key K_dev,
 * which is returned this once. Any refusal rolls everything back, the token included.
 */
export function createEnrolmentService(deps: { db: Db; keys: DevKeyBox; publicUrl: () => string }) {
  async function refusalFor(tokenHash: string): Promise<AppError> {
    const [row] = await deps.db
      .select({ usedAt: androidEnrollToken.usedAt, expiresAt: androidEnrollToken.expiresAt })
      .from(androidEnrollToken)
      .where(eq(androidEnrollToken.tokenHash, tokenHash));
    if (!row) return new AppError('UNAUTHORIZED', '接入二维码无效，请在控制台重新生成');
    if (row.usedAt) return new AppError('CONFLICT', '该接入二维码已被使用，请在控制台重新生成');
    return new AppError('UNAUTHORIZED', '接入二维码已过期，请在控制台重新生成');
  }

  return {
    async enroll(req: ParsedEnroll): Promise<EnrollResponse> {
      if (!parsePublicKey(req.public_key)) throw new AppError('VALIDATION_FAILED', '设备公钥格式有误：需要 ECDSA P-256 公钥（SPKI）');
      const tokenHash = hashToken(req.token);
      const devKey = deps.keys.newKey();
      const result = await deps.db.transaction(async (tx) => {
        // Spending the token is the transaction's first write: a second phone with the same token waits here, then finds it used.
        const [token] = await tx
          .update(androidEnrollToken)
          .set({ usedAt: new Date() })
          .where(sql`${androidEnrollToken.tokenHash} = ${tokenHash} and ${androidEnrollToken.usedAt} is null and ${androidEnrollToken.expiresAt} > now()`)
          .returning();
        if (!token) return null;
        await reserveDeviceSlots(tx, token.storeId, token.clerkId, 1);
        const defaults = await readAndroidDefaults(tx, token.storeId);
        const { facts } = req;
        const channel = req.channel ?? token.channel ?? 0;
        const [device] = await tx
          .insert(androidDevice)
          .values({
            storeId: token.storeId,
            clerkId: token.clerkId,
            serialNumber: facts.serial_number,
            imei1: facts.imei_1,
            imei2: facts.imei_2,
            meid: facts.meid,
            brand: facts.brand.toLowerCase(),
            manufacturer: facts.manufacturer,
            model: facts.model,
            osVersion: facts.os_version,
            sdkInt: facts.sdk_int ?? null,
            agentVersion: facts.agent_version,
            batteryLevel: facts.battery_level ?? null,
            channel,
            enrollmentStatus: EnrollmentStatus.ENROLLED,
            lastActiveTime: new Date(),
            ...simColumns(req.sims),
            systemRestriction: defaults?.systemRestriction ?? {},
            appRestrictionEnable: defaults?.appRestriction.enable ?? false,
            appRestrictionMode: defaults?.appRestriction.mode ?? 0,
            appRestrictionList: defaults?.appRestriction.list ?? [],
            isSimulated: req.simulated === true,
          })
          .returning({ id: androidDevice.id });
        await tx.insert(androidAgent).values({ deviceId: device.id, publicKey: req.public_key, devKeyEnc: devKey.sealed, lastSeenAt: new Date() });
        await tx.update(androidEnrollToken).set({ deviceId: device.id }).where(eq(androidEnrollToken.tokenHash, tokenHash));
        await tx.insert(operationLog).values({
          storeId: token.storeId,
          clerkId: token.issuedBy,
          platform: 'android',
          deviceId: device.id,
          action: 'enroll',
          status: OperationStatus.DONE,
          detail: { channel, brand: facts.brand, model: facts.model, imei_1: facts.imei_1 },
          result: '设备已扫码接入',
        });
        await emitEvents(tx, [{ deviceId: device.id, type: 'device.enrolled', data: { channel } }]);
        const policy = await buildPolicy(tx, device.id, deps.publicUrl());
        return { device_id: device.id, passcode_key: devKey.key.toString('base64'), channel, policy: policy! };
      });
      if (!result) throw await refusalFor(tokenHash);
      return result;
    },
  };
}
export type EnrolmentService = ReturnType<typeof createEnrolmentService>;

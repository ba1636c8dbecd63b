import { eq } from 'drizzle-orm';
import { computePasscode, MAX_GRANT_DAYS, type PasscodePurpose } from '@lease/shared/offline-passcode';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { androidDevice } from '../../domain/android-device.table.ts';
import { androidAgent } from './android-agent.table.ts';
import type { DevKeyBox } from './device-keys.ts';

/**
 * PasscodeService computes offline codes for the challenge a locked phone shows (DESIGN §6, brief §5). The
 * code is bound to the lock epoch the phone last reported; the phone also accepts a few epochs back.
 * Who may ask, and the operation log, are the console's business.
 */
export function createPasscodeService(deps: { db: Db; keys: DevKeyBox }) {
  return {
    async compute(deviceId: string, purpose: PasscodePurpose, challenge: string, grantDays = 0): Promise<string> {
      const q = String(challenge ?? '').replace(/[\s-]/g, '');
      if (!/^\d{8}$/.test(q)) throw new AppError('VALIDATION_FAILED', '挑战码格式有误：请输入手机锁屏上显示的 8 位数字');
      if (purpose !== 'unlock' && purpose !== 'deregulate') throw new AppError('VALIDATION_FAILED', '离线码用途有误');
      if (!Number.isInteger(grantDays) || grantDays < 0 || grantDays > MAX_GRANT_DAYS)
        throw new AppError('VALIDATION_FAILED', `解锁有效天数应为 0-${MAX_GRANT_DAYS} 天`);
      const [row] = await deps.db
        .select({ devKeyEnc: androidAgent.devKeyEnc, lockEpoch: androidDevice.lockEpoch })
        .from(androidAgent)
        .innerJoin(androidDevice, eq(androidDevice.id, androidAgent.deviceId))
        .where(eq(androidAgent.deviceId, deviceId));
      if (!row) throw new AppError('NOT_FOUND', '设备尚未接入，无法生成离线码');
      return computePasscode(deps.keys.open(row.devKeyEnc), {
        purpose,
        deviceId,
        lockEpoch: row.lockEpoch,
        challenge: q,
        grantDays: purpose === 'unlock' ? grantDays : 0,
      });
    },
  };
}
export type PasscodeService = ReturnType<typeof createPasscodeService>;

import { and, eq } from 'drizzle-orm';
import { EnrollmentStatus, OperationStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import { iosDevice } from '../ios-device/ios-device.table.ts';
import type { OperationLogRepo } from '../logs/operation-log.repo.ts';
import { store } from '../store/store.table.ts';
import type { EnrollCodec } from './enroll-code.ts';

const invalidLink = () => new AppError('NOT_FOUND', '链接无效或已过期，请联系门店重新获取');

/**
 * createEnrollService backs the hirer's public page /enroll/{sn_encrypt}: it shows which phone and store
 * the link is for, takes the hirer's name and phone, and serves that phone's one-time enrolment profile.
 */
export function createEnrollService(deps: { db: Db; codec: EnrollCodec; mdm: MdmEngine; oplog: OperationLogRepo }) {
  const { db } = deps;

  async function deviceOf(code: string) {
    const target = deps.codec.decode(code);
    if (!target) throw invalidLink();
    const [row] = await db
      .select({ device: iosDevice, storeName: store.storeName })
      .from(iosDevice)
      .innerJoin(store, eq(store.id, iosDevice.storeId))
      .where(and(eq(iosDevice.storeId, target.storeId), eq(iosDevice.serialNumber, target.serialNumber)));
    if (!row || row.device.recycledStatus === 1) throw invalidLink();
    return row;
  }

  return {
    async baseinfo(code: string) {
      const { device, storeName } = await deviceOf(code);
      return {
        store_name: storeName,
        serial_number: device.serialNumber,
        hirer_name: device.hirerName,
        enrolled: device.enrollmentStatus === EnrollmentStatus.ENROLLED,
      };
    },

    async submit(code: string, hirerName: string, hirerPhone: string) {
      const { device } = await deviceOf(code);
      await db.update(iosDevice).set({ hirerName, hirerPhoneNumber: hirerPhone, dateUpdated: new Date() }).where(eq(iosDevice.id, device.id));
      await deps.oplog.insertMany([{ storeId: device.storeId, clerkId: null, platform: 'ios', deviceId: device.id, action: 'update-hirer', status: OperationStatus.DONE, detail: { by: 'hirer', hirer_name: hirerName } }]);
      return { ok: true as const };
    },

    async profile(code: string) {
      const { device, storeName } = await deviceOf(code);
      if (device.enrollmentStatus === EnrollmentStatus.ENROLLED) throw new AppError('CONFLICT', '该设备已接入管理，无需重复安装');
      return deps.mdm.profiles.profileFor({ storeId: device.storeId, clerkId: device.clerkId, deviceId: device.id }, storeName);
    },
  };
}
export type EnrollService = ReturnType<typeof createEnrollService>;

import { EnrollmentStatus, OperationStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import type { OperationLogRepo } from '../logs/operation-log.repo.ts';
import type { EnrollCodec } from './enroll-code.ts';
import { createEnrollRepo } from './enroll.repo.ts';

const invalidLink = () => new AppError('NOT_FOUND', '链接无效，请联系门店重新获取登记链接');
const expiredLink = () => new AppError('NOT_FOUND', '登记链接已过期，请联系门店重新获取');

type DeviceRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createEnrollRepo>['find']>>>['device'];

export interface EnrollDeps {
  db: Db;
  codec: EnrollCodec;
  mdm: MdmEngine;
  oplog: OperationLogRepo;
  /** How long a link handed out by the console stays usable (ENROLL_LINK_TTL_DAYS). */
  linkTtlMs: number;
  now?: () => number;
}

/**
 * createEnrollService backs the hirer's public page /enroll/{sn_encrypt}: it shows which phone and store
 * the link is for, takes the hirer's name and phone, and serves that phone's one-time enrolment profile.
 *
 * The link is anonymous: whoever holds it may fill in the hirer only while the phone waits to enrol and the
 * store has not set the hirer itself. After that the hirer changes only through the audited console or open
 * API call, and the page never shows a hirer name back.
 */
export function createEnrollService(deps: EnrollDeps) {
  const { db } = deps;
  const repo = createEnrollRepo(db);
  const now = deps.now ?? Date.now;

  function targetOf(code: string) {
    const target = deps.codec.decode(code);
    if (!target) throw invalidLink();
    if (target.issuedAt === null || now() - target.issuedAt > deps.linkTtlMs) throw expiredLink();
    return target;
  }

  async function deviceOf(code: string) {
    const row = await repo.find(targetOf(code));
    if (!row || row.device.recycledStatus === 1) throw invalidLink();
    return row;
  }

  /** submitRefusal says why the link may no longer write the hirer, or null when it may. */
  async function submitRefusal(device: DeviceRow, tx: Parameters<typeof repo.hirerWroteLast>[1]): Promise<string | null> {
    if (device.enrollmentStatus === EnrollmentStatus.ENROLLED) return '这台设备已接入管理，登记信息不能再通过链接修改；如需修改请联系门店';
    if (device.enrollmentStatus !== EnrollmentStatus.REGISTERED) return '这台设备已不在登记状态，请联系门店';
    if ((device.hirerName || device.hirerPhoneNumber) && !(await repo.hirerWroteLast(device.id, tx)))
      return '门店已填写这台设备的租机人信息，如需修改请联系门店';
    return null;
  }

  return {
    async baseinfo(code: string) {
      const { device, storeName } = await deviceOf(code);
      return {
        store_name: storeName,
        serial_number: device.serialNumber,
        enrolled: device.enrollmentStatus === EnrollmentStatus.ENROLLED,
        /** The hirer is on file (no name: anyone holding the link would read it). */
        hirer_on_file: Boolean(device.hirerName),
        /** Whether submit would be accepted now. */
        can_submit: (await submitRefusal(device, db)) === null,
      };
    },

    async submit(code: string, hirerName: string, hirerPhone: string) {
      const target = targetOf(code);
      await db.transaction(async (tx) => {
        const row = await repo.find(target, tx, true);
        if (!row || row.device.recycledStatus === 1) throw invalidLink();
        const refusal = await submitRefusal(row.device, tx);
        if (refusal) throw new AppError('CONFLICT', refusal);
        await repo.setHirer(tx, row.device.id, hirerName, hirerPhone);
        await deps.oplog.insertMany(
          [
            {
              storeId: row.device.storeId,
              clerkId: null,
              platform: 'ios',
              deviceId: row.device.id,
              action: 'update-hirer',
              status: OperationStatus.DONE,
              detail: { by: 'hirer', hirer_name: hirerName },
            },
          ],
          tx,
        );
      });
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

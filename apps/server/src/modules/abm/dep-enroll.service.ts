import { and, eq } from 'drizzle-orm';
import { AbmStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import { DerError } from '../../mdm/apple/pki/der.ts';
import { parseSignedData, verifySigner } from '../../mdm/apple/pki/cms-parse.ts';
import { type PlistDict, parsePlistDict } from '../../mdm/apple/plist.ts';
import { reserveDeviceSlots } from '../../domain/device-quota.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { store } from '../../domain/store.table.ts';
import type { AbmRepo } from './abm.repo.ts';

/** DepEnrollRefusal is a Setup Assistant request we turn down: 400 for a broken body, 403 otherwise (never 401). */
export class DepEnrollRefusal extends Error {
  constructor(
    readonly status: 400 | 403 | 404,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface MachineInfo {
  serial: string;
  udid: string;
  product: string;
  version: string;
  imei: string;
  meid: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * readMachineInfo opens the CMS-signed MachineInfo plist a phone posts during Setup Assistant. The signature
 * must hold over the plist; the signer is Apple's device identity, whose chain to Apple's device CA we cannot
 * check offline, so the serial is trusted only as far as the store's ABM list vouches for it (see below).
 */
export function readMachineInfo(body: Buffer): MachineInfo {
  let dict: PlistDict;
  try {
    const parsed = parseSignedData(body);
    if (!parsed.content) throw new DerError('detached');
    if (!verifySigner(parsed, parsed.content).ok) throw new DerError('signature');
    dict = parsePlistDict(parsed.content);
  } catch (err) {
    if (err instanceof DerError || err instanceof AppError)
      throw new DepEnrollRefusal(400, 'lease.bad-machine-info', 'MachineInfo is not a valid signed plist');
    throw err;
  }
  const info = {
    serial: text(dict.SERIAL).toUpperCase(),
    udid: text(dict.UDID),
    product: text(dict.PRODUCT),
    version: text(dict.VERSION),
    imei: text(dict.IMEI).replace(/\s/g, ''),
    meid: text(dict.MEID),
  };
  if (!info.serial || !info.udid) throw new DepEnrollRefusal(400, 'lease.bad-machine-info', 'MachineInfo needs SERIAL and UDID');
  return info;
}

/**
 * createDepEnrollService answers the URL of our DEP profile: a phone that ABM sent to us fetches its enrolment
 * profile here. Only serials the store's ABM server lists are served; the device row is found or created (taking a
 * device slot like any enrolment), marked ABM pushed, and gets a one-time enrolment profile for that device.
 */
export function createDepEnrollService(deps: { db: Db; repo: AbmRepo; mdm: MdmEngine }) {
  const { db, repo } = deps;
  return {
    async profileFor(storeId: string, body: Buffer): Promise<Buffer> {
      const info = readMachineInfo(body);
      const [s] = await db.select({ name: store.storeName }).from(store).where(eq(store.id, storeId));
      const server = s ? await repo.get(storeId) : undefined;
      if (!s || !server?.tokenSealed) throw new DepEnrollRefusal(404, 'lease.unknown-store', 'no ABM server here');
      const listed = await repo.device(storeId, info.serial);
      if (!listed || listed.opType === 'deleted') throw new DepEnrollRefusal(403, 'lease.not-assigned', '该设备不在本门店的 Apple 商务管理服务器中');
      const device = await db.transaction(async (tx) => {
        const [found] = await tx
          .select()
          .from(iosDevice)
          .where(and(eq(iosDevice.storeId, storeId), eq(iosDevice.serialNumber, info.serial)));
        if (found) {
          await tx.update(iosDevice).set({ abmStatus: AbmStatus.PUSHED, dateUpdated: new Date() }).where(eq(iosDevice.id, found.id));
          return found;
        }
        try {
          await reserveDeviceSlots(tx, storeId, null, 1);
        } catch (err) {
          if (err instanceof AppError) throw new DepEnrollRefusal(403, 'lease.quota', err.message);
          throw err;
        }
        const [row] = await tx
          .insert(iosDevice)
          .values({
            storeId,
            clerkId: null,
            serialNumber: info.serial,
            model: info.product,
            osVersion: info.version,
            imei1: info.imei,
            meid: info.meid,
            abmStatus: AbmStatus.PUSHED,
          })
          .returning();
        return row;
      });
      await repo.markPushed(storeId, info.serial);
      return deps.mdm.profiles.profileFor({ storeId, clerkId: device.clerkId, deviceId: device.id }, s.name);
    },
  };
}
export type DepEnrollService = ReturnType<typeof createDepEnrollService>;

import { AppleAppRestrictionType, OperationStatus, appleRestrictedKeys, appleRestrictionMapOf } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import type { IosDeviceRow } from '../ios-device/ios-device.repo.ts';
import { createIosRestrictionRepo } from './ios-restriction.repo.ts';
import { queueRestrictionProfile } from './ios-restriction.service.ts';

/** asksForNothing: the record restricts nothing at all, as a newly registered phone's does. */
const asksForNothing = (d: IosDeviceRow) =>
  appleRestrictedKeys(d.systemRestriction).length === 0 && !d.appRestrictionEnable && d.wallpaperAllowModify && !d.enterpriseAppTrustUntil;

/**
 * applyRestrictionsAfterEnrolment gives a phone that has just become manageable its restrictions profile. A phone
 * whose record asks for nothing (newly registered, or cleared before it was re-leased) takes the store's defaults,
 * which is what the default-restriction page promises; a phone coming back from an erase gets its own record again,
 * since erasing removed the profile. Logged as the store's `apply-enrolment-restriction` (no clerk: the server did it).
 */
export async function applyRestrictionsAfterEnrolment(db: Db, mdm: MdmEngine, deviceId: string): Promise<boolean> {
  const repo = createIosRestrictionRepo(db);
  const queued = await db.transaction(async (tx) => {
    let device = await repo.lockDevice(tx, deviceId);
    if (!device) return false;
    if (asksForNothing(device)) {
      const defaults = await repo.storeDefaults(tx, device.storeId);
      const rule = defaults.appRestriction;
      const patch = {
        systemRestriction: appleRestrictionMapOf(appleRestrictedKeys(defaults.systemRestriction)) as Record<string, boolean>,
        appRestrictionEnable: rule.enable ?? false,
        appRestrictionType: rule.type ?? AppleAppRestrictionType.NONE,
        appRestrictionList: rule.list ?? [],
      };
      if (appleRestrictedKeys(patch.systemRestriction).length === 0 && !patch.appRestrictionEnable) return false;
      await repo.updateDevice(tx, deviceId, patch);
      device = { ...device, ...patch };
    }
    const [op] = await repo.oplog.insertMany(
      [{ storeId: device.storeId, clerkId: null, platform: 'ios', deviceId, action: 'apply-enrolment-restriction', status: OperationStatus.QUEUED }],
      tx,
    );
    return queueRestrictionProfile(mdm, repo, tx, device, op.id);
  });
  if (queued) mdm.commander.wake([deviceId]);
  return queued;
}

import { EnrollmentStatus, OperationStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import type { Job } from '../../jobs/scheduler.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import { createIosRestrictionRepo } from './ios-restriction.repo.ts';
import { queueRestrictionProfile } from './ios-restriction.service.ts';

/**
 * endEnterpriseTrustWindows closes every temporary enterprise-app trust window that has ended: it clears the
 * window and reinstalls the restrictions profile with 禁止信任企业级应用 back, logged as the store's
 * `end-enterprise-app-trust` (no clerk: the server did it). The devices are locked with SKIP LOCKED, so with
 * several server processes each window is reverted exactly once. Returns how many windows it closed.
 */
export async function endEnterpriseTrustWindows(db: Db, mdm: MdmEngine, now = new Date()): Promise<number> {
  const repo = createIosRestrictionRepo(db);
  const woken: string[] = [];
  const closed = await db.transaction(async (tx) => {
    const due = await repo.dueTrustWindows(tx, now, 100);
    for (const device of due) {
      const ended = { ...device, enterpriseAppTrustUntil: null };
      await repo.updateDevice(tx, device.id, { enterpriseAppTrustUntil: null });
      // A phone no longer under management has no profile to revert; clearing the window is all there is to do.
      if (device.enrollmentStatus !== EnrollmentStatus.ENROLLED) continue;
      const [op] = await repo.oplog.insertMany(
        [
          {
            storeId: device.storeId,
            clerkId: null,
            platform: 'ios',
            deviceId: device.id,
            action: 'end-enterprise-app-trust',
            status: OperationStatus.QUEUED,
            detail: { until: device.enterpriseAppTrustUntil?.toISOString() },
          },
        ],
        tx,
      );
      if (await queueRestrictionProfile(mdm, repo, tx, ended, op.id, now)) woken.push(device.id);
    }
    return due.length;
  });
  if (woken.length) mdm.commander.wake(woken);
  return closed;
}

export const enterpriseTrustJob = (db: Db, mdm: MdmEngine): Job => ({
  name: 'ios-enterprise-trust-revert',
  everyMs: 30_000,
  run: () => endEnterpriseTrustWindows(db, mdm),
});

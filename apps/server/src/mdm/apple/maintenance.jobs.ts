import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { EnrollmentStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import type { Job } from '../../jobs/scheduler.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import type { MdmEngine } from './mdm-engine.ts';

const FACTS_MAX_AGE_MS = 6 * 3_600_000;

/** mdmMaintenanceJobs keep the queue healthy: expire stale commands, re-push pending work, refresh facts. */
export function mdmMaintenanceJobs(db: Db, mdm: MdmEngine): Job[] {
  return [
    { name: 'mdm-expire-commands', everyMs: 60_000, run: () => mdm.queue.expire() },
    {
      // A push can be lost (APNs keeps only the last one, a phone may be off): ask again while work waits.
      name: 'mdm-push-sweep',
      everyMs: 30_000,
      run: async () => {
        const ids = await mdm.queue.pendingDeviceIds(1000);
        return ids.length ? mdm.push.wake(ids) : 0;
      },
    },
    // Identities are renewed well inside their year; an hourly look is plenty and cheap (indexed by expiry order).
    { name: 'mdm-identity-renewal', everyMs: 3_600_000, run: () => mdm.renewal.run() },
    // Raw DDM status reports: 7 days, at most 50 per phone (the latest value of each item stays in ddm_status_item).
    { name: 'ddm-prune-status-reports', everyMs: 3_600_000, run: () => mdm.ddm.prune() },
    {
      name: 'mdm-refresh-facts',
      everyMs: 10 * 60_000,
      run: async () => {
        const stale = await db
          .select({ id: iosDevice.id })
          .from(iosDevice)
          .where(
            and(
              eq(iosDevice.enrollmentStatus, EnrollmentStatus.ENROLLED),
              or(isNull(iosDevice.factsUpdatedAt), lt(iosDevice.factsUpdatedAt, new Date(Date.now() - FACTS_MAX_AGE_MS))),
            ),
          )
          .limit(500);
        if (stale.length) await mdm.commander.refreshFacts(stale.map((d) => d.id));
        return stale.length;
      },
    },
  ];
}

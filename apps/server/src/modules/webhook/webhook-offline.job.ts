import { and, eq, isNotNull, lt, ne, or, isNull, sql } from 'drizzle-orm';
import { EnrollmentStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import type { Job } from '../../jobs/scheduler.ts';
import { androidDevice } from '../../domain/android-device.table.ts';
import { storeApiSetting } from '../../domain/store-api.table.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { emitDeviceEvent } from '../../domain/webhook-outbox.ts';
import { webhookOfflineMark } from '../../domain/webhook.table.ts';

const BATCH = 500;

const platforms = [
  { platform: 'ios' as const, table: iosDevice, active: () => eq(iosDevice.enrollmentStatus, EnrollmentStatus.ENROLLED) },
  {
    platform: 'android' as const,
    table: androidDevice,
    active: () => and(eq(androidDevice.enrollmentStatus, EnrollmentStatus.ENROLLED), eq(androidDevice.archived, false)),
  },
];

/**
 * createOfflineWatch raises device.offline once per offline spell: when a managed device's last contact is older
 * than its store's chosen hours. The mark remembers which last_active_time was announced; the phone's next
 * contact moves last_active_time, which starts a new spell.
 */
export function createOfflineWatch(db: Db) {
  return {
    async scan(now = new Date()): Promise<number> {
      const stores = await db
        .select({ storeId: storeApiSetting.storeId, hours: storeApiSetting.offlineHours })
        .from(storeApiSetting)
        .where(and(eq(storeApiSetting.enabled, true), ne(storeApiSetting.callbackUrl, ''), isNotNull(storeApiSetting.offlineHours)));
      let raised = 0;
      for (const s of stores) {
        const since = new Date(now.getTime() - s.hours! * 3_600_000);
        for (const { platform, table, active } of platforms) {
          const mark = and(eq(webhookOfflineMark.platform, platform), eq(webhookOfflineMark.deviceId, table.id));
          const candidates = await db
            .select({ id: table.id, lastActiveTime: table.lastActiveTime })
            .from(table)
            .leftJoin(webhookOfflineMark, mark)
            .where(
              and(
                eq(table.storeId, s.storeId),
                active(),
                lt(table.lastActiveTime, since),
                or(isNull(webhookOfflineMark.deviceId), sql`${webhookOfflineMark.lastActiveTime} is distinct from ${table.lastActiveTime}`),
              ),
            )
            .limit(BATCH);
          for (const c of candidates) {
            const claimed = await db.transaction(async (tx) => {
              // Copy last_active_time inside SQL (no round trip through a JS Date, which would drop microseconds),
              // and only when it differs: of two processes racing here, one gets the row back.
              const rows = await tx
                .insert(webhookOfflineMark)
                .select(
                  tx
                    .select({
                      platform: sql<string>`${platform}`.as('platform'),
                      deviceId: table.id,
                      lastActiveTime: sql<Date>`${table.lastActiveTime}`.as('last_active_time'),
                      dateCreated: sql<Date>`now()`.as('date_created'),
                    })
                    .from(table)
                    .where(eq(table.id, c.id)),
                )
                .onConflictDoUpdate({
                  target: [webhookOfflineMark.platform, webhookOfflineMark.deviceId],
                  set: { lastActiveTime: sql`excluded.last_active_time`, dateCreated: sql`now()` },
                  setWhere: sql`${webhookOfflineMark.lastActiveTime} is distinct from excluded.last_active_time`,
                })
                .returning({ deviceId: webhookOfflineMark.deviceId });
              if (!rows.length) return false;
              await emitDeviceEvent(tx, {
                storeId: s.storeId,
                type: 'device.offline',
                platform,
                deviceId: c.id,
                data: { last_active_time: c.lastActiveTime?.toISOString() ?? null, offline_hours: s.hours },
              });
              return true;
            });
            if (claimed) raised++;
          }
        }
      }
      return raised;
    },
  };
}

export const offlineWatchJob = (db: Db): Job => {
  const watch = createOfflineWatch(db);
  return { name: 'webhook-offline-watch', everyMs: 60_000, run: () => watch.scan() };
};

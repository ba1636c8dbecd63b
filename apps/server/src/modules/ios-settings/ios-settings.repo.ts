import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { EnrollmentStatus, type OsUpdateProgress, SuperviseStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../mdm/apple/effects/result-effect.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { wallpaper } from '../wallpaper/wallpaper.table.ts';
import { type Screen, iosOsUpdateWatch, iosStoreUpdatePolicy, iosWallpaperScreen } from './ios-settings.table.ts';

export type Queryable = Db | Tx;
type WatchValues = Partial<Omit<typeof iosOsUpdateWatch.$inferInsert, 'deviceId'>>;

/** The settings area's queries: wallpapers on screens and the OS-update job's bookkeeping. */

/**
 * recordWallpaper notes the picture now on these screens of the phone. The picture may have left the library
 * since it was sent: then only its name is kept (a dangling id would fail the phone's answer, which it would
 * then send again and again). FOR SHARE holds off a delete until this answer is recorded.
 */
export async function recordWallpaper(tx: Queryable, deviceId: string, screens: Screen[], picture: { id: string; name: string }) {
  const now = new Date();
  const [kept] = await tx.select({ id: wallpaper.id }).from(wallpaper).where(eq(wallpaper.id, picture.id)).for('share');
  await tx
    .insert(iosWallpaperScreen)
    .values(screens.map((screen) => ({ deviceId, screen, wallpaperId: kept?.id ?? null, wallpaperName: picture.name, dateSet: now })))
    .onConflictDoUpdate({
      target: [iosWallpaperScreen.deviceId, iosWallpaperScreen.screen],
      set: { wallpaperId: sql`excluded.wallpaper_id`, wallpaperName: sql`excluded.wallpaper_name`, dateSet: sql`excluded.date_set` },
    });
}

/** hasRecordedWallpaper: whether the console ever set a wallpaper on the phone (iOS 16 pairs the first one). */
export async function hasRecordedWallpaper(tx: Queryable, deviceId: string) {
  const rows = await tx.select({ screen: iosWallpaperScreen.screen }).from(iosWallpaperScreen).where(eq(iosWallpaperScreen.deviceId, deviceId)).limit(1);
  return rows.length > 0;
}

/** screensOf lists what the console set on each screen, with the library thumbnail while the picture exists. */
export async function screensOf(db: Queryable, deviceId: string) {
  return db
    .select({
      screen: iosWallpaperScreen.screen,
      wallpaperId: iosWallpaperScreen.wallpaperId,
      name: iosWallpaperScreen.wallpaperName,
      dateSet: iosWallpaperScreen.dateSet,
      thumbnail: wallpaper.thumbnail,
    })
    .from(iosWallpaperScreen)
    .leftJoin(wallpaper, eq(wallpaper.id, iosWallpaperScreen.wallpaperId))
    .where(eq(iosWallpaperScreen.deviceId, deviceId));
}

/** watchOf reads a phone's OS-update bookkeeping, if any. */
export async function watchOf(tx: Queryable, deviceId: string) {
  const [row] = await tx.select().from(iosOsUpdateWatch).where(eq(iosOsUpdateWatch.deviceId, deviceId));
  return row ?? null;
}

/** setWatch creates or changes a phone's OS-update bookkeeping. */
export async function setWatch(tx: Queryable, deviceId: string, values: WatchValues) {
  await tx
    .insert(iosOsUpdateWatch)
    .values({ deviceId, ...values })
    .onConflictDoUpdate({ target: iosOsUpdateWatch.deviceId, set: values });
}

/** saveOsUpdateState writes an update's state to the device and starts (nextPollAt) or stops (null) the job's polling. */
export async function saveOsUpdateState(
  q: Queryable,
  deviceId: string,
  state: { status: number; progress: OsUpdateProgress | null },
  watch: { nextPollAt: Date | null; pollUntil?: Date },
) {
  await q
    .update(iosDevice)
    .set({ osUpdateStatus: state.status, osUpdateProgress: state.progress as unknown as Record<string, unknown> | null, dateUpdated: new Date() })
    .where(eq(iosDevice.id, deviceId));
  await setWatch(q, deviceId, watch);
}

const managedSupervised = and(eq(iosDevice.enrollmentStatus, EnrollmentStatus.ENROLLED), eq(iosDevice.superviseStatus, SuperviseStatus.SUPERVISED));

/**
 * claimDue moves the due rows' `key` time on to `next` in one statement and returns those of managed, supervised
 * phones: SKIP LOCKED lets another process take other rows, never the same ones. A phone gone out of management
 * stops being polled; its list check just moves on, so neither is scanned every tick.
 */
async function claimDue(db: Db, key: 'nextCheckAt' | 'nextPollAt', now: Date, next: Date, limit: number) {
  const column = iosOsUpdateWatch[key];
  const due = db
    .select({ id: iosOsUpdateWatch.deviceId })
    .from(iosOsUpdateWatch)
    .where(and(isNotNull(column), lte(column, now)))
    .orderBy(asc(column))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(iosOsUpdateWatch)
    .set(key === 'nextCheckAt' ? { nextCheckAt: next } : { nextPollAt: next })
    .where(inArray(iosOsUpdateWatch.deviceId, due))
    .returning({ deviceId: iosOsUpdateWatch.deviceId, pollUntil: iosOsUpdateWatch.pollUntil });
  if (!claimed.length) return [];
  const live = await db
    .select({ id: iosDevice.id, progress: iosDevice.osUpdateProgress, osVersion: iosDevice.osVersion, model: iosDevice.model, storeId: iosDevice.storeId })
    .from(iosDevice)
    .where(
      and(
        inArray(
          iosDevice.id,
          claimed.map((c) => c.deviceId),
        ),
        managedSupervised,
      ),
    );
  const liveIds = new Set(live.map((d) => d.id));
  const gone = claimed.filter((c) => !liveIds.has(c.deviceId)).map((c) => c.deviceId);
  if (key === 'nextPollAt' && gone.length) await db.update(iosOsUpdateWatch).set({ nextPollAt: null }).where(inArray(iosOsUpdateWatch.deviceId, gone));
  const until = new Map(claimed.map((c) => [c.deviceId, c.pollUntil]));
  return live.map((d) => ({
    deviceId: d.id,
    storeId: d.storeId,
    osVersion: d.osVersion,
    model: d.model,
    progress: (d.progress ?? null) as OsUpdateProgress | null,
    pollUntil: until.get(d.id) ?? null,
  }));
}

export const claimDueChecks = (db: Db, now: Date, next: Date, limit = 200) => claimDue(db, 'nextCheckAt', now, next, limit);
export const claimDuePolls = (db: Db, now: Date, next: Date, limit = 200) => claimDue(db, 'nextPollAt', now, next, limit);

/** storeDeferralOf is the store's hold-back in days, null when it has none. */
export async function storeDeferralOf(q: Queryable, storeId: string): Promise<number | null> {
  const [row] = await q.select({ days: iosStoreUpdatePolicy.deferralDays }).from(iosStoreUpdatePolicy).where(eq(iosStoreUpdatePolicy.storeId, storeId));
  return row?.days ?? null;
}

/** setStoreDeferral writes the store's hold-back (null: off). */
export async function setStoreDeferral(q: Queryable, storeId: string, days: number | null) {
  await q
    .insert(iosStoreUpdatePolicy)
    .values({ storeId, deferralDays: days, dateUpdated: new Date() })
    .onConflictDoUpdate({ target: iosStoreUpdatePolicy.storeId, set: { deferralDays: days, dateUpdated: new Date() } });
}

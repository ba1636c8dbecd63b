import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { store } from '../../domain/store.table.ts';
import { wallpaper } from '../wallpaper/wallpaper.table.ts';

/** Screen of an iPhone a wallpaper is on: the Where numbers of a single screen. */
export const Screen = { LOCK: 1, HOME: 2 } as const;
export type Screen = (typeof Screen)[keyof typeof Screen];

/**
 * iosWallpaperScreen records which library picture the console set on each screen of a phone, once the phone
 * confirmed it; the detail page shows it. A picture deleted from the library leaves its name behind.
 */
export const iosWallpaperScreen = pgTable(
  'ios_wallpaper_screen',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => iosDevice.id, { onDelete: 'cascade' }),
    screen: integer('screen').notNull(),
    wallpaperId: uuid('wallpaper_id').references(() => wallpaper.id, { onDelete: 'set null' }),
    wallpaperName: text('wallpaper_name').notNull().default(''),
    dateSet: timestamp('date_set', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.screen] })],
);

/**
 * iosOsUpdateWatch is the OS-update job's bookkeeping per supervised phone: when to ask AvailableOSUpdates again
 * (and for which OS version the stored list was fetched), and while an update runs, when to poll OSUpdateStatus
 * and until when. The job claims due rows with SKIP LOCKED, so several server processes never ask twice.
 */
export const iosOsUpdateWatch = pgTable(
  'ios_os_update_watch',
  {
    deviceId: uuid('device_id')
      .primaryKey()
      .references(() => iosDevice.id, { onDelete: 'cascade' }),
    /** The OS version ios_device.available_os_updates was fetched for; null before the first answer. */
    checkedVersion: text('checked_version'),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null when no update is in progress. */
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }),
    /** Polling stops here and the update counts as failed. */
    pollUntil: timestamp('poll_until', { withTimezone: true }),
    /** Deferral (iOS 18+): true follows the store's policy; false holds back `deferral_days` (null: not at all). */
    followStore: boolean('follow_store').notNull().default(true),
    deferralDays: integer('deferral_days'),
    /** Where the stored list of a DDM phone came from (Apple's software lookup, or the offline list and why). */
    listSource: text('list_source'),
    listLive: boolean('list_live'),
    listFetchedAt: timestamp('list_fetched_at', { withTimezone: true }),
  },
  (t) => [
    index('ios_os_update_watch_check_idx').on(t.nextCheckAt),
    index('ios_os_update_watch_poll_idx').on(t.nextPollAt).where(sql`next_poll_at is not null`),
  ],
);

/**
 * iosStoreUpdatePolicy is a store's OS-update policy: new releases are held back `deferral_days` days (1-90) on its
 * supervised iOS 18+ phones (softwareupdate.settings), so a store checks a release before its hirers get it.
 */
export const iosStoreUpdatePolicy = pgTable('ios_store_update_policy', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => store.id, { onDelete: 'cascade' }),
  deferralDays: integer('deferral_days'),
  dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
});

import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { store } from '../../domain/store.table.ts';

/**
 * appstoreApp is one app of a store's app library (spec §3 App entry): what install-apps offers and what
 * white and black lists pick from. Apple apps are found through iTunes search; Android apps are entered by
 * package name. bundle_id is the Apple bundle id or the Android package name.
 */
export const appstoreApp = pgTable(
  'appstore_app',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('for_store')
      .notNull()
      .references(() => store.id),
    /** 'apple' or 'android'. */
    platform: text('platform').notNull(),
    sort: integer('sort').notNull().default(0),
    appName: text('app_name').notNull(),
    bundleId: text('bundle_id').notNull(),
    group: text('group').notNull().default(''),
    icon: text('icon').notNull().default(''),
    version: text('version').notNull().default(''),
    seller: text('seller').notNull().default(''),
    /** The App Store id when the app came from iTunes search; install-apps can send it as iTunesStoreID. */
    trackId: text('track_id'),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('appstore_app_store_bundle_key').on(t.storeId, t.platform, t.bundleId),
    index('appstore_app_list_idx').on(t.storeId, t.platform, t.sort, t.appName),
  ],
);

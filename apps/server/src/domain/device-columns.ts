import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, type PgColumn, bigserial, boolean, doublePrecision, integer, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clerk } from './clerk.table.ts';
import { store } from './store.table.ts';

export interface SimCard {
  slot: number;
  iccid?: string;
  phone_number?: string;
  carrier?: string;
  imei?: string;
}

export interface GeoPoint {
  latitude: number;
  longitude: number;
  accuracy?: number;
  /** When the phone measured it (RFC 3339 from DeviceLocation). */
  at: string;
}

/**
 * deviceColumns are the columns an iPhone and an Android phone have alike (ios_device, android_device): the
 * store and clerk, the hirer, the hardware ids, the last report, the lock. Each call builds new columns, so
 * both tables spread their own copy; the platform's columns follow.
 */
export const deviceColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  storeId: uuid('for_store')
    .notNull()
    .references(() => store.id),
  clerkId: uuid('for_clerk').references(() => clerk.id),
  dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
  remark: text('remark').notNull().default(''),
  model: text('model').notNull().default(''),
  osVersion: text('os_version').notNull().default(''),
  imei1: text('imei_1').notNull().default(''),
  imei2: text('imei_2').notNull().default(''),
  meid: text('meid').notNull().default(''),
  hirerName: text('hirer_name').notNull().default(''),
  hirerPhoneNumber: text('hirer_phone_number').notNull().default(''),
  registrationTime: timestamp('registration_time', { withTimezone: true }).notNull().defaultNow(),
  /** LockStatus of shared. */
  lockStatus: integer('lock_status').notNull().default(0),
  batteryLevel: doublePrecision('battery_level'),
  sim1: jsonb('sim_1').$type<SimCard>(),
  sim2: jsonb('sim_2').$type<SimCard>(),
  lastActiveTime: timestamp('last_active_time', { withTimezone: true }),
  lastActiveLocation: jsonb('last_active_location').$type<GeoPoint>(),
  systemRestriction: jsonb('system_restriction').$type<Record<string, boolean>>().notNull().default({}),
  appRestrictionEnable: boolean('app_restriction_enable').notNull().default(false),
  isSimulated: boolean('is_simulated').notNull().default(false),
});

/** locationLogColumns are the columns of a platform's location log (each location a phone reported, WGS-84 as measured). */
export const locationLogColumns = (device: () => AnyPgColumn) => ({
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  deviceId: uuid('device_id').notNull().references(device, { onDelete: 'cascade' }),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  accuracy: doublePrecision('accuracy'),
  measuredAt: timestamp('measured_at', { withTimezone: true }).notNull(),
  dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
});

/** The columns the header search reads, alike on both tables. */
interface SearchColumns {
  hirerPhoneNumber: PgColumn;
  hirerName: PgColumn;
  serialNumber: PgColumn;
  imei1: PgColumn;
  imei2: PgColumn;
  remark: PgColumn;
}

/**
 * searchText is what the header search matches, as the two expressions each table has a trigram (GIN) index on:
 * `ids` the hirer's phone, serial and IMEIs (letters and digits, so a fragment never spans two of them), `words`
 * the hirer's name and the remark. Queries must use these very expressions for PostgreSQL to use the indexes.
 */
export const searchText = (t: SearchColumns): { ids: SQL; words: SQL } => ({
  ids: sql`(${t.hirerPhoneNumber} || ' ' || ${t.serialNumber} || ' ' || ${t.imei1} || ' ' || ${t.imei2})`,
  words: sql`(${t.hirerName} || ' ' || ${t.remark})`,
});

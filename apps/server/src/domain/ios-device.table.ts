import { sql } from 'drizzle-orm';
import { bigserial, boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { type SimCard, deviceColumns, locationLogColumns, searchText } from './device-columns.ts';

export type { GeoPoint, SimCard } from './device-columns.ts';

/** LockIntent is the Lost Mode the store asked for (its lock screen), kept until unlock, release or the recycle bin end it. */
export interface LockIntent {
  message: string;
  phone_number?: string;
  footnote?: string;
  /** When the lock was sent (ISO time). */
  since: string;
}

export interface AppEntry {
  app_name: string;
  bundle_id: string;
  version?: string;
}

/** iosDevice is one iPhone or iPad of a store (spec §3 Apple device); facts come from DeviceInformation. */
export const iosDevice = pgTable(
  'ios_device',
  {
    ...deviceColumns(),
    serialNumber: text('serial_number').notNull(),
    udid: text('udid'),
    productName: text('product_name').notNull().default(''),
    color: text('color').notNull().default(''),
    storageCapacity: doublePrecision('storage_capacity'),
    market: text('market').notNull().default(''),
    abmStatus: integer('abm_status').notNull().default(0),
    superviseStatus: integer('supervise_status').notNull().default(0),
    activationLockStatus: integer('activation_lock_status').notNull().default(0),
    recycledStatus: integer('recycled_status').notNull().default(0),
    osUpdateStatus: integer('os_update_status').notNull().default(0),
    globalProxyStatus: integer('global_proxy_status').notNull().default(0),
    /** false after set-wallpaper with allow_modify off: the restrictions profile then carries allowWallpaperModification false. */
    wallpaperAllowModify: boolean('wallpaper_allow_modify').notNull().default(true),
    /** Encrypted DNS profile state: DnsSettingStatus in shared. */
    dnsSettingStatus: integer('dns_setting_status').notNull().default(0),
    /** A time-boxed permission to trust enterprise apps runs until then; the revert job restores the restriction. */
    enterpriseAppTrustUntil: timestamp('enterprise_app_trust_until', { withTimezone: true }),
    /** The scheduled OS update as OSUpdateStatus last reported it (product key, version, action, phase, percent). */
    osUpdateProgress: jsonb('os_update_progress').$type<Record<string, unknown>>(),
    /** Where the phone is in its management life: see EnrollmentStatus in shared. */
    enrollmentStatus: integer('enrollment_status').notNull().default(0),
    activationLockPasscode: text('activation_lock_passcode'),
    appList: jsonb('app_list').$type<AppEntry[]>().notNull().default([]),
    appRestrictionType: integer('app_restriction_type').notNull().default(0),
    appRestrictionList: jsonb('app_restriction_list').$type<AppEntry[]>().notNull().default([]),
    availableOsUpdates: jsonb('available_os_updates').$type<Record<string, unknown>[]>().notNull().default([]),
    needOsUpdate: boolean('need_os_update').notNull().default(false),
    /** The store's lock (Lost Mode) while it holds; an erase or re-enrolment does not end it: the server locks again. */
    lockIntent: jsonb('lock_intent').$type<LockIntent>(),
    /** IsMDMLostModeEnabled as the phone last said it (DeviceInformation or its answer to a Lost Mode command); null: never. */
    lostModeReported: boolean('lost_mode_reported'),
    /** When DeviceInformation last answered; the refetch job asks again when it is old. */
    factsUpdatedAt: timestamp('facts_updated_at', { withTimezone: true }),
    /** DDM status device.power.battery-health: normal, service-recommended, non-genuine, unknown or unsupported; null until reported. */
    batteryHealth: text('battery_health'),
  },
  (t) => [
    uniqueIndex('ios_device_store_serial_key').on(t.storeId, t.serialNumber),
    uniqueIndex('ios_device_udid_key').on(t.udid),
    index('ios_device_list_reg_idx').on(t.storeId, t.recycledStatus, t.registrationTime.desc(), t.id.desc().nullsFirst()),
    // NULLS LAST and `id desc` match the list's ORDER BY (…, id desc; ascending: … nulls first, id asc), so both
    // directions walk these indexes, forwards or backwards, instead of sorting (db/list-indexes.test.ts).
    index('ios_device_list_active_idx').on(t.storeId, t.recycledStatus, t.lastActiveTime.desc().nullsLast(), t.id.desc().nullsFirst()),
    // The list's total: a narrow covering index lets count(*) with the status filters be index-only.
    index('ios_device_count_idx').on(t.storeId, t.recycledStatus, t.lockStatus, t.lastActiveTime),
    // A clerk's devices (a clerk's own list, the for_clerk filter): the total and the pages both index-only.
    index('ios_device_clerk_idx').on(t.storeId, t.clerkId, t.recycledStatus, t.registrationTime.desc(), t.id.desc().nullsFirst()),
    // Prefix searches (LIKE 'x%') need text_pattern_ops under a non-C collation.
    index('ios_device_imei1_idx').on(t.storeId, t.imei1.op('text_pattern_ops')),
    index('ios_device_imei2_idx').on(t.storeId, t.imei2.op('text_pattern_ops')),
    index('ios_device_serial_idx').on(t.storeId, t.serialNumber.op('text_pattern_ops')),
    index('ios_device_hirer_phone_idx').on(t.storeId, t.hirerPhoneNumber.op('text_pattern_ops')),
    // The header search and the lists' partial hirer phone: fragments anywhere (pg_trgm; docs/benchmarks.md).
    index('ios_device_search_ids_trgm_idx').using('gin', sql`${searchText(t).ids} gin_trgm_ops`),
    index('ios_device_search_words_trgm_idx').using('gin', sql`${searchText(t).words} gin_trgm_ops`),
    // The revert job looks every 30 s for ended enterprise-trust windows; only the few open ones are indexed.
    index('ios_device_trust_until_idx').on(t.enterpriseAppTrustUntil).where(sql`${t.enterpriseAppTrustUntil} is not null`),
  ],
);

/** simLog records every change of SIM cards seen in DeviceInformation (spec §3 SIM log). */
export const iosSimLog = pgTable(
  'ios_sim_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => iosDevice.id, { onDelete: 'cascade' }),
    sim1: jsonb('sim_1').$type<SimCard>(),
    sim2: jsonb('sim_2').$type<SimCard>(),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ios_sim_log_device_idx').on(t.deviceId, t.dateCreated)],
);

/** locationLog keeps each location a phone reported, WGS-84 as measured. */
export const iosLocationLog = pgTable(
  'ios_location_log',
  locationLogColumns(() => iosDevice.id),
  (t) => [index('ios_location_log_device_idx').on(t.deviceId, t.dateCreated)],
);

import { sql } from 'drizzle-orm';
import type { AndroidLeaseOffline } from '@lease/shared/agent-protocol';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AndroidAppEntry } from '@lease/shared';
import { deviceColumns, locationLogColumns, searchText } from './device-columns.ts';

/**
 * androidDevice is one Android phone of a store. The console writes the hirer and the desired state
 * (lock, regulation, restrictions); the agent gateway writes the facts the agent reports.
 */
export const androidDevice = pgTable(
  'android_device',
  {
    ...deviceColumns(),
    serialNumber: text('serial_number').notNull().default(''),
    brand: text('brand').notNull().default(''),
    manufacturer: text('manufacturer').notNull().default(''),
    sdkInt: integer('sdk_int'),
    agentVersion: text('agent_version').notNull().default(''),
    /** AndroidChannel: device owner or a vendor SDK, kept from enrolment. */
    channel: integer('channel').notNull().default(0),
    /** EnrollmentStatus of shared: enrolled, released (agent gone for good). */
    enrollmentStatus: integer('enrollment_status').notNull().default(1),
    archived: boolean('archived').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** What the lock screen shows. */
    lockMessage: text('lock_message').notNull().default(''),
    lockPhoneNumber: text('lock_phone_number').notNull().default(''),
    /** Incremented on every lock, online or offline; offline passcodes are bound to it (DESIGN §6). */
    lockEpoch: integer('lock_epoch').notNull().default(0),
    regulateStatus: integer('regulate_status').notNull().default(0),
    /** What the agent last reported enforcing (written by the agent gateway): keys applied and keys its channel cannot. */
    restrictionReport: jsonb('restriction_report').$type<{ applied: string[]; unsupported: string[]; at: string }>(),
    appRestrictionMode: integer('app_restriction_mode').notNull().default(0),
    appRestrictionList: jsonb('app_restriction_list').$type<AndroidAppEntry[]>().notNull().default([]),
    installedApps: jsonb('installed_apps').$type<AndroidAppEntry[]>().notNull().default([]),
    wallpaperId: uuid('wallpaper_id'),
    /** Bumped whenever the desired state changes, so an agent knows its policy is stale. */
    policyVersion: integer('policy_version').notNull().default(1),
    /**
     * The lease plan's offline terms, written by the plan's evaluation (modules/lease) and sent in the policy: the
     * agent locks itself at `lock_at` even if it never reaches the server again, and shows `notice` undismissably.
     */
    leaseOffline: jsonb('lease_offline').$type<AndroidLeaseOffline>(),
  },
  (t) => [
    index('android_device_list_reg_idx').on(t.storeId, t.archived, t.registrationTime.desc(), t.id.desc().nullsFirst()),
    index('android_device_list_active_idx').on(t.storeId, t.archived, t.lastActiveTime.desc().nullsLast(), t.id.desc().nullsFirst()),
    // No lock_status in any index: a lock's two writes (locking, then locked on the answer) touch no indexed
    // column, so PostgreSQL updates the row in place (HOT) instead of adding an entry to each of nine indexes.
    // A lock-status filter reads the store's rows instead (docs/benchmarks.md has the figures).
    index('android_device_count_idx').on(t.storeId, t.archived, t.lastActiveTime),
    // A clerk's phones (a clerk's own list, the for_clerk filter): the total and the pages both index-only.
    index('android_device_clerk_idx').on(t.storeId, t.clerkId, t.archived, t.registrationTime.desc(), t.id.desc().nullsFirst()),
    index('android_device_imei1_idx').on(t.storeId, t.imei1.op('text_pattern_ops')),
    index('android_device_imei2_idx').on(t.storeId, t.imei2.op('text_pattern_ops')),
    index('android_device_serial_idx').on(t.storeId, t.serialNumber.op('text_pattern_ops')),
    index('android_device_hirer_phone_idx').on(t.storeId, t.hirerPhoneNumber.op('text_pattern_ops')),
    // The header search and the lists' partial hirer phone: fragments anywhere (pg_trgm; docs/benchmarks.md).
    index('android_device_search_ids_trgm_idx').using('gin', sql`${searchText(t).ids} gin_trgm_ops`),
    index('android_device_search_words_trgm_idx').using('gin', sql`${searchText(t).words} gin_trgm_ops`),
  ],
);

/** androidLocationLog keeps each location an agent reported, WGS-84 as measured. */
export const androidLocationLog = pgTable(
  'android_location_log',
  locationLogColumns(() => androidDevice.id),
  (t) => [index('android_location_log_device_idx').on(t.deviceId, t.dateCreated)],
);

import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { store } from '../../domain/store.table.ts';

/**
 * abmServer is a store's link to Apple Business Manager (spec §3 Store abm_server): the key pair whose
 * certificate the admin uploads to ABM, the server token ABM encrypted to it (both secrets sealed), what Apple
 * says about the token, our DEP profile, and the device sync's cursor and health.
 */
export const abmServer = pgTable(
  'abm_server',
  {
    storeId: uuid('store_id')
      .primaryKey()
      .references(() => store.id, { onDelete: 'cascade' }),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
    /** PKCS#8 PEM of the private key, sealed: it opens every server token ABM makes for this store. */
    keySealed: text('key_sealed').notNull(),
    certificatePem: text('certificate_pem').notNull(),
    /** The decrypted server token JSON, sealed; null until the admin uploads a .p7m. */
    tokenSealed: text('token_sealed'),
    accessTokenExpiry: timestamp('access_token_expiry', { withTimezone: true }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    serverName: text('server_name'),
    serverUuid: text('server_uuid'),
    orgName: text('org_name'),
    orgId: text('org_id'),
    /** Our DEP profile as last defined at Apple, and the enrolment URL it carries (re-defined when that changes). */
    profileUuid: text('profile_uuid'),
    profileUrl: text('profile_url'),
    /** Cursor of the last completed fetch or sync; null = the next run fetches everything. */
    cursor: text('cursor'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastSyncError: text('last_sync_error'),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }).notNull().defaultNow(),
    /** Consecutive failed runs: the backoff grows with it. */
    syncFailures: integer('sync_failures').notNull().default(0),
    /** A process holding the sync of this store until then; others skip it (safe with several processes). */
    syncLeaseUntil: timestamp('sync_lease_until', { withTimezone: true }),
  },
  (t) => [index('abm_server_due_idx').on(t.nextSyncAt)],
);

/** abmDevice is one device of the store's ABM server as the DEP sync last saw it. */
export const abmDevice = pgTable(
  'abm_device',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => store.id, { onDelete: 'cascade' }),
    serialNumber: text('serial_number').notNull(),
    model: text('model').notNull().default(''),
    description: text('description').notNull().default(''),
    color: text('color').notNull().default(''),
    deviceFamily: text('device_family').notNull().default(''),
    os: text('os').notNull().default(''),
    /** Apple's profile_status (empty, assigned, pushed, removed); `deleted` when the device left our server. */
    profileStatus: text('profile_status').notNull().default('empty'),
    profileUuid: text('profile_uuid'),
    profileAssignTime: timestamp('profile_assign_time', { withTimezone: true }),
    profilePushTime: timestamp('profile_push_time', { withTimezone: true }),
    deviceAssignedDate: timestamp('device_assigned_date', { withTimezone: true }),
    deviceAssignedBy: text('device_assigned_by').notNull().default(''),
    opType: text('op_type').notNull().default('added'),
    opDate: timestamp('op_date', { withTimezone: true }),
    dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('abm_device_store_serial_key').on(t.storeId, t.serialNumber), index('abm_device_store_updated_idx').on(t.storeId, t.dateUpdated.desc())],
);

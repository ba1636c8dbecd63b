import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { iosDevice } from '../../../domain/ios-device.table.ts';
import { store } from '../../../domain/store.table.ts';

/**
 * ddmDeclaration is one declaration a module asked for: a store default (`store_id`) or one phone's own
 * (`device_id`). The server token is derived from type and payload when it is written, so it changes exactly
 * when the content does. The engine's built-ins (status subscriptions, organization info, the activation)
 * are not stored: they are computed for each phone.
 */
export const ddmDeclaration = pgTable(
  'ddm_declaration',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id').references(() => store.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').references(() => iosDevice.id, { onDelete: 'cascade' }),
    identifier: text('identifier').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    serverToken: text('server_token').notNull(),
    dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ddm_declaration_store_key').on(t.storeId, t.identifier).where(sql`${t.storeId} is not null`),
    uniqueIndex('ddm_declaration_device_key').on(t.deviceId, t.identifier).where(sql`${t.deviceId} is not null`),
    check('ddm_declaration_one_scope', sql`(${t.storeId} is null) <> (${t.deviceId} is null)`),
  ],
);

/**
 * ddmDevice is a phone's side of the sync: the DeclarationsToken it last fetched (tokens or declaration-items), so a
 * phone whose set did not change gets no command, and the tokens of the last command queued and of one it refused.
 */
export const ddmDevice = pgTable('ddm_device', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => iosDevice.id, { onDelete: 'cascade' }),
  syncedToken: text('synced_token'),
  syncedAt: timestamp('synced_at', { withTimezone: true }),
  /** The DeclarationsToken of the last DeclarativeManagement command queued: a phone is told of one set once. */
  announcedToken: text('announced_token'),
  /** The DeclarationsToken of a DeclarativeManagement command the phone answered with an error: not sent again. */
  refusedToken: text('refused_token'),
  refusal: jsonb('refusal').$type<Record<string, unknown>[]>(),
  lastStatusAt: timestamp('last_status_at', { withTimezone: true }),
});

/** ddmStatusItem is a phone's latest value of one status item, by Apple's dotted path (`device.power.battery-health`). */
export const ddmStatusItem = pgTable(
  'ddm_status_item',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => iosDevice.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    /** `{v: value}`: Drizzle would read a bare JSON string back as a number when it looks like one ("18.1"). */
    value: jsonb('value').$type<{ v: unknown }>().notNull(),
    dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.path] })],
);

/** ddmDeclarationStatus is what the phone last said of one declaration (`management.declarations`). */
export const ddmDeclarationStatus = pgTable(
  'ddm_declaration_status',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => iosDevice.id, { onDelete: 'cascade' }),
    identifier: text('identifier').notNull(),
    /** activation, configuration, asset or management. */
    kind: text('kind').notNull(),
    serverToken: text('server_token').notNull(),
    active: boolean('active').notNull(),
    /** valid, invalid or unknown. */
    valid: text('valid').notNull(),
    reasons: jsonb('reasons').$type<Record<string, unknown>[]>(),
    dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.identifier] })],
);

/** ddmStatusReport keeps the raw reports for a while (the prune job: 7 days, at most the newest 50 per phone). */
export const ddmStatusReport = pgTable(
  'ddm_status_report',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => iosDevice.id, { onDelete: 'cascade' }),
    report: jsonb('report').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ddm_status_report_device_idx').on(t.deviceId, t.receivedAt.desc()), index('ddm_status_report_time_idx').on(t.receivedAt)],
);

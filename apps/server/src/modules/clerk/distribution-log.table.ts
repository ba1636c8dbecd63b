import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clerk } from '../../domain/clerk.table.ts';
import { store } from '../../domain/store.table.ts';

/**
 * deviceDistributionLog keeps one row per device hand-over between clerks (spec §6 店员管理 分配记录).
 * device_id is not a foreign key: it points at the iOS or Android table depending on platform, and the
 * serial is copied so the record still reads after the device row is gone.
 */
export const deviceDistributionLog = pgTable(
  'device_distribution_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    storeId: uuid('for_store')
      .notNull()
      .references(() => store.id),
    platform: text('platform').notNull(),
    deviceId: uuid('device_id').notNull(),
    serialNumber: text('serial_number').notNull().default(''),
    fromClerkId: uuid('from_clerk').references(() => clerk.id),
    toClerkId: uuid('to_clerk').references(() => clerk.id),
    byClerkId: uuid('by_clerk').references(() => clerk.id),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('device_distribution_log_store_idx').on(t.storeId, t.dateCreated), index('device_distribution_log_device_idx').on(t.deviceId)],
);

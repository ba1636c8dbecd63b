import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LostModalContent } from '@lease/shared';
import { store } from './store.table.ts';

/** clerk is a store employee who logs in with their phone; is_admin marks the store admin (spec §3 Clerk). */
export const clerk = pgTable(
  'clerk',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => store.id),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
    name: text('name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    secondaryPasswordHash: text('secondary_password_hash'),
    isAdmin: boolean('is_admin').notNull().default(false),
    permission: text('permission').notNull().default(''),
    systemUser: boolean('system_user').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    quotaLimit: boolean('quota_limit').notNull().default(false),
    totalQuota: integer('total_quota').notNull().default(0),
    usedQuota: integer('used_quota').notNull().default(0),
    lostModalContent: jsonb('lost_modal_content').$type<LostModalContent>(),
  },
  (t) => [uniqueIndex('clerk_phone_number_key').on(t.phoneNumber), index('clerk_store_idx').on(t.storeId)],
);

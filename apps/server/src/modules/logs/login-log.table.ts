import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clerk } from '../../domain/clerk.table.ts';
import { store } from '../../domain/store.table.ts';

/** loginLog keeps every login attempt; it is also what the login throttle counts. */
export const loginLog = pgTable(
  'login_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    storeId: uuid('for_store').references(() => store.id),
    clerkId: uuid('for_clerk').references(() => clerk.id),
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    status: integer('status').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_log_store_idx').on(t.storeId, t.dateCreated),
    index('login_log_account_idx').on(t.account, t.dateCreated),
    index('login_log_ip_idx').on(t.ip, t.dateCreated),
  ],
);

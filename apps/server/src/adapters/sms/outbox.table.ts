import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** smsOutbox is the offline SMS gateway: messages land here and the dev page shows them. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phoneNumber: text('phone_number').notNull(),
    content: text('content').notNull(),
    purpose: text('purpose').notNull(),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_created_idx').on(t.dateCreated)],
);

import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { store } from '../../domain/store.table.ts';

/**
 * enrollShortLink maps a short code (`/e/{code}`, short enough for an SMS) to the phone an enrolment link names.
 * It expires when the long link issued at the same moment would.
 */
export const enrollShortLink = pgTable(
  'enroll_short_link',
  {
    code: text('code').primaryKey(),
    storeId: uuid('for_store')
      .notNull()
      .references(() => store.id, { onDelete: 'cascade' }),
    serialNumber: text('serial_number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('enroll_short_link_device_idx').on(t.storeId, t.serialNumber, t.issuedAt)],
);

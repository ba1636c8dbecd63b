import { boolean, customType, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { store } from '../../domain/store.table.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite answers Uint8Array, node-postgres Buffer: callers always get a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * storeSite is what the store's own MDM host shows before login (spec §1 site config): the title and logo that
 * `/custom/<host>/config.json` and `favicon.png` answer. Kept off the store row so its reads never carry the image.
 */
export const storeSite = pgTable('store_site', {
  storeId: uuid('for_store')
    .primaryKey()
    .references(() => store.id),
  title: text('title').notNull().default(''),
  hideLoginPageLogo: boolean('hide_login_page_logo').notNull().default(false),
  logo: bytea('logo'),
  logoType: text('logo_type'),
  dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
});

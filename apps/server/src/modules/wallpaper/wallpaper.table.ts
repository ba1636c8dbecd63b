import { customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clerk } from '../../domain/clerk.table.ts';
import { store } from '../../domain/store.table.ts';

/** bytea holds the JPEG bytes themselves: a third smaller than base64 text and never re-encoded. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite answers Uint8Array, node-postgres Buffer: callers always get a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * wallpaper is one JPEG of a store's wallpaper library (spec §3 Wallpaper); the Apple and Android
 * set-wallpaper operations send one of these to the phone. The thumbnail keeps the list light.
 */
export const wallpaper = pgTable(
  'wallpaper',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('for_store')
      .notNull()
      .references(() => store.id),
    /** Where the picture is meant to go, as the set-wallpaper `where`: 1 lock screen, 2 home screen, 3 both. */
    type: integer('type').notNull().default(3),
    name: text('name').notNull().default(''),
    content: bytea('content').notNull(),
    thumbnail: bytea('thumbnail').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdBy: uuid('created_by').references(() => clerk.id),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wallpaper_store_idx').on(t.storeId, t.dateCreated.desc(), t.id)],
);

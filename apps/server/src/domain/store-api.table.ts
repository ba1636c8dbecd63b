import { index, integer, boolean, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { store } from './store.table.ts';

/**
 * storeApiSetting is one store's open-API access: its key pair, the webhook callback and who may call.
 * The secret is kept encrypted (AES-256-GCM, key in DATA_DIR/keys) because HMAC verification needs it back.
 */
export const storeApiSetting = pgTable('store_api_setting', {
  storeId: uuid('for_store')
    .primaryKey()
    .references(() => store.id),
  enabled: boolean('enabled').notNull().default(false),
  apiKey: text('api_key').unique(),
  secretCipher: text('secret_cipher'),
  secretGeneratedAt: timestamp('secret_generated_at', { withTimezone: true }),
  callbackUrl: text('callback_url').notNull().default(''),
  /** Comma-separated IPv4/IPv6 addresses; empty means any address may call. */
  ipWhiteList: text('ip_white_list').notNull().default(''),
  /** Hours without contact after which device.offline fires; null = never. */
  offlineHours: integer('offline_hours'),
  dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
});

/** openApiNonce remembers each request nonce inside the timestamp window so a captured request cannot be replayed. */
export const openApiNonce = pgTable(
  'open_api_nonce',
  {
    storeId: uuid('for_store')
      .notNull()
      .references(() => store.id),
    nonce: text('nonce').notNull(),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.nonce] }), index('open_api_nonce_created_idx').on(t.dateCreated)],
);

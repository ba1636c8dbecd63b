import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ReportLevel, ReportSections, ReportStatus, RiskLevel } from '@lease/shared';
import { clerk } from '../../domain/clerk.table.ts';
import { store } from '../../domain/store.table.ts';

/**
 * reportLedger is the store's report money: every top-up (+), charge (−) and refund (+) in integer 分.
 * The balance is the sum of the store's rows; the idempotency key makes each charge and refund happen once.
 */
export const reportLedger = pgTable(
  'report_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('for_store')
      .notNull()
      .references(() => store.id),
    amountFen: integer('amount_fen').notNull(),
    kind: text('kind').$type<'credit' | 'charge' | 'refund' | 'correction'>().notNull(),
    reason: text('reason').notNull().default(''),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The fingerprint of the client request that made the row (requestFingerprint): the same key with another request is refused. */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    /** Set for a report's charge and refund; null for top-ups and blacklist checks. No FK: retention deletes reports, never money. */
    reportId: uuid('report_id'),
    clerkId: uuid('clerk_id'),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('report_ledger_key_uq').on(t.storeId, t.idempotencyKey), index('report_ledger_report_idx').on(t.reportId)],
);

/**
 * report is one credit report about a hirer. The id number and phone are sealed (AES-256-GCM) with a keyed
 * hash for exact search and a masked copy for lists; the clerk's confirmation of the hirer's authorisation
 * is kept with it.
 */
export const report = pgTable(
  'report',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('for_store')
      .notNull()
      .references(() => store.id),
    clerkId: uuid('clerk_id').references(() => clerk.id),
    level: text('level').$type<ReportLevel>().notNull(),
    status: text('status').$type<ReportStatus>().notNull().default('pending'),
    name: text('name').notNull(),
    idCardSealed: text('id_card_sealed').notNull(),
    idCardHash: text('id_card_hash').notNull(),
    idCardMasked: text('id_card_masked').notNull(),
    phoneSealed: text('phone_sealed').notNull(),
    phoneHash: text('phone_hash').notNull(),
    phoneMasked: text('phone_masked').notNull(),
    /** What the last query charged (after discount), in 分. */
    priceFen: integer('price_fen').notNull(),
    sandbox: boolean('sandbox').notNull(),
    sections: jsonb('sections').$type<ReportSections>(),
    riskLevel: text('risk_level').$type<RiskLevel>(),
    riskScore: integer('risk_score'),
    failureReason: text('failure_reason'),
    /** Bumped by every refresh: part of the charge's idempotency key. */
    attempt: integer('attempt').notNull().default(1),
    authorisedBy: text('authorised_by').notNull(),
    authorisedAt: timestamp('authorised_at', { withTimezone: true }).notNull(),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('report_store_idx').on(t.storeId, t.dateCreated.desc()),
    index('report_phone_idx').on(t.storeId, t.phoneHash),
    index('report_id_card_idx').on(t.storeId, t.idCardHash),
  ],
);

/** rcsRecord is a hirer-authorised RCS query (spec §3 RCS record); each spends one of the store's rcs_count. */
export const rcsRecord = pgTable(
  'rcs_record',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('for_store')
      .notNull()
      .references(() => store.id),
    clerkId: uuid('clerk_id').references(() => clerk.id),
    name: text('name').notNull(),
    idCardSealed: text('id_card_sealed').notNull(),
    idCardHash: text('id_card_hash').notNull(),
    idCardMasked: text('id_card_masked').notNull(),
    /** The order id the provider knows it by (random, unguessable: it also names the sandbox pages). */
    orderId: text('order_id').notNull().unique(),
    authUrl: text('auth_url').notNull(),
    sandbox: boolean('sandbox').notNull(),
    wechatUrl: text('wechat_url'),
    wechatUpdated: timestamp('wechat_updated', { withTimezone: true }),
    alipayUrl: text('alipay_url'),
    alipayUpdated: timestamp('alipay_updated', { withTimezone: true }),
    reportUrl: text('report_url'),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rcs_record_store_idx').on(t.storeId, t.dateCreated.desc())],
);

/** hxReportSetting keeps the store's own report-vendor secret, sealed; it is never returned. */
export const hxReportSetting = pgTable('hx_report_setting', {
  storeId: uuid('for_store')
    .primaryKey()
    .references(() => store.id),
  secretCipher: text('secret_cipher').notNull(),
  dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * riskWatchHit (early access) is a leased phone's hirer found on a blacklist by the scheduled re-check; the
 * unique key makes "newly appears" an insert that succeeds once per hirer and device.
 */
export const riskWatchHit = pgTable(
  'risk_watch_hit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('for_store')
      .notNull()
      .references(() => store.id),
    platform: text('platform').$type<'ios' | 'android'>().notNull(),
    deviceId: uuid('device_id').notNull(),
    phoneHash: text('phone_hash').notNull(),
    hirerName: text('hirer_name').notNull(),
    phoneMasked: text('phone_masked').notNull(),
    reason: text('reason').notNull(),
    sandbox: boolean('sandbox').notNull(),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('risk_watch_hit_uq').on(t.storeId, t.platform, t.deviceId, t.phoneHash),
    index('risk_watch_hit_store_idx').on(t.storeId, t.dateCreated.desc()),
  ],
);

/** riskWatchRun remembers each store's last re-check, so a restart does not charge the same day twice. */
export const riskWatchRun = pgTable('risk_watch_run', {
  storeId: uuid('for_store')
    .primaryKey()
    .references(() => store.id),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
  watchedHirers: integer('watched_hirers').notNull().default(0),
});

import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AppleAppRestriction, AppleWhiteListApp, LostModalContent } from '@lease/shared';

/** store is one leasing shop: the tenant every other row belongs to (spec §3 Store). */
export const store = pgTable(
  'store',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
    storeName: text('store_name').notNull(),
    discountRate: numeric('discount_rate', { precision: 5, scale: 4 }).notNull().default('1'),
    /** deviceCount is the number of phones the store may manage at once (its purchased slots). */
    deviceCount: integer('device_count').notNull().default(100),
    usedDeviceCount: integer('used_device_count').notNull().default(0),
    rcsCount: integer('rcs_count').notNull().default(0),
    usedRcsCount: integer('used_rcs_count').notNull().default(0),
    employeeDefaultPermission: text('employee_default_permission').notNull().default(''),
    remark: text('remark').notNull().default(''),
    /** isDemo marks the store `npm start` creates, so a restart finds it again instead of making another. */
    isDemo: boolean('is_demo').notNull().default(false),
    modules: text('modules').array().notNull().default(sql`'{}'::text[]`),
    smsVerifySwitch: boolean('sms_verify_switch').notNull().default(false),
    systemRestriction: jsonb('system_restriction').$type<Record<string, boolean>>().notNull().default({}),
    /** Apple default app rule; `{}` (never set) reads as off. */
    appRestriction: jsonb('app_restriction').$type<Partial<AppleAppRestriction>>().notNull().default({}),
    /** Apple apps every phone of the store allows, whatever its own app rule says. */
    appleAppWhiteList: jsonb('apple_app_white_list').$type<AppleWhiteListApp[]>().notNull().default([]),
    /** Default lock-screen text a clerk's own empty fields fall back to; null until the admin sets it. */
    lostModalContent: jsonb('lost_modal_content').$type<LostModalContent>(),
    globalHttpProxyPacUrl: text('global_http_proxy_pac_url'),
    /** Android store defaults: restriction map and app rule new phones get, and the offline self-lock limit. */
    androidSystemRestriction: jsonb('android_system_restriction').$type<Record<string, boolean>>().notNull().default({}),
    androidAppRestriction: jsonb('android_app_restriction').$type<Record<string, unknown>>().notNull().default({}),
    androidOfflineLockHours: integer('android_offline_lock_hours').notNull().default(72),
    /** Set by the operator console: the store's console and open API answer 门店已停用; its phones stay managed. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The store's own enrolment host name (white label): its phones' profiles and links point there; null = PUBLIC_URL's. */
    mdmHost: text('mdm_host'),
    /** The store's MDM API key, sealed like the open-API secrets; null when none is set. */
    mdmApiKeyCipher: text('mdm_api_key_cipher'),
    /** Reverse-DNS prefix of the enrolment profile's PayloadIdentifier; null = com.zujibao.mdm. */
    payloadPrefix: text('payload_prefix'),
  },
  (t) => [uniqueIndex('store_mdm_host_key').on(t.mdmHost)],
);

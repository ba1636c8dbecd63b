import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { ALL_MODULES, type Module, type TokenPair } from '@lease/shared';
import { composeApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { clerk } from '../domain/clerk.table.ts';
import { store } from '../domain/store.table.ts';
import { iosDevice } from '../domain/ios-device.table.ts';
import { mdmEnrollment } from '../mdm/apple/mdm.table.ts';
import { androidDevice } from '../domain/android-device.table.ts';
import { androidAgent } from '../mdm/android/android-agent.table.ts';
import { createDevKeyBox } from '../mdm/android/device-keys.ts';
import { ephemeralMdmKeys } from '../mdm/apple/mdm-keys.ts';
import type { ApnsPusher } from '../adapters/apns/apns-pusher.ts';
import { createOutboxSmsSender } from '../adapters/sms/outbox-sender.ts';
import type { SmsSender } from '../adapters/sms/sms-sender.ts';
import { smsOutbox } from '../adapters/sms/outbox.table.ts';
import { desc, eq } from 'drizzle-orm';
import { ephemeralSecrets } from '../secrets.ts';
import { openTestDatabase } from './test-db.ts';
import type { Database } from '../db/client.ts';

export const TEST_PASSWORD = 'Passw0rd!x';
let phoneSeq = 0;
/** nextPhone hands out distinct valid phones within a test file. */
export const nextPhone = () => `139${String(process.pid % 10000).padStart(4, '0')}${String(phoneSeq++).padStart(4, '0')}`;

interface NewClerkValues {
  storeId?: string;
  isAdmin?: boolean;
  permission?: string;
  phone?: string;
  password?: string;
  disabled?: boolean;
}

/** buildTestApp starts the real app on a fresh database; config overrides go through the env shape. */
let serialSeq = 0;
/** One CA for every test app in a process: generating RSA keys per test would be slow. */
export const testMdmKeys = ephemeralMdmKeys();

/**
 * Tests run with dev tools off, as in production, and an explicit outbox sender (`smsSender: null` leaves the
 * choice to the configuration, as in the real server); `lastSmsCode` reads the outbox table directly.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { apnsPusher?: ApnsPusher; smsSender?: SmsSender | null; clock?: () => Date; database?: Database } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), LOGIN_IP_LIMIT_PER_MINUTE: '1000', ...env });
  // A database of the caller's (one reached through a relay the test can cut) is closed with the app, like our own.
  const database = options.database ?? (await openTestDatabase());
  const secrets = ephemeralSecrets();
  const smsSender = options.smsSender === null ? undefined : (options.smsSender ?? createOutboxSmsSender(database.db));
  const { app, parts } = await composeApp({ config, database, secrets, mdmKeys: testMdmKeys, apnsPusher: options.apnsPusher, smsSender, clock: options.clock });
  await app.ready();
  const { db } = database;

  const factories = {
    /** newStore inserts a store; `isDemo` marks it as `npm start`'s demo store, whose admin alone may use dev tools. */
    async newStore(values: { modules?: Module[]; storeName?: string; smsVerifySwitch?: boolean; isDemo?: boolean } = {}): Promise<typeof store.$inferSelect> {
      const [row] = await db
        .insert(store)
        .values({
          storeName: values.storeName ?? '测试门店',
          modules: values.modules ?? ALL_MODULES,
          smsVerifySwitch: values.smsVerifySwitch ?? false,
          isDemo: values.isDemo ?? false,
        })
        .returning();
      return row;
    },
    async newClerk(values: NewClerkValues = {}): Promise<typeof clerk.$inferSelect> {
      const storeId = values.storeId ?? (await factories.newStore()).id;
      const [row] = await db
        .insert(clerk)
        .values({
          storeId,
          name: '测试店员',
          phoneNumber: values.phone ?? nextPhone(),
          passwordHash: await hashPassword(values.password ?? TEST_PASSWORD),
          isAdmin: values.isAdmin ?? false,
          permission: values.permission ?? '',
          disabled: values.disabled ?? false,
        })
        .returning();
      return row;
    },
    async login(phone: string, password = TEST_PASSWORD, remoteAddress = '10.9.0.1'): Promise<TokenPair> {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: phone, password }, remoteAddress });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    /** signedIn creates a clerk (admin unless told otherwise) and returns it with its tokens. */
    async signedIn(
      values: NewClerkValues = { isAdmin: true },
    ): Promise<{ clerk: typeof clerk.$inferSelect; tokens: TokenPair; headers: { authorization: string } }> {
      const c = await factories.newClerk(values);
      const tokens = await factories.login(c.phoneNumber);
      return { clerk: c, tokens, headers: { authorization: `Bearer ${tokens.access_token}` } };
    },
    /** newIosDevice inserts an Apple device; `enrolled` also gives it an MDM channel as after TokenUpdate. */
    async newIosDevice(values: Partial<typeof iosDevice.$inferInsert> & { storeId: string; enrolled?: boolean }): Promise<typeof iosDevice.$inferSelect> {
      const { enrolled, ...rest } = values;
      const n = serialSeq++;
      const serialNumber = rest.serialNumber ?? `TST${String(process.pid).slice(-3)}${String(n).padStart(6, '0')}`;
      const udid = enrolled ? `00008120-${String(n).padStart(16, '0')}` : null;
      const [row] = await db
        .insert(iosDevice)
        .values({ serialNumber, udid, enrollmentStatus: enrolled ? 1 : 0, ...rest })
        .returning();
      if (enrolled) {
        await db.insert(mdmEnrollment).values({
          deviceId: row.id,
          udid: udid!,
          certFingerprint: `fp-${row.id}`,
          topic: 'com.apple.mgmt.test',
          tokenHex: n.toString(16).padStart(64, '0'),
          pushMagic: `magic-${n}`,
          unlockToken: Buffer.from('unlock').toString('base64'),
          enabled: true,
        });
      }
      return row;
    },
    /**
     * newAndroidDevice inserts an enrolled Android phone as the gateway would after enrolment; `agent` also gives it
     * an agent identity with a fresh offline-passcode key K_dev (returned, so tests can check issued codes).
     */
    async newAndroidDevice(
      values: Partial<typeof androidDevice.$inferInsert> & { storeId: string; agent?: boolean },
    ): Promise<typeof androidDevice.$inferSelect & { devKey?: Buffer }> {
      const { agent, ...rest } = values;
      const n = serialSeq++;
      const [row] = await db
        .insert(androidDevice)
        .values({
          serialNumber: `AND${String(process.pid).slice(-3)}${String(n).padStart(6, '0')}`,
          imei1: `86${String(process.pid).slice(-3).padStart(3, '0')}${String(n).padStart(10, '0')}`,
          brand: 'honor',
          model: 'PGT-AN10',
          enrollmentStatus: 1,
          ...rest,
        })
        .returning();
      if (!agent) return row;
      const sealed = createDevKeyBox(secrets.androidDevKey).newKey();
      await db.insert(androidAgent).values({ deviceId: row.id, publicKey: 'test-public-key', devKeyEnc: sealed.sealed });
      return { ...row, devKey: sealed.key };
    },
    /** lastSmsCode reads the newest code the outbox "sent" to a phone. */
    async lastSmsCode(phone: string) {
      const [item] = await db.select().from(smsOutbox).where(eq(smsOutbox.phoneNumber, phone)).orderBy(desc(smsOutbox.id)).limit(1);
      return item ? (/\d{6}/.exec(item.content)?.[0] ?? null) : null;
    },
  };

  return {
    app,
    /** What tests drive directly instead of waiting for a job: the Android engine, ABM, one-click unlock runs, webhook delivery. */
    android: parts.android,
    abm: parts.abm,
    oneClickUnlock: parts.oneClickUnlock,
    webhookDelivery: parts.webhookDelivery,
    lease: parts.lease,
    /** The demo's simulated Android agents by device id (empty in tests; a test adds stand-ins for the 模拟设备 tab). */
    simulatedAndroid: parts.simulatedAndroid,
    db,
    database,
    secrets,
    config,
    ...factories,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

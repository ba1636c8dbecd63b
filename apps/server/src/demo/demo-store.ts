import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { ALL_MODULES, PHONE_RE, PASSWORD_RE, Perm } from '@lease/shared';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { AuthContext } from '../http/authz.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { clerk } from '../domain/clerk.table.ts';
import { createStoreWithAdmin } from '../modules/store/register-store.service.ts';
import { store } from '../domain/store.table.ts';

export interface DemoAdmin {
  phone: string;
  password: string;
}

const DEFAULT_PHONE = '13800000000';

function randomPassword() {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/**
 * ensureDemoStore makes sure the demo store and its admin exist, so `npm start` on a fresh machine
 * can be logged into. The generated password is kept in DATA_DIR so a restart prints the same one;
 * DEMO_ADMIN_PHONE / DEMO_ADMIN_PASSWORD, when set, win and are applied on every start.
 */
export async function ensureDemoStore(db: Db, config: Config): Promise<DemoAdmin> {
  const file = path.join(config.dataDir, 'demo-admin.json');
  const saved: Partial<DemoAdmin> = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const phone = config.demo.adminPhone ?? saved.phone ?? DEFAULT_PHONE;
  const password = config.demo.adminPassword ?? saved.password ?? randomPassword();
  if (!PHONE_RE.test(phone)) throw new Error(`DEMO_ADMIN_PHONE must be a mainland phone (1 + 10 digits), got ${phone}`);
  if (!PASSWORD_RE.test(password)) throw new Error('DEMO_ADMIN_PASSWORD must be 6-16 letters, digits or common symbols');

  const [existing] = await db
    .select({ clerkId: clerk.id, phone: clerk.phoneNumber })
    .from(store)
    .innerJoin(clerk, eq(clerk.storeId, store.id))
    .where(eq(store.isDemo, true))
    .limit(1);
  if (!existing) {
    await createStoreWithAdmin(db, {
      storeName: '演示门店',
      adminName: '演示管理员',
      phoneNumber: phone,
      password,
      modules: ALL_MODULES,
      isDemo: true,
    });
  } else if (existing.phone !== phone || config.demo.adminPassword || !saved.password) {
    await db
      .update(clerk)
      .set({ phoneNumber: phone, passwordHash: await hashPassword(password), passwordChangedAt: new Date(), disabled: false })
      .where(eq(clerk.id, existing.clerkId));
  }
  fs.writeFileSync(file, JSON.stringify({ phone, password }, null, 2), { mode: 0o600 });
  return { phone, password };
}

/**
 * demoStoreAdmin finds the demo store and acts as its admin, for the seeds that fill it through the modules'
 * services (reports, lease plans); null when there is no demo store.
 */
export async function demoStoreAdmin(db: Db): Promise<AuthContext | null> {
  const [demo] = await db
    .select({ storeId: store.id, clerkId: clerk.id })
    .from(store)
    .innerJoin(clerk, and(eq(clerk.storeId, store.id), eq(clerk.isAdmin, true)))
    .where(eq(store.isDemo, true))
    .limit(1);
  return demo ? { clerkId: demo.clerkId, storeId: demo.storeId, sessionId: 'demo-seed', isAdmin: true, perms: [Perm.ADMIN], modules: ALL_MODULES } : null;
}

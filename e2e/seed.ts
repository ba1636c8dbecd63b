import path from 'node:path';
import { Module } from '@lease/shared';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { hashPassword } from '../apps/server/src/modules/auth/password.ts';
import { clerk } from '../apps/server/src/domain/clerk.table.ts';
import { createStoreWithAdmin } from '../apps/server/src/modules/store/register-store.service.ts';

/** The people the browser tests sign in as; all share one password. */
export const E2E = {
  password: 'E2e#Pass2026',
  admin: '13700000001',
  /** A clerk of the admin's store with Aa3 only: no Dc1, no Db1, not admin. */
  clerk: '13700000002',
  /** Admin of a store without the Android and advanced-report modules. */
  smallStoreAdmin: '13700000003',
  /** A clerk holding Dc1 and Db1. */
  auditor: '13700000004',
};

/** seedE2e fills the server's PGlite folder before the server opens it (PGlite allows one process). */
export async function seedE2e(dataDir: string) {
  const config = loadConfig({ DATA_DIR: dataDir });
  const database = await openDatabase({ kind: 'pglite', dir: path.join(config.dataDir, 'pglite') });
  try {
    const admin = await createStoreWithAdmin(database.db, {
      storeName: '测试租机店',
      adminName: '王管理员',
      phoneNumber: E2E.admin,
      password: E2E.password,
      modules: Object.values(Module),
      // Marked as the demo store: only its admin may read the dev SMS outbox the clerk test needs.
      isDemo: true,
    });
    const passwordHash = await hashPassword(E2E.password);
    await database.db.insert(clerk).values([
      { storeId: admin.storeId, name: '李店员', phoneNumber: E2E.clerk, passwordHash, permission: 'Aa3' },
      { storeId: admin.storeId, name: '赵审计', phoneNumber: E2E.auditor, passwordHash, permission: 'Dc1,Db1' },
    ]);
    await createStoreWithAdmin(database.db, {
      storeName: '小店',
      adminName: '周店长',
      phoneNumber: E2E.smallStoreAdmin,
      password: E2E.password,
      modules: [Module.APPLE, Module.REPORT_BASIC],
    });
  } finally {
    await database.close();
  }
}

/** The header search's people (search.e2e.ts): a clerk of the admin's store without 查看全部设备 on either platform. */
export const SEARCH_E2E = {
  clerkWithoutViewAll: '13700000005',
  /** The last 4 digits every seeded hirer phone below shares. */
  digits: '2468',
};

/**
 * seedSearchPhones adds to a seedE2e folder (before its server opens it) an iPhone and an Android phone of the admin's
 * store, both assigned to the admin, and an iPhone assigned to SEARCH_E2E.clerkWithoutViewAll; every hirer phone ends
 * in SEARCH_E2E.digits.
 */
export async function seedSearchPhones(dataDir: string) {
  const { eq } = await import('drizzle-orm');
  const { iosDevice } = await import('../apps/server/src/domain/ios-device.table.ts');
  const { androidDevice } = await import('../apps/server/src/domain/android-device.table.ts');
  const config = loadConfig({ DATA_DIR: dataDir });
  const database = await openDatabase({ kind: 'pglite', dir: path.join(config.dataDir, 'pglite') });
  try {
    const [admin] = await database.db.select().from(clerk).where(eq(clerk.phoneNumber, E2E.admin));
    const [limited] = await database.db
      .insert(clerk)
      .values({
        storeId: admin.storeId,
        name: '孙店员',
        phoneNumber: SEARCH_E2E.clerkWithoutViewAll,
        passwordHash: await hashPassword(E2E.password),
        permission: '',
      })
      .returning();
    await database.db.insert(iosDevice).values([
      { storeId: admin.storeId, clerkId: admin.id, serialNumber: 'F2LSEARCH001', model: 'iPhone15,2', hirerName: '陈租客', hirerPhoneNumber: '13911112468' },
      {
        storeId: admin.storeId,
        clerkId: limited.id,
        serialNumber: 'F2LSEARCH002',
        model: 'iPhone16,1',
        hirerName: '孙的租客',
        hirerPhoneNumber: '13533332468',
      },
    ]);
    await database.db.insert(androidDevice).values({
      storeId: admin.storeId,
      clerkId: admin.id,
      serialNumber: 'ANDSEARCH001',
      imei1: '860000000002468',
      brand: 'honor',
      model: 'PGT-AN10',
      enrollmentStatus: 1,
      hirerName: '刘租客',
      hirerPhoneNumber: '13622222468',
    });
  } finally {
    await database.close();
  }
}

/** The people and phones of untrue-screens.e2e.ts (issue 29 part 2). */
export const UNTRUE_E2E = {
  /** A clerk of the admin's store with Apple permissions only (查看全部设备, 锁定, 解锁) and 查看操作日志. */
  appleOnlyClerk: '13700000009',
  /** An iPhone whose wallpaper the store locked (设置壁纸 with 允许更换壁纸 off). */
  lockedWallpaper: 'E2EUNTRUE001',
  /** An iPhone whose hirer may change the wallpaper. */
  freeWallpaper: 'E2EUNTRUE002',
};

/**
 * seedUntrueScreens adds to a seedE2e folder (before its server opens it) UNTRUE_E2E's Apple-only clerk and two
 * enrolled, supervised iPhones of the admin's store, one with the wallpaper lock on; it answers their ids.
 */
export async function seedUntrueScreens(dataDir: string): Promise<{ lockedWallpaper: string; freeWallpaper: string }> {
  const { eq } = await import('drizzle-orm');
  const { EnrollmentStatus, Perm, SuperviseStatus } = await import('@lease/shared');
  const { iosDevice } = await import('../apps/server/src/domain/ios-device.table.ts');
  const config = loadConfig({ DATA_DIR: dataDir });
  const database = await openDatabase({ kind: 'pglite', dir: path.join(config.dataDir, 'pglite') });
  try {
    const [admin] = await database.db.select().from(clerk).where(eq(clerk.phoneNumber, E2E.admin));
    await database.db.insert(clerk).values({
      storeId: admin.storeId,
      name: '钱店员',
      phoneNumber: UNTRUE_E2E.appleOnlyClerk,
      passwordHash: await hashPassword(E2E.password),
      permission: [Perm.APPLE_LIST_VIEW_ALL, Perm.APPLE_ENABLE_LOST_MODE, Perm.APPLE_DISABLE_LOST_MODE, Perm.OPERATION_LOG].join(','),
    });
    const phone = (serialNumber: string, wallpaperAllowModify: boolean) => ({
      storeId: admin.storeId,
      clerkId: admin.id,
      serialNumber,
      model: 'iPhone15,2',
      osVersion: '17.5.1',
      enrollmentStatus: EnrollmentStatus.ENROLLED,
      superviseStatus: SuperviseStatus.SUPERVISED,
      lastActiveTime: new Date(),
      hirerName: '吴租机人',
      hirerPhoneNumber: '13855550000',
      wallpaperAllowModify,
    });
    const rows = await database.db
      .insert(iosDevice)
      .values([phone(UNTRUE_E2E.lockedWallpaper, false), phone(UNTRUE_E2E.freeWallpaper, true)])
      .returning({ id: iosDevice.id, serial: iosDevice.serialNumber });
    const idOf = (serial: string) => rows.find((r) => r.serial === serial)!.id;
    return { lockedWallpaper: idOf(UNTRUE_E2E.lockedWallpaper), freeWallpaper: idOf(UNTRUE_E2E.freeWallpaper) };
  } finally {
    await database.close();
  }
}

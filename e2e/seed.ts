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

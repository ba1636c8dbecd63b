import { eq } from 'drizzle-orm';
import { type HxReportConfigStatus, OperationStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { SecretBox } from '../../secret-box.ts';
import type { OperationLogRepo } from '../logs/operation-log.repo.ts';
import { hxReportSetting } from './report.table.ts';

/**
 * createHxReportService keeps the store's own report-vendor secret (spec §7 hx-report): sealed with the
 * API-secret box, never returned; config-status only says whether it is set.
 */
export function createHxReportService(deps: { db: Db; secretBox: SecretBox; oplog: OperationLogRepo; providerKind: 'sandbox' | 'http' }) {
  const { db, secretBox, oplog } = deps;
  return {
    async status(auth: AuthContext): Promise<HxReportConfigStatus> {
      const [row] = await db.select({ dateUpdated: hxReportSetting.dateUpdated }).from(hxReportSetting).where(eq(hxReportSetting.storeId, auth.storeId));
      return { configured: Boolean(row), date_updated: row?.dateUpdated.toISOString() ?? null, provider: deps.providerKind };
    },

    async setSecretKey(auth: AuthContext, secretKey: string) {
      const now = new Date();
      await db.transaction(async (tx) => {
        await tx
          .insert(hxReportSetting)
          .values({ storeId: auth.storeId, secretCipher: secretBox.seal(secretKey), dateUpdated: now })
          .onConflictDoUpdate({ target: hxReportSetting.storeId, set: { secretCipher: secretBox.seal(secretKey), dateUpdated: now } });
        await oplog.insertMany(
          [{ storeId: auth.storeId, clerkId: auth.clerkId, platform: 'store', action: 'hx-report-set-secret-key', status: OperationStatus.DONE }],
          tx,
        );
      });
      return { ok: true as const };
    },

    /** secretOf opens the store's secret for signing its vendor requests; null when none is set. */
    async secretOf(storeId: string): Promise<string | null> {
      const [row] = await db.select({ c: hxReportSetting.secretCipher }).from(hxReportSetting).where(eq(hxReportSetting.storeId, storeId));
      return row ? secretBox.open(row.c) : null;
    },
  };
}
export type HxReportService = ReturnType<typeof createHxReportService>;

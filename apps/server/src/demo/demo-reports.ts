import { count, eq } from 'drizzle-orm';
import { idCardCheckDigit } from '@lease/shared';
import type { Db } from '../db/client.ts';
import type { ReportModule } from '../modules/report/report.module.ts';
import { report } from '../modules/report/report.table.ts';
import { topUpStore } from '../modules/report/top-up.ts';
import { demoStoreAdmin } from './demo-store.ts';

const id18 = (first17: string) => first17 + idCardCheckDigit(first17);

/** Made-up hirers of the demo reports (valid-looking ids with real check digits; nobody real). */
const DEMO_HIRERS = [
  { name: '张伟', id_card: id18('11010519900307123'), phone_number: '13912340001', level: 'advanced' as const },
  { name: '李娜', id_card: id18('31010419920815234'), phone_number: '13912340002', level: 'basic' as const },
  { name: '王芳', id_card: id18('44030519880101345'), phone_number: '13912340003', level: 'basic' as const },
];

/**
 * seedDemoReports gives the demo store a sandbox balance (¥500), 20 RCS queries and a few sandbox reports, so
 * a new user sees the report area working. Only with the sandbox provider (never spends a real vendor's
 * money), and idempotent across restarts.
 */
export async function seedDemoReports(db: Db, reports: ReportModule) {
  if (reports.provider.kind !== 'sandbox') return;
  const demo = await demoStoreAdmin(db);
  if (!demo) return;
  const { applied } = await reports.ledger.credit(demo.storeId, 50_000, '演示门店沙箱余额', 'demo:initial-balance');
  if (applied) await topUpStore(db, demo.storeId, { rcsCount: 20 });
  const [{ n }] = await db.select({ n: count() }).from(report).where(eq(report.storeId, demo.storeId));
  if (n > 0 || !applied) return;
  for (const [i, h] of DEMO_HIRERS.entries()) await reports.reports.add(demo, { ...h, authorised: true, idempotency_key: `demo-report-${i + 1}` });
}

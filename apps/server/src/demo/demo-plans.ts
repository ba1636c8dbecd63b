import { and, asc, count, eq } from 'drizzle-orm';
import type { PaymentMethod } from '@lease/shared';
import type { Db } from '../db/client.ts';
import { androidDevice } from '../domain/android-device.table.ts';
import { iosDevice } from '../domain/ios-device.table.ts';
import { store } from '../domain/store.table.ts';
import { demoStoreAdmin } from './demo-store.ts';
import { addDays, localDay } from '../modules/lease/lease-calendar.ts';
import type { LeaseModule } from '../modules/lease/lease.module.ts';
import { leaseLedger, leasePlan } from '../modules/lease/lease.table.ts';

/** monthsBefore is `day` a number of months earlier (later when negative), the same day number clamped to the month's end. */
function monthsBefore(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const total = y * 12 + (m - 1) - months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

interface DemoPlan {
  /** The first unpaid period falls due this many days from today (negative: overdue). */
  firstUnpaidInDays: number;
  periods: number;
  paidPeriods: number;
  amountFen: number;
  method: PaymentMethod;
  note?: string;
}

/**
 * The demo store's plans, one per state the collections view shows, in the order of its phones (iPhones, then
 * Android): 正常, 即将到期, 已欠费锁定 (the simulated iPhone really goes into Lost Mode), 逾期宽限中 with a
 * contact note, 已欠费锁定 (Android), 已结清 (the release offered).
 */
const DEMO_PLANS: DemoPlan[] = [
  { firstUnpaidInDays: 12, periods: 12, paidPeriods: 2, amountFen: 699_00, method: 'wechat' },
  { firstUnpaidInDays: 2, periods: 6, paidPeriods: 1, amountFen: 1_299_00, method: 'alipay' },
  { firstUnpaidInDays: -9, periods: 12, paidPeriods: 3, amountFen: 899_00, method: 'cash' },
  { firstUnpaidInDays: -2, periods: 12, paidPeriods: 4, amountFen: 459_00, method: 'bank', note: '电话已接通，说周五发工资后还款' },
  { firstUnpaidInDays: -15, periods: 6, paidPeriods: 1, amountFen: 559_00, method: 'wechat', note: '电话未接，已发短信' },
  { firstUnpaidInDays: -20, periods: 3, paidPeriods: 3, amountFen: 1_000_00, method: 'alipay' },
];

/**
 * seedDemoPlans gives `npm start`'s demo store a plan in every state once its simulated phones have enrolled, so
 * the collections view is alive at once. Plans go through the lease service like a clerk's (a past-due one
 * locks its phone at once); it runs once per demo store (none if the store has any plan), with today's dates.
 */
export async function seedDemoPlans(db: Db, lease: LeaseModule, now = new Date()): Promise<number> {
  const demo = await demoStoreAdmin(db);
  if (!demo) return 0;
  const [{ n }] = await db.select({ n: count() }).from(leasePlan).where(eq(leasePlan.storeId, demo.storeId));
  if (n > 0) return 0;
  const enrolled = (t: typeof iosDevice | typeof androidDevice) =>
    db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.storeId, demo.storeId), eq(t.enrollmentStatus, 1)))
      .orderBy(asc(t.registrationTime))
      .limit(3);
  const phones = [
    ...(await enrolled(iosDevice)).map((d) => ({ ...d, platform: 'ios' as const })),
    ...(await enrolled(androidDevice)).map((d) => ({ ...d, platform: 'android' as const })),
  ];
  const today = localDay(now, 'Asia/Shanghai');
  // Plans and their past payments are written together, then evaluated once: no lock for periods already paid.
  const notes: { planId: string; note: string }[] = [];
  await db.transaction(async (tx) => {
    for (const [i, phone] of phones.entries()) {
      const spec = DEMO_PLANS[i];
      if (!spec) break;
      // Monthly on the first unpaid due date's day, started as many months before it as periods are paid, plus one.
      const firstUnpaid = addDays(today, spec.firstUnpaidInDays);
      const startDate = monthsBefore(firstUnpaid, spec.paidPeriods + 1);
      const dayOfMonth = Number(firstUnpaid.slice(8, 10));
      // Month by month around the first unpaid date (a 31st falls on a short month's last day, as monthly plans do).
      const dueDates = Array.from({ length: spec.periods }, (_, p) => monthsBefore(firstUnpaid, spec.paidPeriods - p));
      const [plan] = await tx
        .insert(leasePlan)
        .values({
          storeId: demo.storeId,
          platform: phone.platform,
          deviceId: phone.id,
          clerkId: demo.clerkId,
          startDate,
          periods: spec.periods,
          period: 'monthly',
          dayOfMonth,
          dueDates,
          amountFen: spec.amountFen,
          depositFen: 500_00,
          remark: '演示分期计划',
          nextCheckAt: now,
        })
        .returning({ id: leasePlan.id });
      for (let p = 0; p < spec.paidPeriods; p++)
        await tx.insert(leaseLedger).values({
          storeId: demo.storeId,
          planId: plan.id,
          source: 'console',
          amountFen: spec.amountFen,
          method: spec.method,
          reference: `DEMO-${i + 1}-${p + 1}`,
          paidAt: new Date(Date.parse(`${addDays(dueDates[p], -1)}T10:30:00+08:00`)),
          clerkId: demo.clerkId,
        });
      if (spec.note) notes.push({ planId: plan.id, note: spec.note });
    }
  });
  await lease.watch.run();
  for (const { planId, note } of notes) await lease.service.contact(demo, planId, { note });
  return Math.min(phones.length, DEMO_PLANS.length);
}

/**
 * seedDemoPlansWhenReady waits for the demo phones to enrol (they do so over HTTP once the server listens), then
 * seeds the plans; a demo without phones gets none.
 */
export async function seedDemoPlansWhenReady(
  db: Db,
  lease: LeaseModule,
  expected: number,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
) {
  if (expected <= 0) return;
  const deadline = Date.now() + 120_000;
  try {
    for (;;) {
      const [{ ios }] = await db
        .select({ ios: count() })
        .from(iosDevice)
        .innerJoin(store, eq(store.id, iosDevice.storeId))
        .where(and(eq(store.isDemo, true), eq(iosDevice.enrollmentStatus, 1)));
      const [{ android }] = await db
        .select({ android: count() })
        .from(androidDevice)
        .innerJoin(store, eq(store.id, androidDevice.storeId))
        .where(and(eq(store.isDemo, true), eq(androidDevice.enrollmentStatus, 1)));
      if ((ios >= expected && android >= expected) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const made = await seedDemoPlans(db, lease);
    if (made) log.info({ plans: made }, 'demo lease plans created');
  } catch (err) {
    log.error({ err }, 'demo lease plans failed');
  }
}

import { type SQL, and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, sum } from 'drizzle-orm';
import { DEFAULT_LEASE_POLICY, type LeasePlanListQuery, type LeasePolicy } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { androidDevice } from '../../domain/android-device.table.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { store } from '../../domain/store.table.ts';
import { leaseAction, leaseContact, leaseLedger, leasePlan, leasePolicy } from './lease.table.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;
export type LeasePlanRow = typeof leasePlan.$inferSelect;

/** PlanScope is who is asking: the store, and the clerk when they may only see their own phones (per platform). */
export interface PlanScope {
  storeId: string;
  ownIos?: string;
  ownAndroid?: string;
}

/** The device columns a plan shows, from whichever table its platform names. */
const deviceFields = {
  serialNumber: sql<string>`coalesce(${iosDevice.serialNumber}, ${androidDevice.serialNumber}, '')`,
  model: sql<string>`coalesce(${iosDevice.model}, ${androidDevice.model}, '')`,
  maker: sql<string>`coalesce(${iosDevice.productName}, ${androidDevice.brand}, '')`,
  hirerName: sql<string>`coalesce(${iosDevice.hirerName}, ${androidDevice.hirerName}, '')`,
  hirerPhone: sql<string>`coalesce(${iosDevice.hirerPhoneNumber}, ${androidDevice.hirerPhoneNumber}, '')`,
  lockStatus: sql<number>`coalesce(${iosDevice.lockStatus}, ${androidDevice.lockStatus}, 0)`,
  deviceClerkId: sql<string | null>`coalesce(${iosDevice.clerkId}, ${androidDevice.clerkId})`,
};

export type PlanWithDevice = Awaited<ReturnType<ReturnType<typeof createLeaseRepo>['list']>>['rows'][number];

/** createLeaseRepo: the lease tables, always scoped by store; no rules here (lease-rules.ts, lease.service.ts). */
export function createLeaseRepo(db: Db) {
  const joined = (tx: Tx) =>
    tx
      .select({ plan: leasePlan, ...deviceFields })
      .from(leasePlan)
      .leftJoin(iosDevice, and(eq(leasePlan.platform, 'ios'), eq(iosDevice.id, leasePlan.deviceId)))
      .leftJoin(androidDevice, and(eq(leasePlan.platform, 'android'), eq(androidDevice.id, leasePlan.deviceId)));

  const scoped = (scope: PlanScope): SQL[] => {
    const where: SQL[] = [eq(leasePlan.storeId, scope.storeId), isNull(leasePlan.cancelledAt)];
    if (scope.ownIos) where.push(or(eq(leasePlan.platform, 'android'), eq(iosDevice.clerkId, scope.ownIos)) as SQL);
    if (scope.ownAndroid) where.push(or(eq(leasePlan.platform, 'ios'), eq(androidDevice.clerkId, scope.ownAndroid)) as SQL);
    return where;
  };

  return {
    /** policy is the store's policy over the defaults, with the store's name and lock-screen phone. */
    async policy(tx: Tx, storeId: string): Promise<{ policy: LeasePolicy; storeName: string; storePhone: string; modules: string[] } | null> {
      const [row] = await tx
        .select({ policy: leasePolicy.policy, storeName: store.storeName, lostModal: store.lostModalContent, modules: store.modules })
        .from(store)
        .leftJoin(leasePolicy, eq(leasePolicy.storeId, store.id))
        .where(eq(store.id, storeId));
      if (!row) return null;
      return {
        policy: { ...DEFAULT_LEASE_POLICY, ...(row.policy ?? {}) },
        storeName: row.storeName,
        storePhone: row.lostModal?.phone_number ?? '',
        modules: row.modules,
      };
    },

    async savePolicy(storeId: string, policy: LeasePolicy) {
      await db
        .insert(leasePolicy)
        .values({ storeId, policy })
        .onConflictDoUpdate({ target: leasePolicy.storeId, set: { policy, dateUpdated: new Date() } });
    },

    async find(tx: Tx, scope: PlanScope, id: string) {
      const [row] = await joined(tx).where(and(eq(leasePlan.id, id), ...scoped(scope)));
      return row ?? null;
    },

    async findForDevice(scope: PlanScope, platform: 'ios' | 'android', deviceId: string) {
      const [row] = await joined(db).where(and(eq(leasePlan.platform, platform), eq(leasePlan.deviceId, deviceId), ...scoped(scope)));
      return row ?? null;
    },

    /** findByDeviceKey finds a live plan the caller may see by its phone's serial number or IMEI. */
    async findByDeviceKey(scope: PlanScope, serial: string, imei: string) {
      const key = serial || imei;
      const rows = await joined(db)
        .where(
          and(
            ...scoped(scope),
            serial
              ? or(eq(iosDevice.serialNumber, key), eq(androidDevice.serialNumber, key))
              : or(eq(iosDevice.imei1, key), eq(iosDevice.imei2, key), eq(androidDevice.imei1, key), eq(androidDevice.imei2, key)),
          ),
        )
        .limit(2);
      return rows.length === 1 ? rows[0] : null;
    },

    /** lockPlan takes the plan's row lock for the rest of the transaction (every change to a plan serialises on it). */
    async lockPlan(tx: Tx, id: string) {
      const [row] = await tx.select().from(leasePlan).where(eq(leasePlan.id, id)).for('update');
      return row ?? null;
    },

    async list(scope: PlanScope, q: LeasePlanListQuery) {
      const where = scoped(scope);
      if (q.status) where.push(eq(leasePlan.status, q.status));
      else if (q.collections === '1') where.push(inArray(leasePlan.status, ['due_soon', 'overdue', 'locked']));
      if (q.platform) where.push(eq(leasePlan.platform, q.platform));
      if (q.min_days_overdue) where.push(gte(leasePlan.daysOverdue, q.min_days_overdue));
      if (q.keyword) {
        const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        where.push(
          or(
            ilike(iosDevice.serialNumber, like),
            ilike(androidDevice.serialNumber, like),
            ilike(iosDevice.imei1, like),
            ilike(androidDevice.imei1, like),
            ilike(iosDevice.hirerName, like),
            ilike(androidDevice.hirerName, like),
            ilike(iosDevice.hirerPhoneNumber, like),
            ilike(androidDevice.hirerPhoneNumber, like),
          ) as SQL,
        );
      }
      const order =
        q.sort === 'amount_overdue'
          ? [desc(leasePlan.amountOverdueFen), desc(leasePlan.daysOverdue)]
          : q.sort === 'next_due_date'
            ? [asc(leasePlan.nextDueDate), desc(leasePlan.amountOverdueFen)]
            : [desc(leasePlan.daysOverdue), desc(leasePlan.amountOverdueFen)];
      const [rows, [{ n }]] = await Promise.all([
        joined(db)
          .where(and(...where))
          .orderBy(...order, desc(leasePlan.dateCreated), desc(leasePlan.id))
          .limit(q.page_size)
          .offset(q.page_num * q.page_size),
        db
          .select({ n: count() })
          .from(leasePlan)
          .leftJoin(iosDevice, and(eq(leasePlan.platform, 'ios'), eq(iosDevice.id, leasePlan.deviceId)))
          .leftJoin(androidDevice, and(eq(leasePlan.platform, 'android'), eq(androidDevice.id, leasePlan.deviceId)))
          .where(and(...where)),
      ]);
      return { rows, total: n };
    },

    async paidFen(tx: Tx, planId: string): Promise<number> {
      const [row] = await tx
        .select({ s: sum(leaseLedger.amountFen) })
        .from(leaseLedger)
        .where(eq(leaseLedger.planId, planId));
      return Number(row?.s ?? 0);
    },

    ledger: (planId: string) =>
      db
        .select({ row: leaseLedger, clerkName: clerk.name })
        .from(leaseLedger)
        .leftJoin(clerk, eq(clerk.id, leaseLedger.clerkId))
        .where(eq(leaseLedger.planId, planId))
        .orderBy(desc(leaseLedger.paidAt), desc(leaseLedger.dateCreated)),

    actions: (planId: string) => db.select().from(leaseAction).where(eq(leaseAction.planId, planId)).orderBy(desc(leaseAction.dateCreated)).limit(100),

    addContact: (tx: Tx, values: typeof leaseContact.$inferInsert) => tx.insert(leaseContact).values(values),

    /** summary: the store's collections at a glance (home). */
    async summary(storeId: string, monthStart: Date, weeksFrom: Date, timeZone: string) {
      const live = and(eq(leasePlan.storeId, storeId), isNull(leasePlan.cancelledAt));
      const [[figures], [month], weekly] = await Promise.all([
        db
          .select({
            overdueCount: sql<number>`count(*) filter (where ${leasePlan.status} in ('overdue', 'locked'))`.mapWith(Number),
            overdueFen: sql<number>`coalesce(sum(${leasePlan.amountOverdueFen}) filter (where ${leasePlan.status} in ('overdue', 'locked')), 0)`.mapWith(
              Number,
            ),
            lockedCount: sql<number>`count(*) filter (where ${leasePlan.status} = 'locked')`.mapWith(Number),
            dueSoonCount: sql<number>`count(*) filter (where ${leasePlan.status} = 'due_soon')`.mapWith(Number),
          })
          .from(leasePlan)
          .where(live),
        db
          .select({ s: sum(leaseLedger.amountFen) })
          .from(leaseLedger)
          .where(and(eq(leaseLedger.storeId, storeId), gte(leaseLedger.paidAt, monthStart))),
        db
          .select({
            week: sql<string>`to_char(date_trunc('week', ${leaseLedger.paidAt} at time zone ${timeZone}), 'YYYY-MM-DD')`,
            s: sum(leaseLedger.amountFen),
          })
          .from(leaseLedger)
          .where(and(eq(leaseLedger.storeId, storeId), gte(leaseLedger.paidAt, weeksFrom)))
          .groupBy(sql`1`),
      ]);
      return { figures, monthFen: Number(month?.s ?? 0), weekly: weekly.map((w) => ({ week: w.week, fen: Number(w.s ?? 0) })) };
    },

    /** plansToCheck claims (row-locks) plans whose next check has come; SKIP LOCKED lets every server process run the watch. */
    async plansToCheck(tx: Tx, now: Date, limit: number) {
      return tx
        .select()
        .from(leasePlan)
        .where(
          and(
            lt(leasePlan.nextCheckAt, sql`${now}::timestamptz + interval '1 millisecond'`),
            isNull(leasePlan.cancelledAt),
            sql`${leasePlan.status} <> 'paid_off'`,
          ),
        )
        .orderBy(asc(leasePlan.nextCheckAt))
        .limit(limit)
        .for('update', { skipLocked: true });
    },
  };
}
export type LeaseRepo = ReturnType<typeof createLeaseRepo>;

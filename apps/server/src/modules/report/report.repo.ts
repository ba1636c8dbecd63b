import { and, count, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ReportListQuery } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { clerk } from '../../domain/clerk.table.ts';
import type { SecretBox } from '../../secret-box.ts';
import { rcsRecord, report, reportLedger } from './report.table.ts';

/**
 * PersonalData seals hirers' id numbers and phones (PIPL) and hashes them with a key, so a list can be searched
 * by the exact value without opening every row (personal-data.ts makes one).
 */
export interface PersonalData extends SecretBox {
  hash(value: string): string;
}

export type ReportRow = typeof report.$inferSelect;
const DAY_MS = 86_400_000;

/** nameContains: a LIKE match of user text taken literally (%, _ and \ escaped). */
export const nameContains = (column: AnyPgColumn, text: string) => sql`${column} like ${`%${text.replace(/[%_\\]/g, '\\$&')}%`}`;

/** chinaDayStart: the instant a China-time calendar day (YYYY-MM-DD) begins. */
const chinaDayStart = (ymd: string) => new Date(`${ymd}T00:00:00+08:00`);

/** ReportRepo reads and writes reports, always within one store. */
export function createReportRepo(db: Db, pd: PersonalData) {
  return {
    async get(storeId: string, id: string) {
      const [row] = await db
        .select({ report, clerkName: clerk.name })
        .from(report)
        .leftJoin(clerk, eq(clerk.id, report.clerkId))
        .where(and(eq(report.storeId, storeId), eq(report.id, id)));
      return row;
    },

    async list(storeId: string, q: ReportListQuery) {
      const where = and(
        eq(report.storeId, storeId),
        q.name ? nameContains(report.name, q.name) : undefined,
        q.level ? eq(report.level, q.level) : undefined,
        q.status ? eq(report.status, q.status) : undefined,
        q.date_from ? gte(report.dateCreated, chinaDayStart(q.date_from)) : undefined,
        q.date_to ? lt(report.dateCreated, new Date(chinaDayStart(q.date_to).getTime() + DAY_MS)) : undefined,
        q.id_card ? eq(report.idCardHash, pd.hash(q.id_card)) : undefined,
        q.phone_number ? eq(report.phoneHash, pd.hash(q.phone_number)) : undefined,
      );
      const [rows, [{ n }]] = await Promise.all([
        db
          .select({ report, clerkName: clerk.name })
          .from(report)
          .leftJoin(clerk, eq(clerk.id, report.clerkId))
          .where(where)
          .orderBy(desc(report.dateCreated), desc(report.id))
          .limit(q.page_size)
          .offset(q.page_num * q.page_size),
        db.select({ n: count() }).from(report).where(where),
      ]);
      return { rows, total: n };
    },

    /** abnormal: refunded report charges, newest first (reports deleted by retention drop out). */
    async abnormal(storeId: string, page: { page_num: number; page_size: number }) {
      const where = and(eq(reportLedger.storeId, storeId), eq(reportLedger.kind, 'refund'), isNotNull(reportLedger.reportId));
      const [rows, [{ n }]] = await Promise.all([
        db
          .select({ ledger: reportLedger, report })
          .from(reportLedger)
          .innerJoin(report, eq(report.id, reportLedger.reportId))
          .where(where)
          .orderBy(desc(reportLedger.dateCreated), desc(reportLedger.id))
          .limit(page.page_size)
          .offset(page.page_num * page.page_size),
        db.select({ n: count() }).from(reportLedger).innerJoin(report, eq(report.id, reportLedger.reportId)).where(where),
      ]);
      return { rows, total: n };
    },

    /** finishedByPhone: the newest finished reports about a hirer phone in the store, newest first (the device pages' risk level). */
    async finishedByPhone(storeId: string, phone: string, limit = 20) {
      return db
        .select()
        .from(report)
        .where(and(eq(report.storeId, storeId), eq(report.phoneHash, pd.hash(phone)), eq(report.status, 'success')))
        .orderBy(desc(report.dateCreated))
        .limit(limit);
    },

    /** overview: this month's reports by level and status, and the refunds of the last 30 days. */
    async overview(storeId: string, monthStart: Date, since: Date) {
      const groups = await db
        .select({ level: report.level, status: report.status, n: count() })
        .from(report)
        .where(and(eq(report.storeId, storeId), gte(report.dateCreated, monthStart)))
        .groupBy(report.level, report.status);
      const [{ n: abnormal }] = await db
        .select({ n: count() })
        .from(reportLedger)
        .where(and(eq(reportLedger.storeId, storeId), eq(reportLedger.kind, 'refund'), isNotNull(reportLedger.reportId), gte(reportLedger.dateCreated, since)));
      return { groups, abnormal };
    },

    /** deleteOlderThan: the retention job's statements (reports and RCS records); the ledger keeps the money rows. */
    async deleteOlderThan(before: Date) {
      const rows = await db.delete(report).where(lt(report.dateCreated, before)).returning({ id: report.id });
      const rcs = await db.delete(rcsRecord).where(lt(rcsRecord.dateCreated, before)).returning({ id: rcsRecord.id });
      return rows.length + rcs.length;
    },
  };
}
export type ReportRepo = ReturnType<typeof createReportRepo>;

import { type SQL, gte, lt } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

const DAY_MS = 86_400_000;

/** chinaDayStart: midnight of an 8-digit day (20260101) in China time, where the stores are. */
export const chinaDayStart = (yyyymmdd: string) => new Date(`${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}T00:00:00+08:00`);

/** dayRangeFilter: conditions for a log page's date range; the end day is included whole. */
export function dayRangeFilter(column: PgColumn, range: { start_date?: string; end_date?: string }): SQL[] {
  const where: SQL[] = [];
  if (range.start_date) where.push(gte(column, chinaDayStart(range.start_date)));
  if (range.end_date) where.push(lt(column, new Date(chinaDayStart(range.end_date).getTime() + DAY_MS)));
  return where;
}

import { type SQL, count } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** Page is a list's paging (spec §5): page_num counts from 0. */
export interface Page {
  page_num: number;
  page_size: number;
}

/**
 * paged reads one page of an ordered select (made `$dynamic()`) and, alongside it, the count of `total`'s rows:
 * the `{ rows, total }` of every console list. The count reads the table alone, without the page's joins.
 */
export async function paged<Q extends PgSelect>(db: Db, page: Page, rows: Q, total: { from: PgTable; where: SQL | undefined }) {
  const [list, [{ n }]] = await Promise.all([
    rows.limit(page.page_size).offset(page.page_num * page.page_size) as Q,
    db.select({ n: count() }).from(total.from).where(total.where),
  ]);
  return { rows: list as Awaited<Q>, total: n };
}

import { LEASE_PLAN_STATUSES, leasePlanListQuery, type LeasePlanListQuery, type LeasePlanStatus } from '@lease/shared';
import { createUrlQuery } from '../../../lib/urlQuery.ts';

/** The two views of the plans list: 催收 (due soon, overdue, locked; Fa4) and 全部计划 (any status; Fa1). */
export type LeaseListMode = 'collections' | 'all';

export const COLLECTION_STATUSES: readonly LeasePlanStatus[] = ['due_soon', 'overdue', 'locked'];

/**
 * The plans list's view in the URL (status, platform, keyword, days overdue, sort, page), through the schema the
 * server checks. `collections` is the page's own, never from the URL; sort is kept when the filters are reset.
 */
export const leaseSearch = createUrlQuery<LeasePlanListQuery>(leasePlanListQuery, {
  filterKeys: ['status', 'platform', 'keyword', 'min_days_overdue'],
  excludeKeys: ['collections'],
});

/** statusesOf are the statuses a view may filter by. */
export const statusesOf = (mode: LeaseListMode): readonly LeasePlanStatus[] => (mode === 'collections' ? COLLECTION_STATUSES : LEASE_PLAN_STATUSES);

/**
 * listRequest is what a view asks the server: the collections view always with collections=1, and a status it
 * cannot hold (a link from the other view) left out rather than answered with an empty list.
 */
export function listRequest(mode: LeaseListMode, query: LeasePlanListQuery): LeasePlanListQuery {
  if (mode === 'all') return { ...query, collections: undefined };
  const status = query.status && COLLECTION_STATUSES.includes(query.status) ? query.status : undefined;
  return { ...query, status, collections: '1' };
}

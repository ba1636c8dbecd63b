import { rcsListQuery, type RcsListQuery, type RcsRecord } from '@lease/shared';
import { createUrlQuery } from '../../../lib/urlQuery.ts';

/** The RCS list's view in the URL (name, page). */
export const rcsSearch = createUrlQuery<RcsListQuery>(rcsListQuery, { filterKeys: ['name'] });

/** Orders the hirer may still authorise: the list keeps asking for a day, then waits for the clerk. */
const WATCH_MS = 24 * 3_600_000;

/** awaitingHirer: an order younger than a day still missing a channel's report. */
export const awaitingHirer = (r: RcsRecord, now = Date.now()) =>
  (!r.last_wechat_report || !r.last_alipay_report) && now - Date.parse(r.date_created) < WATCH_MS;

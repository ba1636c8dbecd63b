import { reportListQuery, type ReportListQuery } from '@lease/shared';
import { createUrlQuery } from '../../../lib/urlQuery.ts';

/**
 * The report list's view in the URL (name, status, date range, phone, page), through the schema the server
 * checks. The level is the page's own (基础版 / 进阶版 in the menu), so it never comes from the URL.
 */
export const reportSearch = createUrlQuery<ReportListQuery>(reportListQuery, {
  filterKeys: ['name', 'status', 'date_from', 'date_to', 'phone_number', 'id_card'],
  excludeKeys: ['level'],
});

import { deviceOverviewQuery, homeClerksQuery, reportOverviewQuery, superviseOverviewQuery } from '../../api/home.ts';
import { queryClient } from '../../app/queryClient.ts';

/** prefetchHome asks for the four figures HomePage reads, under the same keys. */
export function prefetchHome() {
  return Promise.all([
    queryClient.prefetchQuery(deviceOverviewQuery),
    queryClient.prefetchQuery(superviseOverviewQuery),
    queryClient.prefetchQuery(reportOverviewQuery),
    queryClient.prefetchQuery(homeClerksQuery),
  ]);
}

import { iosDeviceListQuery } from '../../../../api/iosDevice.ts';
import { queryClient } from '../../../../app/queryClient.ts';
import { iosListSearch } from './listSearch.ts';

/** prefetchIosList asks for the page of the list the URL names, under the key IosListPage reads it by. */
export function prefetchIosList(url: URL) {
  return queryClient.prefetchQuery(iosDeviceListQuery('list', iosListSearch.parse(url.searchParams)));
}

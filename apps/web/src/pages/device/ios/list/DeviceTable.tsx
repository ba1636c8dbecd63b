import type { IosDeviceListItem, IosListQuery } from '@lease/shared';
import type { ReactNode } from 'react';
import { DeviceListTable } from '../../../../components/DeviceListTable.tsx';
import { deviceColumns } from './deviceColumns.tsx';
import { DEFAULT_LIST_QUERY } from './listSearch.ts';

interface DeviceTableProps {
  query: IosListQuery;
  onQueryChange: (next: IosListQuery) => void;
  rows: IosDeviceListItem[] | undefined;
  total: number;
  loading: boolean;
  actions: (device: IosDeviceListItem) => ReactNode;
  compact?: boolean;
  empty?: ReactNode;
  selection?: { keys: string[]; onChange: (keys: string[]) => void };
}

/** DeviceTable is an Apple device list whose page and sort live in the URL's query. */
export function DeviceTable({ query, actions, compact, ...rest }: DeviceTableProps) {
  return (
    <DeviceListTable<IosDeviceListItem, IosListQuery>
      {...rest}
      query={query}
      defaultSort={{ sort_index: DEFAULT_LIST_QUERY.sort_index, sort_direction: DEFAULT_LIST_QUERY.sort_direction }}
      columns={deviceColumns({ query, actions, compact })}
      // The columns fit a 1366 px screen beside the menu; narrower windows scroll sideways.
      scrollX={1040}
    />
  );
}

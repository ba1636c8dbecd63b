import type { IosDeviceListItem, IosListQuery } from '@lease/shared';
import { Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { tablePagination } from '../../../../components/pagination.ts';
import { deviceColumns } from './deviceColumns.tsx';
import { DEFAULT_LIST_QUERY } from './listSearch.ts';

const SORTABLE = new Set<string>(['registration_time', 'last_active_time']);

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
export function DeviceTable({ query, onQueryChange, rows, total, loading, actions, compact, empty, selection }: DeviceTableProps) {
  const onChange: TableProps<IosDeviceListItem>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = String(s?.columnKey ?? '');
    const sort =
      s?.order && SORTABLE.has(key)
        ? { sort_index: key as IosListQuery['sort_index'], sort_direction: s.order }
        : { sort_index: DEFAULT_LIST_QUERY.sort_index, sort_direction: DEFAULT_LIST_QUERY.sort_direction };
    onQueryChange({ ...query, ...sort, page_num: 0 });
  };

  return (
    <Table<IosDeviceListItem>
      rowKey="id"
      size="middle"
      columns={deviceColumns({ query, actions, compact })}
      dataSource={rows}
      loading={loading}
      onChange={onChange}
      // The columns fit a 1366 px screen beside the menu; narrower windows scroll sideways.
      scroll={{ x: 1040 }}
      locale={empty ? { emptyText: empty } : undefined}
      rowSelection={
        selection && {
          selectedRowKeys: selection.keys,
          onChange: (keys) => selection.onChange(keys.map(String)),
          preserveSelectedRowKeys: true,
        }
      }
      pagination={tablePagination({
        pageNum: query.page_num,
        pageSize: query.page_size,
        total,
        onChange: (pageNum, pageSize) => onQueryChange({ ...query, page_num: pageNum, page_size: pageSize }),
      })}
    />
  );
}

import type { TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useAfterPaint } from '../lib/useAfterPaint.ts';
import { useIsPhone } from '../lib/useIsPhone.ts';
import { DeviceCardList } from './DeviceCardList.tsx';
import { lazyPart } from './lazyPart.tsx';
import type { WideTableProps } from './WideDeviceTable.tsx';

const TABLE_PLACEHOLDER = <div aria-busy="true" style={{ minHeight: 240 }} />;
const loadWideTable = () => import('./WideDeviceTable.tsx').then((m) => m.WideDeviceTable);
const WideTable = lazyPart(loadWideTable, TABLE_PLACEHOLDER);

/** The paging and sort fields every device list query shares (Apple and Android). */
export interface SortedListQuery {
  page_num: number;
  page_size: number;
  sort_index: 'registration_time' | 'last_active_time';
  sort_direction: 'ascend' | 'descend';
}

const SORTABLE = new Set<string>(['registration_time', 'last_active_time']);

interface DeviceListTableProps<T, Q extends SortedListQuery> {
  query: Q;
  onQueryChange: (next: Q) => void;
  /** The view without sort: clearing a column's sort goes back to it. */
  defaultSort: Pick<SortedListQuery, 'sort_index' | 'sort_direction'>;
  columns: NonNullable<TableProps<T>['columns']>;
  rows: T[] | undefined;
  total: number;
  loading: boolean;
  empty?: ReactNode;
  selection?: { keys: string[]; onChange: (keys: string[]) => void };
  /** Width the columns need; narrower windows scroll sideways. */
  scrollX?: number;
}

/**
 * DeviceListTable is a device list whose page and sort live in the URL's query: sorting a time column
 * or turning a page writes a new query, which the page keeps in the URL.
 */
export function DeviceListTable<T extends { id: string }, Q extends SortedListQuery>(props: DeviceListTableProps<T, Q>) {
  const { query, onQueryChange, defaultSort, selection } = props;
  const phone = useIsPhone();
  const paging = {
    pageNum: query.page_num,
    pageSize: query.page_size,
    total: props.total,
    onChange: (pageNum: number, pageSize: number) => onQueryChange({ ...query, page_num: pageNum, page_size: pageSize }),
  };
  const onSort = (columnKey: string, order: SortedListQuery['sort_direction'] | undefined) => {
    const sort = order && SORTABLE.has(columnKey) ? { sort_index: columnKey as SortedListQuery['sort_index'], sort_direction: order } : defaultSort;
    onQueryChange({ ...query, ...sort, page_num: 0 });
  };

  // The table mounts a frame after the page around it: measuring its columns lays the page out, which made the
  // list's first render one long task; now the header, actions and filters paint first, in a task of their own.
  const painted = useAfterPaint();

  // A phone gets cards instead of a table that would need sideways scrolling, and never loads the table's code.
  if (phone) return <DeviceCardList<T> columns={props.columns} rows={props.rows} loading={props.loading} empty={props.empty} paging={paging} />;
  // On a wide screen the table's code is fetched while the page around it paints (once: the import is cached; a
  // failed fetch is WideTable's to handle, with the chunk reload of lazyPart).
  loadWideTable().catch(() => {});
  if (!painted) return TABLE_PLACEHOLDER;
  return (
    <WideTable
      columns={props.columns as WideTableProps['columns']}
      rows={props.rows as WideTableProps['rows']}
      loading={props.loading}
      onSort={onSort}
      scrollX={props.scrollX ?? 1040}
      empty={props.empty}
      selection={selection}
      paging={paging}
    />
  );
}

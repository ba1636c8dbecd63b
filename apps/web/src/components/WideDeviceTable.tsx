import { Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { tablePagination } from './pagination.ts';

type Row = { id: string };

export interface WideTableProps {
  columns: NonNullable<TableProps<Row>['columns']>;
  rows: Row[] | undefined;
  loading: boolean;
  /** A column's sort was set or cleared (`order` undefined). */
  onSort: (columnKey: string, order: 'ascend' | 'descend' | undefined) => void;
  scrollX: number;
  empty?: ReactNode;
  selection?: { keys: string[]; onChange: (keys: string[]) => void };
  paging: Parameters<typeof tablePagination>[0];
}

/**
 * WideDeviceTable is DeviceListTable on a screen wide enough for columns: antd's Table, in a module of its own so a
 * phone, which shows cards, never downloads it.
 */
export function WideDeviceTable({ columns, rows, loading, onSort, scrollX, empty, selection, paging }: WideTableProps) {
  const onChange: TableProps<Row>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    onSort(String(s?.columnKey ?? ''), s?.order ?? undefined);
  };
  return (
    <Table<Row>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      onChange={onChange}
      scroll={{ x: scrollX }}
      locale={empty ? { emptyText: empty } : undefined}
      rowSelection={
        selection && {
          selectedRowKeys: selection.keys,
          onChange: (keys) => selection.onChange(keys.map(String)),
          preserveSelectedRowKeys: true,
        }
      }
      pagination={tablePagination(paging)}
    />
  );
}

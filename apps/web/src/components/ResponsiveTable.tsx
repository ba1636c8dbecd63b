import { Empty, Table, type TableColumnType, type TableProps } from 'antd';
import type { Key, ReactNode } from 'react';
import { useIsPhone } from '../lib/useIsPhone.ts';
import { CardList, type CardShape } from './CardList.tsx';

export interface ResponsiveTableProps<T> extends Omit<TableProps<T>, 'columns'> {
  columns: TableColumnType<T>[];
  /** How a row reads as a card on a phone. */
  card?: CardShape;
  /** The phone list's accessible name. */
  label: string;
}

/** rowKeyOf turns a table's rowKey (a field name or a function) into a function of the row. */
export function rowKeyOf<T>(rowKey: TableProps<T>['rowKey']): (row: T, index: number) => Key {
  if (typeof rowKey === 'function') return (row, index) => rowKey(row, index);
  const field = rowKey ?? 'key';
  return (row) => (row as Record<string, Key>)[field];
}

/**
 * ResponsiveTable is a table on a desktop and cards on a phone (CardList), from one set of columns, rows and
 * pager: a phone never gets a table whose columns squeeze text to a few characters a line.
 */
export function ResponsiveTable<T extends object>({ card, label, ...table }: ResponsiveTableProps<T>) {
  const phone = useIsPhone();
  if (!phone) return <Table<T> {...table} />;
  const emptyText = typeof table.locale?.emptyText === 'function' ? table.locale.emptyText() : table.locale?.emptyText;
  return (
    <CardList<T>
      columns={table.columns}
      rows={table.dataSource}
      rowKey={rowKeyOf(table.rowKey)}
      loading={typeof table.loading === 'object' ? table.loading.spinning : table.loading}
      // A plain sentence is drawn as the table draws it: under the empty-box picture.
      empty={typeof emptyText === 'string' ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> : (emptyText as ReactNode)}
      pagination={table.pagination}
      shape={card}
      label={label}
    />
  );
}

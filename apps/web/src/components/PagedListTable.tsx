import { List, Table, type TableColumnsType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useIsPhone } from '../lib/useIsPhone.ts';
import { tablePagination } from './pagination.ts';

interface PagedListTableProps<T> {
  /** One page of rows as the API returns it, with the count of all. */
  data: { list: T[]; total: number } | undefined;
  loading: boolean;
  /** Which page is shown, zero-based as the API counts. */
  query: { page_num: number; page_size: number };
  onPageChange: (pageNum: number, pageSize: number) => void;
  emptyText: string;
  /** The desktop table's columns. */
  columns: TableColumnsType<T>;
  scroll?: TableProps<T>['scroll'];
  /** A row as a phone's list item: its title line and what stands under it. */
  item: (row: T) => { title: ReactNode; description: ReactNode };
}

/**
 * PagedListTable is one server-paged list: a table on a desktop, a list with the simple pager on a phone,
 * both on the same page of the same rows.
 */
export function PagedListTable<T extends { id: string | number }>({
  data,
  loading,
  query,
  onPageChange,
  emptyText,
  columns,
  scroll,
  item,
}: PagedListTableProps<T>) {
  const phone = useIsPhone();
  const rows = data?.list ?? [];
  const pagination = tablePagination({ pageNum: query.page_num, pageSize: query.page_size, total: data?.total ?? 0, onChange: onPageChange });
  if (phone)
    return (
      <List
        loading={loading}
        dataSource={rows}
        locale={{ emptyText }}
        pagination={{
          current: pagination.current,
          pageSize: pagination.pageSize,
          total: pagination.total,
          onChange: pagination.onChange,
          simple: true,
          align: 'center',
        }}
        renderItem={(r) => (
          <List.Item>
            <List.Item.Meta {...item(r)} />
          </List.Item>
        )}
      />
    );
  return (
    <Table rowKey="id" size="middle" columns={columns} dataSource={rows} loading={loading} pagination={pagination} locale={{ emptyText }} scroll={scroll} />
  );
}

import { Card, Empty, Flex, Pagination, Spin, Table, type TableColumnType, type TableColumnsType } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import type { ReactNode } from 'react';
import { tablePagination } from '../../../components/pagination.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';

interface Paging {
  page_num: number;
  page_size: number;
}

interface Props<Row, Query extends Paging> {
  columns: TableColumnsType<Row>;
  data?: { list: Row[]; total: number };
  loading: boolean;
  emptyText: string;
  query: Query;
  onQueryChange: (query: Query) => void;
  /** The phone list's accessible name. */
  label?: string;
}

/** cellOf renders one column of a row as the table would. */
function cellOf<Row>(column: TableColumnType<Row>, row: Row, index: number): ReactNode {
  const field = 'dataIndex' in column && typeof column.dataIndex === 'string' ? (row as Record<string, unknown>)[column.dataIndex] : undefined;
  if (column.render) return column.render(field, row, index) as ReactNode;
  return field === undefined || field === null || field === '' ? '—' : String(field);
}

/** LogCards is a log page on a phone: one card per entry, each column a labelled line (no sideways scroll). */
function LogCards<Row extends { id: string | number }>({ columns, rows, label }: { columns: TableColumnsType<Row>; rows: Row[]; label: string }) {
  const cols = columns as TableColumnType<Row>[];
  return (
    <Flex vertical gap={8} role="list" aria-label={label}>
      {rows.map((row, i) => (
        <Card key={row.id} size="small" role="listitem" styles={{ body: { padding: '8px 12px' } }}>
          {cols.map((c) => (
            <Flex key={String(c.key ?? c.dataIndex)} gap={8} style={{ padding: '2px 0' }}>
              <Typography.Text type="secondary" style={{ flex: '0 0 5.5em' }}>
                {c.title as ReactNode}
              </Typography.Text>
              <div style={{ minWidth: 0, flex: 1, wordBreak: 'break-all' }}>{cellOf(c, row, i)}</div>
            </Flex>
          ))}
        </Card>
      ))}
    </Flex>
  );
}

/** LogTable is the paged table of the security log pages (cards on a phone); the page keeps its paging in the URL query. */
export function LogTable<Row extends { id: string | number }, Query extends Paging>({
  columns,
  data,
  loading,
  emptyText,
  query,
  onQueryChange,
  label = '日志',
}: Props<Row, Query>) {
  const phone = useIsPhone();
  const pagination = tablePagination({
    pageNum: query.page_num,
    pageSize: query.page_size,
    total: data?.total ?? 0,
    onChange: (page_num, page_size) => onQueryChange({ ...query, page_num, page_size }),
  });
  if (phone) {
    const rows = data?.list ?? [];
    return (
      <Spin spinning={loading}>
        <Flex vertical gap={12}>
          {rows.length === 0 ? <Empty description={emptyText} /> : <LogCards columns={columns} rows={rows} label={label} />}
          {(data?.total ?? 0) > query.page_size && <Pagination {...pagination} simple align="center" />}
        </Flex>
      </Spin>
    );
  }
  return (
    <Table<Row>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={data?.list}
      loading={loading}
      locale={{ emptyText }}
      scroll={{ x: 900 }}
      pagination={pagination}
    />
  );
}

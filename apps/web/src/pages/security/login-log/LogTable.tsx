import { Table, type TableColumnsType } from 'antd';
import { tablePagination } from '../../../components/pagination.ts';

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
}

/** LogTable is the paged table of the security log pages; the page keeps its paging in the URL query. */
export function LogTable<Row extends { id: string | number }, Query extends Paging>({
  columns,
  data,
  loading,
  emptyText,
  query,
  onQueryChange,
}: Props<Row, Query>) {
  return (
    <Table<Row>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={data?.list}
      loading={loading}
      locale={{ emptyText }}
      scroll={{ x: 900 }}
      pagination={tablePagination({
        pageNum: query.page_num,
        pageSize: query.page_size,
        total: data?.total ?? 0,
        onChange: (page_num, page_size) => onQueryChange({ ...query, page_num, page_size }),
      })}
    />
  );
}

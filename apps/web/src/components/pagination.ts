import type { TablePaginationConfig } from 'antd';

export const PAGE_SIZE_OPTIONS = [10, 20, 50];

/** showTotal is spec §9's '共 {0} 条'; antd's zh_CN locale supplies '条/页' for the size changer. */
export const showTotal = (total: number) => `共 ${total} 条`;

interface PagingArgs {
  /** Zero-based, as the API counts pages. */
  pageNum: number;
  pageSize: number;
  total: number;
  onChange: (pageNum: number, pageSize: number) => void;
}

/**
 * tablePagination maps the API's zero-based paging onto antd's one-based pager; changing the page size
 * goes back to the first page.
 */
export function tablePagination({ pageNum, pageSize, total, onChange }: PagingArgs): TablePaginationConfig {
  return {
    current: pageNum + 1,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    showTotal,
    onChange: (page, size) => onChange(size === pageSize ? page - 1 : 0, size),
  };
}

import { Empty, Spin, theme, type TableColumnType, type TablePaginationConfig } from 'antd';
import type { Key, ReactNode } from 'react';
import { CardPager } from './CardPager.tsx';

/** CardShape says how a table row reads as a phone's card: the column keys of its title and footer, and its facts. */
export interface CardShape {
  /** The column drawn as the card's title. */
  title?: string;
  /** The column drawn as the card's footer (the row's buttons). */
  actions?: string;
  /** The columns drawn as label-value facts, in this order; every other column by default. */
  facts?: string[];
}

/** columnKey is how a card finds a column: its key, else its dataIndex. */
export const columnKey = <T,>(column: TableColumnType<T>) => String(column.key ?? column.dataIndex);

const cellOf = <T,>(column: TableColumnType<T>, row: T, index: number): ReactNode => {
  const value = column.dataIndex ? (row as Record<string, unknown>)[String(column.dataIndex)] : undefined;
  return column.render ? (column.render(value, row, index) as ReactNode) : (value as ReactNode);
};

/** cardParts splits a table's columns into a card's title, facts and footer. */
export function cardParts<T>(columns: readonly TableColumnType<T>[], shape: CardShape = {}) {
  const byKey = new Map(columns.map((c) => [columnKey(c), c]));
  const title = shape.title ? byKey.get(shape.title) : undefined;
  const actions = shape.actions ? byKey.get(shape.actions) : undefined;
  const facts = shape.facts ? shape.facts.flatMap((k) => (byKey.has(k) ? [byKey.get(k)!] : [])) : columns.filter((c) => c !== title && c !== actions);
  return { title, actions, facts };
}

export interface Fact {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

/**
 * FactList is label-value pairs for a phone: a short value sits beside its label, a long one drops to its own
 * full-width line (flex wrap) instead of wrapping a few characters a line in a narrow column.
 */
export function FactList({ facts }: { facts: Fact[] }) {
  const { token } = theme.useToken();
  return (
    <dl style={{ display: 'flex', flexDirection: 'column', gap: 6, margin: 0 }}>
      {facts.map((f) => (
        <div key={f.key} style={{ display: 'flex', flexWrap: 'wrap', columnGap: 8 }}>
          <dt style={{ flex: '0 0 auto', minWidth: 72, color: token.colorTextSecondary }}>{f.label}</dt>
          <dd style={{ flex: '1 1 auto', margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface CardListProps<T> {
  /** The desktop table's columns: both views show the same facts and offer the same commands. */
  columns: readonly TableColumnType<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T, index: number) => Key;
  loading?: boolean;
  empty?: ReactNode;
  /** The table's pager, drawn simple under the cards; false for none. */
  pagination?: TablePaginationConfig | false;
  shape?: CardShape;
  /** The list's accessible name. */
  label: string;
  /** Drawn before the title (a tick box for batch actions). */
  lead?: (row: T) => ReactNode;
  /** A data attribute set on each card, for tests that find rows and cards alike. */
  marker?: string;
}

/** CardList is a table's rows on a phone: one card per row, built from the same columns as the table. */
export function CardList<T>({ columns, rows, rowKey, loading = false, empty, pagination, shape, label, lead, marker = 'data-card' }: CardListProps<T>) {
  const { token } = theme.useToken();
  const { title, actions, facts } = cardParts(columns, shape);
  return (
    <Spin spinning={loading}>
      <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
        {rows?.length === 0 && <li>{empty === undefined ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> : empty}</li>}
        {rows?.map((row, i) => {
          const footer = actions ? cellOf(actions, row, i) : null;
          return (
            <li
              key={rowKey(row, i)}
              {...{ [marker]: '' }}
              style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, padding: 12 }}
            >
              {(title || lead) && (
                <div style={{ marginBottom: 8, display: 'flex', gap: 8, alignItems: 'flex-start' }}>
                  {lead?.(row)}
                  {title && <div style={{ minWidth: 0 }}>{cellOf(title, row, i)}</div>}
                </div>
              )}
              <FactList facts={facts.map((c) => ({ key: columnKey(c), label: c.title as ReactNode, value: cellOf(c, row, i) }))} />
              {footer != null && footer !== false && (
                <div style={{ marginTop: 8, paddingTop: 8, borderTop: `1px solid ${token.colorBorderSecondary}`, display: 'flex', justifyContent: 'flex-end' }}>
                  {footer}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {pagination && (pagination.total ?? 0) > 0 && (
        <CardPager
          current={pagination.current ?? 1}
          pageSize={pagination.pageSize ?? 10}
          total={pagination.total ?? 0}
          showTotal={pagination.showTotal}
          onChange={pagination.onChange}
        />
      )}
    </Spin>
  );
}

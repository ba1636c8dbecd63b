import { Checkbox, Pagination, Spin, theme, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { tablePagination } from './pagination.ts';

/** The columns a phone's card shows under the device: who has it, its state, when it was last seen. */
export const CARD_KEYS = ['hirer', 'clerk', 'status', 'last_active_time'];

interface DeviceCardListProps<T> {
  columns: TableColumnType<T>[];
  rows: T[] | undefined;
  loading: boolean;
  empty?: ReactNode;
  paging: Parameters<typeof tablePagination>[0];
  /** The columns shown as the card's facts (CARD_KEYS for a device list). */
  cardKeys?: string[];
  /** Ticked rows, for lists with batch actions: a box beside each card's title. */
  selection?: { keys: string[]; onChange: (keys: string[]) => void };
  label?: string;
}

const cellOf = <T,>(column: TableColumnType<T>, row: T, index: number): ReactNode => {
  const value = column.dataIndex ? (row as Record<string, unknown>)[String(column.dataIndex)] : undefined;
  return column.render ? (column.render(value, row, index) as ReactNode) : (value as ReactNode);
};

/**
 * DeviceCardList is a device list on a phone: one card per device, built from the same columns as the
 * desktop table (the `device` column as its title, the `actions` column as its footer), so both views
 * always show the same facts and offer the same commands.
 */
export function DeviceCardList<T extends { id: string }>({
  columns,
  rows,
  loading,
  empty,
  paging,
  cardKeys = CARD_KEYS,
  selection,
  label = '设备列表',
}: DeviceCardListProps<T>) {
  const { token } = theme.useToken();
  const byKey = new Map(columns.map((c) => [String(c.key), c]));
  const title = byKey.get('device');
  const actions = byKey.get('actions');
  const facts = cardKeys.flatMap((k) => (byKey.has(k) ? [byKey.get(k)!] : []));
  const pager = tablePagination(paging);
  return (
    <Spin spinning={loading}>
      <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
        {rows?.length === 0 && <li>{empty}</li>}
        {rows?.map((row, i) => (
          <li key={row.id} data-device-card="" style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, padding: 12 }}>
            {title && (
              <div style={{ marginBottom: 8, display: 'flex', gap: 8, alignItems: 'flex-start' }}>
                {selection && (
                  <Checkbox
                    aria-label="选择"
                    checked={selection.keys.includes(row.id)}
                    onChange={(e) => selection.onChange(e.target.checked ? [...selection.keys, row.id] : selection.keys.filter((k) => k !== row.id))}
                  />
                )}
                <div style={{ minWidth: 0 }}>{cellOf(title, row, i)}</div>
              </div>
            )}
            <dl style={{ display: 'grid', gridTemplateColumns: '72px 1fr', gap: '6px 8px', margin: 0 }}>
              {facts.map((c) => (
                <div key={String(c.key)} style={{ display: 'contents' }}>
                  <dt style={{ color: token.colorTextSecondary }}>{c.title as ReactNode}</dt>
                  <dd style={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>{cellOf(c, row, i)}</dd>
                </div>
              ))}
            </dl>
            {actions && (
              <div style={{ marginTop: 8, paddingTop: 8, borderTop: `1px solid ${token.colorBorderSecondary}`, display: 'flex', justifyContent: 'flex-end' }}>
                {cellOf(actions, row, i)}
              </div>
            )}
          </li>
        ))}
      </ul>
      <Pagination
        simple
        style={{ marginTop: 16, justifyContent: 'center' }}
        current={pager.current}
        pageSize={pager.pageSize}
        total={pager.total}
        showTotal={pager.showTotal}
        onChange={pager.onChange}
      />
    </Spin>
  );
}

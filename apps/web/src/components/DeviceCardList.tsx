import { Checkbox, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { CardList } from './CardList.tsx';
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
  return (
    <CardList<T>
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      loading={loading}
      // A device list's empty state is its page's to say (it knows about the filters).
      empty={empty ?? null}
      pagination={tablePagination(paging)}
      shape={{ title: 'device', actions: 'actions', facts: cardKeys }}
      label={label}
      marker="data-device-card"
      lead={
        selection &&
        ((row) => (
          <Checkbox
            aria-label="选择"
            checked={selection.keys.includes(row.id)}
            onChange={(e) => selection.onChange(e.target.checked ? [...selection.keys, row.id] : selection.keys.filter((k) => k !== row.id))}
          />
        ))
      }
    />
  );
}

import { Flex } from 'antd';
import { Hint } from './hint/Hint.tsx';
import { Typography } from './typography/Typography.tsx';
import type { ColumnType } from 'antd/es/table';
import type { SortOrder } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { CHINA_TIME_LABEL, formatDateTime, fromNow } from '../lib/time.ts';
import type { SortedListQuery } from './DeviceListTable.tsx';

/** Battery shows a level of 0-1 as a percentage, red at 20 % or less. */
export function Battery({ level }: { level: number | null }) {
  if (level === null) return <Typography.Text type="secondary">—</Typography.Text>;
  const pct = Math.round(level * 100);
  return <Typography.Text type={pct <= 20 ? 'danger' : undefined}>{pct}%</Typography.Text>;
}

/** TwoLines is a cell's main value with a smaller grey line under it. */
export function TwoLines({ first, second }: { first: ReactNode; second?: ReactNode }) {
  return (
    <Flex vertical>
      <span>{first}</span>
      {second && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {second}
        </Typography.Text>
      )}
    </Flex>
  );
}

const orderOf = (query: SortedListQuery, key: SortedListQuery['sort_index']): SortOrder => (query.sort_index === key ? query.sort_direction : null);

/** timeColumns are the 最后在线 and 登记时间 columns every device list has; both sort through the URL's query. */
export function timeColumns<T extends { last_active_time: string | null; registration_time: string }>(query: SortedListQuery): ColumnType<T>[] {
  return [
    {
      title: '最后在线',
      key: 'last_active_time',
      width: 100,
      sorter: true,
      sortDirections: ['descend', 'ascend'],
      sortOrder: orderOf(query, 'last_active_time'),
      render: (_, d) => (
        <Hint title={formatDateTime(d.last_active_time)}>
          <span>{fromNow(d.last_active_time)}</span>
        </Hint>
      ),
    },
    {
      // The list's one zone label: its times (this column and 最后在线's tooltip) are China time.
      title: <TwoLines first="登记时间" second={CHINA_TIME_LABEL} />,
      key: 'registration_time',
      width: 100,
      sorter: true,
      sortDirections: ['descend', 'ascend'],
      sortOrder: orderOf(query, 'registration_time'),
      render: (_, d) => {
        const [date, time] = formatDateTime(d.registration_time).split(' ');
        return <TwoLines first={date} second={time} />;
      },
    },
  ];
}

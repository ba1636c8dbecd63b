import type { IosDeviceListItem, IosListQuery } from '@lease/shared';
import { Flex, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime, fromNow } from '../../../../lib/time.ts';
import { HirerCell } from '../components/HirerCell.tsx';
import { DeviceStatus, SimulatedTag } from '../components/StatusTags.tsx';

export const detailPath = (id: string) => `/console/device/ios/${id}`;

/** deviceName is what a row calls the phone before it has reported its model. */
export const deviceName = (d: Pick<IosDeviceListItem, 'model_name'>) => d.model_name || '待激活 iPhone';

const orderOf = (query: IosListQuery, key: IosListQuery['sort_index']): SortOrder =>
  query.sort_index === key ? query.sort_direction : null;

function Battery({ level }: { level: number | null }) {
  if (level === null) return <Typography.Text type="secondary">—</Typography.Text>;
  const pct = Math.round(level * 100);
  return <Typography.Text type={pct <= 20 ? 'danger' : undefined}>{pct}%</Typography.Text>;
}

function TwoLines({ first, second }: { first: ReactNode; second?: ReactNode }) {
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

interface ColumnOptions {
  query: IosListQuery;
  actions: (device: IosDeviceListItem) => ReactNode;
  /** The recycle bin leaves out the battery, which says nothing about a phone that is set aside. */
  compact?: boolean;
}

/** deviceColumns are the Apple list's columns; the two time columns sort through the URL's sort fields. */
export function deviceColumns({ query, actions, compact = false }: ColumnOptions): TableColumnsType<IosDeviceListItem> {
  const columns: TableColumnsType<IosDeviceListItem> = [
    {
      title: '设备',
      key: 'device',
      width: 160,
      render: (_, d) => (
        <Flex vertical>
          <Flex gap={4} align="center" wrap>
            <Link to={detailPath(d.id)}>{deviceName(d)}</Link>
            {d.is_simulated && <SimulatedTag />}
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12, fontFamily: 'monospace' }}>
            {d.serial_number}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'IMEI',
      key: 'imei',
      width: 136,
      render: (_, d) => (d.imei_1 ? <TwoLines first={d.imei_1} second={d.imei_2 || undefined} /> : <Typography.Text type="secondary">—</Typography.Text>),
    },
    {
      title: '租机人',
      key: 'hirer',
      width: 120,
      render: (_, d) => <HirerCell deviceId={d.id} name={d.hirer_name} maskedPhone={d.hirer_phone_number} />,
    },
    { title: '店员', key: 'clerk', width: 88, render: (_, d) => d.for_clerk?.name || '—' },
    {
      title: '状态',
      key: 'status',
      width: 136,
      render: (_, d) => <DeviceStatus enrollment={d.enrollment_status} lock={d.lock_status} progress={d.progress} />,
    },
    { title: '电量', key: 'battery', width: 60, render: (_, d) => <Battery level={d.battery_level} /> },
    {
      title: '最后在线',
      key: 'last_active_time',
      width: 100,
      sorter: true,
      sortDirections: ['descend', 'ascend'],
      sortOrder: orderOf(query, 'last_active_time'),
      render: (_, d) => (
        <Tooltip title={formatDateTime(d.last_active_time)}>
          <span>{fromNow(d.last_active_time)}</span>
        </Tooltip>
      ),
    },
    {
      title: '登记时间',
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
    { title: '操作', key: 'actions', width: compact ? 176 : 100, fixed: 'right', render: (_, d) => actions(d) },
  ];
  return compact ? columns.filter((c) => c.key !== 'battery') : columns;
}

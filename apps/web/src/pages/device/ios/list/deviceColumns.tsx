import type { IosDeviceListItem, IosListQuery } from '@lease/shared';
import { Flex, type TableColumnsType } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Battery, TwoLines, timeColumns } from '../../../../components/deviceCells.tsx';
import { HirerCell } from '../components/HirerCell.tsx';
import { DeviceStatus, SimulatedTag } from '../components/StatusTags.tsx';

export const detailPath = (id: string) => `/console/device/ios/${id}`;

/** deviceName is what a row calls the phone before it has reported its model. */
export const deviceName = (d: Pick<IosDeviceListItem, 'model_name'>) => d.model_name || '待激活 iPhone';

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
    ...timeColumns<IosDeviceListItem>(query),
    { title: '操作', key: 'actions', width: compact ? 176 : 100, fixed: 'right', render: (_, d) => actions(d) },
  ];
  return compact ? columns.filter((c) => c.key !== 'battery') : columns;
}

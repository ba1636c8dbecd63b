import type { AndroidDeviceListItem, AndroidListQuery } from '@lease/shared';
import { Flex, type TableColumnsType } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { getAndroidHirerPhone } from '../../../../api/androidDevice.ts';
import { Battery, TwoLines, timeColumns } from '../../../../components/deviceCells.tsx';
import { HirerCell } from '../../ios/components/HirerCell.tsx';
import { SimulatedTag } from '../../ios/components/StatusTags.tsx';
import { androidDeviceName, detailPath } from '../androidActions.ts';
import { AndroidDeviceStatus } from '../components/AndroidStatus.tsx';

interface ColumnOptions {
  query: AndroidListQuery;
  actions: (device: AndroidDeviceListItem) => ReactNode;
}

/** androidColumns are the Android list's columns; the two time columns sort through the URL's sort fields. */
export function androidColumns({ query, actions }: ColumnOptions): TableColumnsType<AndroidDeviceListItem> {
  return [
    {
      title: '设备',
      key: 'device',
      width: 160,
      render: (_, d) => (
        <Flex vertical>
          <Flex gap={4} align="center" wrap>
            <Link to={detailPath(d.id)}>{androidDeviceName(d)}</Link>
            {d.is_simulated && <SimulatedTag />}
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {d.os_version ? `Android ${d.os_version}` : '系统版本未知'}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'IMEI / 序列号',
      key: 'imei',
      width: 150,
      render: (_, d) => <TwoLines first={<span style={{ fontFamily: 'monospace' }}>{d.imei_1 || '—'}</span>} second={d.serial_number || undefined} />,
    },
    {
      title: '租机人',
      key: 'hirer',
      width: 110,
      render: (_, d) => <HirerCell deviceId={d.id} name={d.hirer_name} maskedPhone={d.hirer_phone_number} reveal={getAndroidHirerPhone} />,
    },
    { title: '店员', key: 'clerk', width: 88, render: (_, d) => d.for_clerk?.name || '—' },
    { title: '状态', key: 'status', width: 130, render: (_, d) => <AndroidDeviceStatus device={d} /> },
    { title: '电量', key: 'battery', width: 60, render: (_, d) => <Battery level={d.battery_level} /> },
    ...timeColumns<AndroidDeviceListItem>(query),
    { title: '操作', key: 'actions', width: 110, fixed: 'right', render: (_, d) => actions(d) },
  ];
}

import { type AbmDeviceItem, abmStatusLabel } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { abmDevicesQuery } from '../../../api/abm.ts';
import { tablePagination } from '../../../components/pagination.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { profileStatusLabel } from './abmView.ts';

const ABM_STATUS_COLOR: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'default' };

/** AbmDeviceTable lists the devices the store's ABM server holds, with the ABM status its console devices show. */
export function AbmDeviceTable() {
  const [query, setQuery] = useState({ page_num: 0, page_size: 20, serial_number: undefined as string | undefined });
  const { data, isFetching } = useQuery(abmDevicesQuery(query));
  return (
    <>
      <Input.Search
        allowClear
        placeholder="按序列号搜索"
        style={{ maxWidth: 280, marginBottom: 12 }}
        onSearch={(v) => setQuery({ ...query, page_num: 0, serial_number: v.trim().toUpperCase() || undefined })}
      />
      <Table<AbmDeviceItem>
        rowKey="serial_number"
        size="small"
        loading={isFetching}
        dataSource={data?.list ?? []}
        locale={{ emptyText: '暂无 ABM 设备' }}
        pagination={tablePagination({
          pageNum: query.page_num,
          pageSize: query.page_size,
          total: data?.total ?? 0,
          onChange: (page_num, page_size) => setQuery({ ...query, page_num, page_size }),
        })}
        columns={[
          {
            key: 'serial',
            title: '序列号',
            render: (_, d) => (d.device_id ? <Link to={`/console/device/ios/${d.device_id}`}>{d.serial_number}</Link> : d.serial_number),
          },
          { key: 'model', title: '型号', render: (_, d) => d.model || '—' },
          { key: 'desc', title: '描述', render: (_, d) => d.description || d.color || '—' },
          { key: 'abm', title: 'ABM 状态', render: (_, d) => <Tag color={ABM_STATUS_COLOR[d.abm_status]}>{abmStatusLabel[d.abm_status] ?? '—'}</Tag> },
          {
            key: 'profile',
            title: '注册配置',
            render: (_, d) => profileStatusLabel[d.op_type === 'deleted' ? 'deleted' : d.profile_status] ?? d.profile_status,
          },
          { key: 'assigned', title: '分配到服务器', render: (_, d) => formatDateTime(d.device_assigned_date) },
          { key: 'console', title: '控制台设备', render: (_, d) => (d.device_id ? '已登记' : '未登记（激活时自动登记）') },
        ]}
      />
    </>
  );
}

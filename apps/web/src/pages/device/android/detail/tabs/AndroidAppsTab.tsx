import { ReloadOutlined } from '@ant-design/icons';
import type { AndroidAppEntry } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Flex, Input, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { androidInstalledAppsQuery } from '../../../../../api/androidDevice.ts';
import { ActionButton } from '../../../ios/components/ActionButton.tsx';
import type { ActionCheck } from '../../androidActions.ts';
import { useAndroidOperation } from '../../commands/useAndroidOperation.ts';

/** AndroidAppsTab lists the apps the phone reported; 刷新 asks it for a new list (a queued operation). */
export function AndroidAppsTab({ deviceId, refreshCheck }: { deviceId: string; refreshCheck: ActionCheck }) {
  const apps = useQuery(androidInstalledAppsQuery(deviceId));
  const refresh = useAndroidOperation(deviceId, 'get-installed-app-list', { keyPerSend: true });
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const s = search.trim().toLowerCase();
    const list = apps.data ?? [];
    return s ? list.filter((a) => a.app_name.toLowerCase().includes(s) || a.package_name.toLowerCase().includes(s)) : list;
  }, [apps.data, search]);
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Input.Search allowClear placeholder="搜索应用名称或包名" style={{ width: 280 }} onChange={(e) => setSearch(e.target.value)} />
        <Flex align="center" gap={12}>
          <Typography.Text type="secondary">共 {apps.data?.length ?? 0} 个应用</Typography.Text>
          <ActionButton icon={<ReloadOutlined />} check={refreshCheck} loading={refresh.isPending} onClick={() => refresh.mutate(undefined)}>
            刷新应用列表
          </ActionButton>
        </Flex>
      </Flex>
      <Table<AndroidAppEntry>
        rowKey="package_name"
        size="small"
        dataSource={shown}
        loading={apps.isLoading}
        locale={{ emptyText: search ? '没有匹配的应用' : '设备尚未上报应用列表，可点击“刷新应用列表”' }}
        columns={[
          { title: '应用名称', dataIndex: 'app_name', render: (v: string) => v || '—' },
          { title: '包名', dataIndex: 'package_name', render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
          { title: '版本', dataIndex: 'version', width: 120, render: (v?: string) => v ?? '—' },
        ]}
        pagination={{ pageSize: 20, showSizeChanger: false, showTotal: (t) => `共 ${t} 条`, hideOnSinglePage: true }}
      />
    </Flex>
  );
}

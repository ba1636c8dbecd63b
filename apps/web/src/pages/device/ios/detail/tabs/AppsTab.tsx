import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Flex, Input, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { installedAppsQuery, type InstalledApp } from '../../../../../api/iosDevice.ts';
import { ActionButton } from '../../components/ActionButton.tsx';
import { useDeviceCommand } from '../../commands/useDeviceCommand.ts';
import type { ActionCheck } from '../deviceActions.ts';

interface AppsTabProps {
  deviceId: string;
  refreshCheck: ActionCheck;
  /** When the phone last reported its facts (the app list comes with them). */
  updatedAt: string;
}

/** AppsTab lists the apps the phone reported; 刷新 asks the phone for a new list (a queued command). */
export function AppsTab({ deviceId, refreshCheck, updatedAt }: AppsTabProps) {
  const apps = useQuery(installedAppsQuery(deviceId));
  const refresh = useDeviceCommand('get-installed-app-list', { keyPerSend: true });
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const s = search.trim().toLowerCase();
    const list = apps.data ?? [];
    return s ? list.filter((a) => a.app_name.toLowerCase().includes(s) || a.bundle_id.toLowerCase().includes(s)) : list;
  }, [apps.data, search]);

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Input.Search allowClear placeholder="搜索应用名称或 Bundle ID" style={{ width: 280 }} onChange={(e) => setSearch(e.target.value)} />
        <Flex align="center" gap={12}>
          <Typography.Text type="secondary">共 {apps.data?.length ?? 0} 个应用 · 信息更新于 {updatedAt}</Typography.Text>
          <ActionButton icon={<ReloadOutlined />} check={refreshCheck} loading={refresh.isPending} onClick={() => refresh.mutate({ device_id: deviceId })}>
            刷新应用列表
          </ActionButton>
        </Flex>
      </Flex>
      <Table<InstalledApp>
        rowKey="bundle_id"
        size="small"
        dataSource={shown}
        loading={apps.isLoading}
        locale={{ emptyText: search ? '没有匹配的应用' : '设备尚未上报应用列表' }}
        columns={[
          { title: '应用名称', dataIndex: 'app_name' },
          { title: 'Bundle ID', dataIndex: 'bundle_id', render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
          { title: '版本', dataIndex: 'version', width: 120, render: (v?: string) => v ?? '—' },
        ]}
        pagination={{ pageSize: 20, showSizeChanger: false, showTotal: (t) => `共 ${t} 条`, hideOnSinglePage: true }}
      />
    </Flex>
  );
}

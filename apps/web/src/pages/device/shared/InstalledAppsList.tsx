import { ReloadOutlined } from '@ant-design/icons';
import { Flex, Input, Table } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { useMemo, useState } from 'react';
import { ActionButton } from '../ios/components/ActionButton.tsx';
import type { ActionCheck } from '../ios/detail/deviceActions.ts';

/** The app fields a platform reports: a display name, the app's identifier (`idKey`) and maybe a version. */
type App<K extends string> = { app_name: string; version?: string } & Record<K, string>;

interface InstalledAppsListProps<K extends string> {
  apps: App<K>[] | undefined;
  loading: boolean;
  /** The field that identifies an app on this platform (bundle_id, package_name) and its column title. */
  idKey: K;
  idTitle: string;
  searchPlaceholder: string;
  /** Said after the count, e.g. when the list was reported. */
  countNote?: string;
  emptyText: string;
  /** Shown for an app that reported no name (Android); Apple names are shown as they are. */
  blankName?: string;
  refreshCheck: ActionCheck;
  refreshing: boolean;
  onRefresh: () => void;
}

/** InstalledAppsList is a device's reported apps, searchable by name or identifier, with 刷新应用列表. */
export function InstalledAppsList<K extends string>(p: InstalledAppsListProps<K>) {
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const s = search.trim().toLowerCase();
    const list = p.apps ?? [];
    return s ? list.filter((a) => a.app_name.toLowerCase().includes(s) || a[p.idKey].toLowerCase().includes(s)) : list;
  }, [p.apps, p.idKey, search]);
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Input.Search allowClear placeholder={p.searchPlaceholder} style={{ width: 280 }} onChange={(e) => setSearch(e.target.value)} />
        <Flex align="center" gap={12}>
          <Typography.Text type="secondary">
            共 {p.apps?.length ?? 0} 个应用{p.countNote}
          </Typography.Text>
          <ActionButton icon={<ReloadOutlined />} check={p.refreshCheck} loading={p.refreshing} onClick={p.onRefresh}>
            刷新应用列表
          </ActionButton>
        </Flex>
      </Flex>
      <Table<App<K>>
        rowKey={p.idKey}
        size="small"
        dataSource={shown}
        loading={p.loading}
        locale={{ emptyText: search ? '没有匹配的应用' : p.emptyText }}
        columns={[
          { title: '应用名称', dataIndex: 'app_name', render: (v: string) => (p.blankName === undefined ? v : v || p.blankName) },
          { title: p.idTitle, dataIndex: p.idKey, render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
          { title: '版本', dataIndex: 'version', width: 120, render: (v?: string) => v ?? '—' },
        ]}
        pagination={{ pageSize: 20, showSizeChanger: false, showTotal: (t) => `共 ${t} 条`, hideOnSinglePage: true }}
      />
    </Flex>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import { type AppPlatform, type AppstoreApp, appPlatformLabel } from '@lease/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Popconfirm, Result, Select, Space, Table, Tabs, Tag } from 'antd';
import { Typography } from '../../components/typography/Typography.tsx';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { appstoreGroupsQuery, appstoreKeys, appstoreListQuery, deleteApp } from '../../api/appstore.ts';
import { feedback } from '../../app/feedback.ts';
import { usePermission } from '../../auth/usePermission.tsx';
import { useUser } from '../../auth/useUser.ts';
import { Panel } from '../../components/Panel.tsx';
import { tablePagination } from '../../components/pagination.ts';
import { AddAppDialog } from './AddAppDialog.tsx';
import { AppIcon } from './AppIcon.tsx';
import { APP_EDIT_PERM } from './appstoreAccess.ts';
import { parseAppstoreSearch, platformModule, toAppstoreSearch } from './appstoreSearch.ts';
import { EditAppDialog } from './EditAppDialog.tsx';

const ALL_GROUPS = '__all__';
const usage: Record<AppPlatform, string> = {
  apple: 'Apple 应用库用于给设备安装应用，以及设置应用黑白名单时选择应用。',
  android: 'Android 应用库用于设置应用黑白名单时选择应用。',
};

/** AppstorePage is the store's app library (/console/appstore): one tab per device module. */
export default function AppstorePage() {
  const user = useUser();
  const platforms = (['apple', 'android'] as const).filter((p) => user.available_modules.includes(platformModule[p]));
  const [params, setParams] = useSearchParams();
  const filters = parseAppstoreSearch(params, platforms[0] ?? 'apple');
  const platform = platforms.includes(filters.platform) ? filters.platform : platforms[0];
  const query = { ...filters, platform: platform ?? 'apple' };
  const setQuery = (next: typeof query) => setParams(toAppstoreSearch(next));

  const mayEdit = usePermission(APP_EDIT_PERM[query.platform]);
  const list = useQuery({ ...appstoreListQuery(query), placeholderData: keepPreviousData, enabled: Boolean(platform) });
  const groups = useQuery({ ...appstoreGroupsQuery(query.platform), enabled: Boolean(platform) });
  const [dialog, setDialog] = useState<{ kind: 'add' } | { kind: 'edit'; app: AppstoreApp } | null>(null);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (app: AppstoreApp) => deleteApp(app.id),
    onSuccess: async (_, app) => {
      feedback.message.success(`已从应用库删除「${app.app_name}」`);
      await queryClient.invalidateQueries({ queryKey: appstoreKeys.all });
    },
  });

  const columns = useMemo<ColumnsType<AppstoreApp>>(
    () => [
      {
        title: '应用',
        key: 'app',
        render: (_, a) => (
          <Space>
            <AppIcon name={a.app_name} icon={a.icon} />
            <Flex vertical>
              <Typography.Text strong>{a.app_name}</Typography.Text>
              {a.seller && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {a.seller}
                </Typography.Text>
              )}
            </Flex>
          </Space>
        ),
      },
      {
        title: query.platform === 'apple' ? 'Bundle ID' : '包名',
        dataIndex: 'bundle_id',
        render: (v: string) => <Typography.Text copyable={{ text: v }}>{v}</Typography.Text>,
      },
      {
        title: '分组',
        dataIndex: 'group',
        width: 120,
        render: (g: string) => (g ? <Tag>{g}</Tag> : <Typography.Text type="secondary">未分组</Typography.Text>),
      },
      { title: '排序', dataIndex: 'sort', width: 80 },
      ...(query.platform === 'apple' ? [{ title: '版本', dataIndex: 'version', width: 100, render: (v: string) => v || '—' }] : []),
      ...(mayEdit
        ? [
            {
              title: '操作',
              key: 'actions',
              width: 140,
              render: (_: unknown, a: AppstoreApp) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setDialog({ kind: 'edit', app: a })}>
                    编辑
                  </Button>
                  <Popconfirm
                    title={`从应用库删除「${a.app_name}」？`}
                    description="已安装到设备的应用和已下发的黑白名单不受影响。"
                    okText="删除"
                    cancelText="取消"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutateAsync(a).catch(() => undefined)}
                  >
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]
        : []),
    ],
    [query.platform, mayEdit, remove.mutateAsync],
  );

  if (!platform) {
    return (
      <Panel title="应用商店">
        <Result status="info" title="门店未开通设备管理" subTitle="开通 Apple 或 Android 设备管理后即可使用应用库。" />
      </Panel>
    );
  }

  const groupOptions = [{ value: ALL_GROUPS, label: '全部分组' }, { value: '', label: '未分组' }, ...(groups.data ?? []).map((g) => ({ value: g, label: g }))];

  return (
    <Panel
      title="应用商店"
      extra={
        mayEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })}>
            添加应用
          </Button>
        )
      }
    >
      <Tabs
        activeKey={query.platform}
        onChange={(p) => setQuery({ platform: p as AppPlatform, page_num: 0, page_size: query.page_size })}
        items={platforms.map((p) => ({ key: p, label: `${appPlatformLabel[p]} 应用` }))}
      />
      <Flex vertical gap={16}>
        <Alert type="info" showIcon title={usage[query.platform]} />
        <Flex gap={12} wrap>
          <Select
            aria-label="分组"
            value={query.group ?? ALL_GROUPS}
            options={groupOptions}
            style={{ width: 180 }}
            onChange={(g) => setQuery({ ...query, group: g === ALL_GROUPS ? undefined : g, page_num: 0 })}
          />
          <Input.Search
            key={query.platform}
            defaultValue={query.keyword}
            placeholder={query.platform === 'apple' ? '应用名称或 Bundle ID' : '应用名称或包名'}
            allowClear
            onSearch={(v) => setQuery({ ...query, keyword: v.trim() || undefined, page_num: 0 })}
            style={{ width: 280 }}
          />
        </Flex>
        <Table<AppstoreApp>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list}
          loading={list.isFetching}
          locale={{
            emptyText:
              query.keyword || query.group !== undefined ? '没有符合条件的应用' : mayEdit ? '应用库还是空的，点击右上角「添加应用」' : '应用库还是空的',
          }}
          pagination={tablePagination({
            pageNum: query.page_num,
            pageSize: query.page_size,
            total: list.data?.total ?? 0,
            onChange: (pageNum, pageSize) => setQuery({ ...query, page_num: pageNum, page_size: pageSize }),
          })}
        />
      </Flex>
      {dialog?.kind === 'add' && <AddAppDialog platform={query.platform} groups={groups.data ?? []} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <EditAppDialog app={dialog.app} groups={groups.data ?? []} onClose={() => setDialog(null)} />}
    </Panel>
  );
}

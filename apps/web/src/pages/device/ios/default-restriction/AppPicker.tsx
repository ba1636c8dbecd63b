import { appleAppEntry, appleWhiteListApp } from '@lease/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Modal, Table, Tabs } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { appstoreListQuery } from '../../../../api/appstore.ts';
import { installedAppsQuery } from '../../../../api/iosDevice.ts';
import { required, schemaRule } from '../../../../forms/formRules.ts';
import { AppIcon } from '../../../appstore/AppIcon.tsx';

export interface ListedApp {
  app_name: string;
  bundle_id: string;
  icon?: string;
}

interface AppPickerProps {
  /** Offer the apps this phone reported (a device's own rule); absent for the store default. */
  deviceId?: string;
  /** The global white list keeps an icon address per app. */
  withIcon?: boolean;
  /** Bundle ids already in the list: shown as added. */
  taken: ReadonlySet<string>;
  onAdd: (app: ListedApp) => void;
  onClose: () => void;
}

const matches = (term: string) => (a: { app_name: string; bundle_id: string }) => {
  const t = term.trim().toLowerCase();
  return !t || a.app_name.toLowerCase().includes(t) || a.bundle_id.toLowerCase().includes(t);
};

function PickList({
  apps,
  loading,
  taken,
  empty,
  onAdd,
}: {
  apps: ListedApp[];
  loading: boolean;
  taken: ReadonlySet<string>;
  empty: string;
  onAdd: (app: ListedApp) => void;
}) {
  return (
    <Table<ListedApp>
      rowKey="bundle_id"
      size="small"
      showHeader={false}
      loading={loading}
      dataSource={apps}
      pagination={false}
      scroll={{ y: 360 }}
      locale={{ emptyText: empty }}
      columns={[
        {
          key: 'app',
          render: (_v, app) => (
            <Flex align="center" gap={8} style={{ minWidth: 0 }}>
              <AppIcon name={app.app_name} icon={app.icon} size={28} />
              <div style={{ minWidth: 0 }}>
                <div>{app.app_name}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {app.bundle_id}
                </Typography.Text>
              </div>
            </Flex>
          ),
        },
        {
          key: 'add',
          width: 90,
          align: 'right',
          render: (_v, app) => (
            <Button size="small" type="link" disabled={taken.has(app.bundle_id)} onClick={() => onAdd(app)} aria-label={`添加 ${app.app_name}`}>
              {taken.has(app.bundle_id) ? '已添加' : '添加'}
            </Button>
          ),
        },
      ]}
    />
  );
}

function InstalledTab({ deviceId, taken, onAdd }: { deviceId: string; taken: ReadonlySet<string>; onAdd: (app: ListedApp) => void }) {
  const [term, setTerm] = useState('');
  const apps = useQuery(installedAppsQuery(deviceId));
  return (
    <Flex vertical gap={8}>
      <Input.Search allowClear placeholder="搜索本机应用名称或 Bundle ID" onChange={(e) => setTerm(e.target.value)} />
      <PickList
        apps={(apps.data ?? []).filter(matches(term)).map((a) => ({ app_name: a.app_name, bundle_id: a.bundle_id }))}
        loading={apps.isLoading}
        taken={taken}
        empty="设备尚未上报应用列表，可在设备详情「已安装应用」中刷新"
        onAdd={onAdd}
      />
    </Flex>
  );
}

function LibraryTab({ withIcon, taken, onAdd }: { withIcon?: boolean; taken: ReadonlySet<string>; onAdd: (app: ListedApp) => void }) {
  const [keyword, setKeyword] = useState('');
  const apps = useQuery({
    ...appstoreListQuery({ platform: 'apple', keyword: keyword || undefined, page_num: 0, page_size: 50 }),
    placeholderData: keepPreviousData,
  });
  return (
    <Flex vertical gap={8}>
      <Input.Search allowClear placeholder="搜索应用库" onSearch={(v) => setKeyword(v.trim())} />
      <PickList
        apps={(apps.data?.list ?? []).map((a) => ({ app_name: a.app_name, bundle_id: a.bundle_id, ...(withIcon ? { icon: a.icon } : {}) }))}
        loading={apps.isLoading}
        taken={taken}
        empty="应用库中没有 Apple 应用，可在「应用商店」页面用 App Store 搜索添加"
        onAdd={onAdd}
      />
    </Flex>
  );
}

/** ManualTab adds one typed-in app and closes the picker, as a form does. */
function ManualTab({
  withIcon,
  taken,
  onAdd,
  onDone,
}: {
  withIcon?: boolean;
  taken: ReadonlySet<string>;
  onAdd: (app: ListedApp) => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<ListedApp>();
  const bundleRule = {
    validator: async (_r: unknown, v: unknown) => {
      if (typeof v === 'string' && taken.has(v.trim())) throw new Error('列表中已有这个 Bundle ID');
    },
  };
  return (
    <Form<ListedApp>
      form={form}
      layout="vertical"
      onFinish={(v) => {
        onAdd({ app_name: v.app_name.trim(), bundle_id: v.bundle_id.trim(), ...(withIcon ? { icon: v.icon?.trim() ?? '' } : {}) });
        onDone();
      }}
    >
      <Form.Item name="app_name" label="应用名称" rules={[required('请输入应用名称'), { max: 50, message: '应用名称最多 50 个字符' }]}>
        <Input maxLength={50} placeholder="如：微信" />
      </Form.Item>
      <Form.Item
        name="bundle_id"
        label="Bundle ID"
        rules={[required('请输入 Bundle ID'), schemaRule(appleAppEntry.shape.bundle_id), bundleRule]}
        extra="App 的唯一标识，如微信为 com.tencent.xin，可在应用库中查到。"
      >
        <Input maxLength={155} placeholder="com.example.app" autoComplete="off" />
      </Form.Item>
      {withIcon && (
        <Form.Item name="icon" label="图标地址（可选）" rules={[schemaRule(appleWhiteListApp.shape.icon)]}>
          <Input maxLength={500} placeholder="https://…" autoComplete="off" />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit">
        添加
      </Button>
    </Form>
  );
}

/**
 * AppPicker adds apps to a restriction list from where a clerk finds them: the phone's own installed apps,
 * the store's app library, or a bundle id typed in. Picking from a list keeps it open for more; 完成 closes it.
 */
export function AppPicker({ deviceId, withIcon, taken, onAdd, onClose }: AppPickerProps) {
  const tabs = [
    ...(deviceId ? [{ key: 'installed', label: '本机已安装', children: <InstalledTab deviceId={deviceId} taken={taken} onAdd={onAdd} /> }] : []),
    { key: 'manual', label: '手动输入', children: <ManualTab withIcon={withIcon} taken={taken} onAdd={onAdd} onDone={onClose} /> },
    { key: 'library', label: '应用库', children: <LibraryTab withIcon={withIcon} taken={taken} onAdd={onAdd} /> },
  ];
  return (
    <Modal open title="添加应用" footer={<Button onClick={onClose}>完成</Button>} onCancel={onClose} destroyOnHidden width={520}>
      <Tabs items={tabs} />
    </Modal>
  );
}

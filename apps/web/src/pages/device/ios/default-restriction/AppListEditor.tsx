import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Table } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { AppIcon } from '../../../appstore/AppIcon.tsx';
import { AppPicker, type ListedApp } from './AppPicker.tsx';

export type { ListedApp };

interface AppListEditorProps {
  value?: ListedApp[];
  onChange?: (value: ListedApp[]) => void;
  readOnly?: boolean;
  /** The global white list keeps an icon address per app. */
  withIcon?: boolean;
  emptyText?: string;
  /** Offer this phone's installed apps in the picker (a device's own rule). */
  deviceId?: string;
}

/** AppListEditor is an Apple app list (name + bundle id) with add (AppPicker) and remove; a form field or on its own. */
export function AppListEditor({ value = [], onChange, readOnly, withIcon, emptyText = '暂无应用', deviceId }: AppListEditorProps) {
  const [adding, setAdding] = useState(false);
  const remove = (bundleId: string) => onChange?.(value.filter((a) => a.bundle_id !== bundleId));

  return (
    <Flex vertical gap={12}>
      {!readOnly && (
        <div>
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            添加应用
          </Button>
        </div>
      )}
      <Table<ListedApp>
        rowKey="bundle_id"
        size="small"
        dataSource={value}
        pagination={value.length > 10 ? { pageSize: 10, showTotal: (n) => `共 ${n} 条`, showSizeChanger: false } : false}
        locale={{ emptyText }}
        columns={[
          {
            title: '应用',
            dataIndex: 'app_name',
            render: (_v, app) => (
              <Flex align="center" gap={8}>
                {withIcon && <AppIcon name={app.app_name} icon={app.icon} size={28} />}
                {app.app_name}
              </Flex>
            ),
          },
          { title: 'Bundle ID', dataIndex: 'bundle_id', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
          ...(readOnly
            ? []
            : [
                {
                  title: '操作',
                  key: 'actions',
                  width: 90,
                  render: (_v: unknown, app: ListedApp) => (
                    <Button type="link" danger size="small" icon={<DeleteOutlined />} onClick={() => remove(app.bundle_id)}>
                      移除
                    </Button>
                  ),
                },
              ]),
        ]}
      />
      {adding && (
        <AppPicker
          deviceId={deviceId}
          withIcon={withIcon}
          taken={new Set(value.map((a) => a.bundle_id))}
          onAdd={(app) => onChange?.([...value, app])}
          onClose={() => setAdding(false)}
        />
      )}
    </Flex>
  );
}

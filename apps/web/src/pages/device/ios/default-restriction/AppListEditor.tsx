import { appleAppEntry, appleWhiteListApp } from '@lease/shared';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { AppIcon } from '../../../appstore/AppIcon.tsx';
import { required, schemaRule } from '../../../../forms/formRules.ts';

export interface ListedApp {
  app_name: string;
  bundle_id: string;
  icon?: string;
}

interface AppListEditorProps {
  value?: ListedApp[];
  onChange?: (value: ListedApp[]) => void;
  readOnly?: boolean;
  /** The global white list keeps an icon address per app. */
  withIcon?: boolean;
  emptyText?: string;
}

/** AppListEditor is an Apple app list (name + bundle id) with add and remove; a form field or on its own. */
export function AppListEditor({ value = [], onChange, readOnly, withIcon, emptyText = '暂无应用' }: AppListEditorProps) {
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
        <AddAppDialog
          withIcon={withIcon}
          taken={new Set(value.map((a) => a.bundle_id))}
          onAdd={(app) => {
            onChange?.([...value, app]);
            setAdding(false);
          }}
          onClose={() => setAdding(false)}
        />
      )}
    </Flex>
  );
}

function AddAppDialog({ withIcon, taken, onAdd, onClose }: { withIcon?: boolean; taken: Set<string>; onAdd: (app: ListedApp) => void; onClose: () => void }) {
  const [form] = Form.useForm<ListedApp>();
  const bundleRule = {
    validator: async (_r: unknown, v: unknown) => {
      if (typeof v === 'string' && taken.has(v.trim())) throw new Error('列表中已有这个 Bundle ID');
    },
  };
  return (
    <Modal open title="添加应用" okText="添加" cancelText="取消" onOk={() => form.submit()} onCancel={onClose} destroyOnHidden width={440}>
      <Form<ListedApp>
        form={form}
        layout="vertical"
        onFinish={(v) => onAdd({ app_name: v.app_name.trim(), bundle_id: v.bundle_id.trim(), ...(withIcon ? { icon: v.icon?.trim() ?? '' } : {}) })}
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
      </Form>
    </Modal>
  );
}

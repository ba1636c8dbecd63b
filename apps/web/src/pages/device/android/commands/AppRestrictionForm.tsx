import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { AndroidAppRestrictionMode, androidAppEntry, androidAppRestrictionModeLabel, type AndroidAppEntry } from '@lease/shared';
import { Button, Flex, Form, Input, Radio, Select, Switch } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { schemaRule } from '../../../../forms/formRules.ts';

export interface AppRuleValues {
  enable: boolean;
  mode?: number;
  list: AndroidAppEntry[];
}

const MODE_OPTIONS = Object.entries(androidAppRestrictionModeLabel).map(([value, label]) => ({ value: Number(value), label }));

/**
 * AppRestrictionFields edits an Android app rule (spec §5): on/off, blacklist or whitelist, and the apps.
 * Installed apps of the phone can be picked instead of typing package names. Used for a phone and for the
 * store default; the surrounding Form holds the values.
 */
export function AppRestrictionFields({ installed = [], disabled }: { installed?: AndroidAppEntry[]; disabled?: boolean }) {
  const form = Form.useFormInstance<AppRuleValues>();
  const enable = Form.useWatch('enable', form);
  const mode = Form.useWatch('mode', form);
  const list: AndroidAppEntry[] = Form.useWatch('list', form) ?? [];
  const taken = new Set(list.map((a) => a?.package_name));

  return (
    <>
      <Form.Item name="enable" label="应用限制" valuePropName="checked">
        <Switch checkedChildren="开启" unCheckedChildren="关闭" disabled={disabled} />
      </Form.Item>
      <Form.Item
        name="mode"
        label="限制模式"
        rules={[
          {
            validator: async (_r, v) => {
              if (form.getFieldValue('enable') && v === undefined) throw new Error('开启应用限制时请选择限制模式');
            },
          },
        ]}
      >
        <Radio.Group options={MODE_OPTIONS} disabled={disabled || !enable} />
      </Form.Item>
      <Form.Item
        label={mode === AndroidAppRestrictionMode.WHITELIST ? '允许的应用' : '禁止的应用'}
        extra={
          mode === AndroidAppRestrictionMode.WHITELIST ? '白名单模式下只有列表中的应用可以打开（电话、设置等系统应用除外），请至少添加一个应用。' : undefined
        }
      >
        <Form.List
          name="list"
          rules={[
            {
              validator: async (_r, v: AndroidAppEntry[] | undefined) => {
                if (form.getFieldValue('enable') && form.getFieldValue('mode') === AndroidAppRestrictionMode.WHITELIST && !(v ?? []).length)
                  throw new Error('白名单模式请至少添加一个应用');
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <Flex vertical gap={8}>
              {fields.map((f) => (
                <Flex key={f.key} gap={8} align="start">
                  <Form.Item name={[f.name, 'app_name']} style={{ marginBottom: 0, width: 160 }}>
                    <Input placeholder="应用名称" maxLength={64} disabled={disabled} />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'package_name']}
                    style={{ marginBottom: 0, flex: 1 }}
                    rules={[{ required: true, whitespace: true, message: '请输入应用包名' }, schemaRule(androidAppEntry.shape.package_name)]}
                  >
                    <Input placeholder="包名，例如 com.tencent.mm" style={{ fontFamily: 'monospace' }} disabled={disabled} />
                  </Form.Item>
                  <Button aria-label="移除" icon={<DeleteOutlined />} onClick={() => remove(f.name)} disabled={disabled} />
                </Flex>
              ))}
              {!disabled && (
                <Flex gap={8} wrap>
                  <Button icon={<PlusOutlined />} onClick={() => add({ app_name: '', package_name: '' })}>
                    手动添加
                  </Button>
                  {installed.length > 0 && (
                    <Select
                      showSearch={{ optionFilterProp: 'label' }}
                      placeholder="从设备已安装应用中添加"
                      style={{ width: 260 }}
                      value={null}
                      options={installed
                        .filter((a) => !taken.has(a.package_name))
                        .map((a) => ({ value: a.package_name, label: `${a.app_name || a.package_name}（${a.package_name}）` }))}
                      onChange={(pkg: string) => {
                        const app = installed.find((a) => a.package_name === pkg);
                        if (app) add({ app_name: app.app_name, package_name: app.package_name });
                      }}
                    />
                  )}
                </Flex>
              )}
              {fields.length === 0 && <Typography.Text type="secondary">还没有应用</Typography.Text>}
              <Form.ErrorList errors={errors} />
            </Flex>
          )}
        </Form.List>
      </Form.Item>
    </>
  );
}

/** toAppRule turns the form's values into the request body (spec §5 rules are checked again by the server). */
export const toAppRule = (v: AppRuleValues) => ({
  enable: v.enable === true,
  ...(v.mode !== undefined ? { mode: v.mode } : {}),
  list: (v.list ?? []).map((a) => ({ app_name: a.app_name?.trim() ?? '', package_name: a.package_name.trim() })),
});

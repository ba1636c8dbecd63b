import { AppleAppRestrictionType } from '@lease/shared';
import { Form, Radio, Switch } from 'antd';
import type { ReactNode } from 'react';

const TYPE_OPTIONS = [
  { value: AppleAppRestrictionType.NONE, label: '不限制' },
  { value: AppleAppRestrictionType.BLACKLIST, label: '黑名单' },
  { value: AppleAppRestrictionType.WHITELIST, label: '白名单' },
];

interface AppRuleFieldsProps {
  enable: boolean;
  type: number | undefined;
  /** The app list editor (a device's dialog can also pick from the phone's installed apps). */
  editor: ReactNode;
  /** Under the type: the store default page explains each type; a device dialog hides the type while off. */
  typeExtra?: ReactNode;
  hideTypeWhenOff?: boolean;
  listExtra?: ReactNode;
}

/**
 * AppRuleFields are the Apple app rule's form items, shared by the store default and a device's dialog: on/off,
 * the type (spec §5: required once the rule is on) and the list, which a white list may not leave empty.
 */
export function AppRuleFields({ enable, type, editor, typeExtra, hideTypeWhenOff, listExtra }: AppRuleFieldsProps) {
  const hasList = type === AppleAppRestrictionType.BLACKLIST || type === AppleAppRestrictionType.WHITELIST;
  return (
    <>
      <Form.Item name="enable" label="应用限制" valuePropName="checked">
        <Switch checkedChildren="开启" unCheckedChildren="关闭" />
      </Form.Item>
      <Form.Item
        name="type"
        label="限制类型"
        hidden={hideTypeWhenOff && !enable}
        dependencies={['enable']}
        rules={[({ getFieldValue }) => ({ required: getFieldValue('enable') === true, message: '开启应用限制时请选择限制类型' })]}
        extra={typeExtra}
      >
        <Radio.Group optionType="button" options={TYPE_OPTIONS} />
      </Form.Item>
      <Form.Item
        hidden={!hasList || (hideTypeWhenOff && !enable)}
        name="list"
        label={type === AppleAppRestrictionType.WHITELIST ? '允许使用的应用' : '禁止使用的应用'}
        rules={[
          {
            validator: async (_r, v: unknown[] | undefined) => {
              if (enable && type === AppleAppRestrictionType.WHITELIST && !v?.length) throw new Error('白名单模式请至少添加一个应用');
            },
          },
        ]}
        extra={listExtra}
      >
        {editor}
      </Form.Item>
    </>
  );
}

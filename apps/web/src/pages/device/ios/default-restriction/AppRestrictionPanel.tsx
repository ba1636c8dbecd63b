import { type AppleAppRestriction, type AppleAppRestrictionInput, AppleAppRestrictionType, appleAppRestrictionTypeLabel } from '@lease/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Radio, Switch, Typography } from 'antd';
import { storeKeys, updateDefaultAppRestriction } from '../../../../api/store.ts';
import { feedback } from '../../../../app/feedback.ts';
import { Panel } from '../../../../components/Panel.tsx';
import { showFormError } from '../../../../forms/formRules.ts';
import { AppListEditor } from './AppListEditor.tsx';

const TYPES = [AppleAppRestrictionType.NONE, AppleAppRestrictionType.BLACKLIST, AppleAppRestrictionType.WHITELIST];
const shortLabel: Record<number, string> = { 0: '无', 1: '黑名单', 2: '白名单' };

/** AppRestrictionPanel is the store's default Apple app restriction: on/off, type (spec §5: 0-2) and the app list. */
export function AppRestrictionPanel({ saved, readOnly }: { saved: AppleAppRestriction; readOnly: boolean }) {
  const [form] = Form.useForm<AppleAppRestrictionInput>();
  const enable = Form.useWatch('enable', form) ?? saved.enable;
  const type = Form.useWatch('type', form) ?? saved.type;
  const hasList = type === AppleAppRestrictionType.BLACKLIST || type === AppleAppRestrictionType.WHITELIST;
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (v: AppleAppRestrictionInput) => updateDefaultAppRestriction({ enable: v.enable, type: v.type, list: v.list ?? [] }),
    onSuccess: (res) => {
      queryClient.setQueryData(storeKeys.restriction, res);
      form.setFieldsValue(res.app_restriction);
      feedback.message.success('默认应用限制已保存');
    },
    onError: (err) => showFormError(form, err),
  });

  return (
    <Panel title="默认应用限制">
      <Form<AppleAppRestrictionInput> form={form} layout="vertical" initialValues={saved} disabled={readOnly} onFinish={(v) => save.mutate(v)} style={{ maxWidth: 860 }}>
        <Form.Item name="enable" label="应用限制" valuePropName="checked">
          <Switch checkedChildren="开启" unCheckedChildren="关闭" />
        </Form.Item>
        <Form.Item
          name="type"
          label="限制类型"
          dependencies={['enable']}
          rules={[({ getFieldValue }) => ({ required: getFieldValue('enable') === true, message: '开启应用限制时请选择限制类型' })]}
          extra={hasList ? appleAppRestrictionTypeLabel[type as AppleAppRestrictionType] : '不按名单限制应用'}
        >
          <Radio.Group optionType="button" options={TYPES.map((t) => ({ value: t, label: shortLabel[t] }))} />
        </Form.Item>
        <Form.Item
          hidden={!hasList}
          name="list"
          label={type === AppleAppRestrictionType.WHITELIST ? '允许使用的应用' : '禁止使用的应用'}
          rules={[
            {
              validator: async (_r, v: unknown[] | undefined) => {
                if (enable && type === AppleAppRestrictionType.WHITELIST && !v?.length) throw new Error('白名单模式请至少添加一个应用');
              },
            },
          ]}
          extra="门店「Apple 应用白名单」中的应用始终允许，无需在这里重复添加。"
        >
          <AppListEditor readOnly={readOnly} emptyText="尚未添加应用" />
        </Form.Item>
        {!readOnly && (
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存应用限制
            </Button>
          </Form.Item>
        )}
        {readOnly && <Typography.Text type="secondary">仅管理员可修改。</Typography.Text>}
      </Form>
    </Panel>
  );
}

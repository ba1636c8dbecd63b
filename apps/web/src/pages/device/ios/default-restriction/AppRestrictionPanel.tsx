import { type AppleAppRestriction, type AppleAppRestrictionInput, AppleAppRestrictionType, appleAppRestrictionTypeLabel } from '@lease/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { storeKeys, updateDefaultAppRestriction } from '../../../../api/store.ts';
import { feedback } from '../../../../app/feedback.ts';
import { Panel } from '../../../../components/Panel.tsx';
import { showFormError } from '../../../../forms/formRules.ts';
import { AppListEditor } from './AppListEditor.tsx';
import { AppRuleFields } from './AppRuleFields.tsx';

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
      <Form<AppleAppRestrictionInput>
        form={form}
        layout="vertical"
        initialValues={saved}
        disabled={readOnly}
        onFinish={(v) => save.mutate(v)}
        style={{ maxWidth: 860 }}
      >
        <AppRuleFields
          enable={enable}
          type={type}
          typeExtra={hasList ? appleAppRestrictionTypeLabel[type as AppleAppRestrictionType] : '不按名单限制应用'}
          editor={<AppListEditor readOnly={readOnly} emptyText="尚未添加应用" />}
          listExtra="门店「Apple 应用白名单」中的应用始终允许，无需在这里重复添加。"
        />
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

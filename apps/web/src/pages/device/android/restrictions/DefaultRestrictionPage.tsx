import { CORE_ANDROID_RESTRICTIONS, type AndroidAppRestriction } from '@lease/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Space, Tabs } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { useEffect, useState } from 'react';
import {
  androidDefaultAppRestrictionQuery,
  androidDefaultRestrictionQuery,
  androidKeys,
  saveAndroidDefaultAppRestriction,
  saveAndroidDefaultRestriction,
} from '../../../../api/androidDevice.ts';
import { feedback } from '../../../../app/feedback.ts';
import { useUser } from '../../../../auth/useUser.ts';
import { PageLoading } from '../../../../components/PageLoading.tsx';
import { Panel } from '../../../../components/Panel.tsx';
import { showFormError } from '../../../../forms/formRules.ts';
import { AppRestrictionFields, type AppRuleValues, toAppRule } from '../commands/AppRestrictionForm.tsx';
import { RestrictionEditor, changedKeys } from './RestrictionEditor.tsx';

/** SystemDefaults edits the store's default restriction map; only admins may save (the server checks too). */
function SystemDefaults({ admin }: { admin: boolean }) {
  const saved = useQuery(androidDefaultRestrictionQuery);
  const [draft, setDraft] = useState<Record<string, boolean> | null>(null);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: saveAndroidDefaultRestriction,
    onSuccess: async () => {
      feedback.message.success('门店默认系统限制已保存，新接入的设备将使用此设置');
      setDraft(null);
      await queryClient.invalidateQueries({ queryKey: androidKeys.all });
    },
  });
  if (!saved.data) return <PageLoading />;
  const base = saved.data.system_restriction;
  const value = draft ?? base;
  const changed = changedKeys(base, value);
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text type="secondary">新接入的设备使用这些设置；已接入的设备可在设备详情中“同步门店默认限制”。</Typography.Text>
        {admin && (
          <Space>
            <Button onClick={() => setDraft({ ...CORE_ANDROID_RESTRICTIONS })}>恢复推荐设置</Button>
            <Button disabled={!changed.length} onClick={() => setDraft(null)}>
              撤销修改
            </Button>
            <Button type="primary" disabled={!changed.length} loading={save.isPending} onClick={() => save.mutate(value)}>
              {changed.length ? `保存（${changed.length} 项修改）` : '保存'}
            </Button>
          </Space>
        )}
      </Flex>
      <RestrictionEditor value={value} onChange={setDraft} disabled={!admin} />
    </Flex>
  );
}

/** AppDefaults edits the store's default app rule for new phones. */
function AppDefaults({ admin }: { admin: boolean }) {
  const saved = useQuery(androidDefaultAppRestrictionQuery);
  const [form] = Form.useForm<AppRuleValues>();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (saved.data) form.setFieldsValue(saved.data as AppRuleValues);
  }, [saved.data, form]);
  const save = useMutation({
    mutationFn: (rule: AndroidAppRestriction) => saveAndroidDefaultAppRestriction(rule),
    onSuccess: async () => {
      feedback.message.success('门店默认应用限制已保存');
      await queryClient.invalidateQueries({ queryKey: androidKeys.defaults });
    },
    onError: (err) => showFormError(form, err),
  });
  if (!saved.data) return <PageLoading />;
  return (
    <Form<AppRuleValues>
      form={form}
      layout="vertical"
      initialValues={saved.data}
      onFinish={(v) => save.mutate(toAppRule(v) as AndroidAppRestriction)}
      style={{ maxWidth: 720 }}
    >
      <AppRestrictionFields disabled={!admin} />
      {admin && (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
      )}
    </Form>
  );
}

/**
 * DefaultRestrictionPage is the store's Android defaults (/console/device/android/default-restriction):
 * the system restriction switches and the app rule new phones get. Everyone may look; admins may change.
 */
export default function DefaultRestrictionPage() {
  const { is_admin: admin } = useUser();
  return (
    <Panel title="Android 默认限制">
      {!admin && <Alert type="info" showIcon title="仅门店管理员可以修改默认限制，你可以查看当前设置。" style={{ marginBottom: 16 }} />}
      <Tabs
        items={[
          { key: 'system', label: '系统限制', children: <SystemDefaults admin={admin} /> },
          { key: 'app', label: '应用限制', children: <AppDefaults admin={admin} /> },
        ]}
      />
    </Panel>
  );
}

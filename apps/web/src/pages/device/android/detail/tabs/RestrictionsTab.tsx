import type { AndroidAppRestriction, AndroidDeviceDetail } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Divider, Flex, Form, Space, Typography } from 'antd';
import { useState } from 'react';
import { androidInstalledAppsQuery, androidRestrictionQuery } from '../../../../../api/androidDevice.ts';
import { PageLoading } from '../../../../../components/PageLoading.tsx';
import { ConfirmField } from '../../../shared/ConfirmField.tsx';
import { ActionButton } from '../../../ios/components/ActionButton.tsx';
import type { ActionCheck } from '../../androidActions.ts';
import { AppRestrictionFields, type AppRuleValues, toAppRule } from '../../commands/AppRestrictionForm.tsx';
import { useAndroidOperation } from '../../commands/useAndroidOperation.ts';
import { RestrictionEditor, changedKeys } from '../../restrictions/RestrictionEditor.tsx';

interface RestrictionsTabProps {
  device: AndroidDeviceDetail;
  systemCheck: ActionCheck;
  appCheck: ActionCheck;
  onSync: () => void;
}

/** SystemRestrictions edits the phone's switches; saving sends only what changed (set-system-restriction). */
function SystemRestrictions({ device: d, systemCheck, onSync }: RestrictionsTabProps) {
  const view = useQuery(androidRestrictionQuery(d.id));
  const [draft, setDraft] = useState<Record<string, boolean> | null>(null);
  const send = useAndroidOperation(d.id, 'set-system-restriction', { keyPerSend: true, onSuccess: () => setDraft(null) });
  if (!view.data) return <PageLoading />;
  const current = view.data.restriction;
  const value = draft ?? current;
  const changed = changedKeys(current, value);
  const editable = systemCheck.allowed;
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text type="secondary">
          {view.data.diff_keys.length ? `${view.data.diff_keys.length} 项与门店默认不同（黄色标出）` : '与门店默认一致'}
          {d.restriction_report && `；设备已应用 ${d.restriction_report.applied.length} 项`}
        </Typography.Text>
        <Space>
          <ActionButton check={systemCheck} onClick={onSync}>
            同步门店默认限制
          </ActionButton>
          {editable && (
            <Button
              type="primary"
              disabled={!changed.length}
              loading={send.isPending}
              onClick={() => send.mutate({ restriction: Object.fromEntries(changed.map((k) => [k, value[k]])) })}
            >
              {changed.length ? `保存并下发（${changed.length} 项）` : '保存并下发'}
            </Button>
          )}
        </Space>
      </Flex>
      {!editable && systemCheck.permitted && <Alert type="info" showIcon title={systemCheck.reason} />}
      <RestrictionEditor
        value={value}
        onChange={setDraft}
        baseline={view.data.store_default}
        unsupported={d.restriction_report?.unsupported}
        sdkInt={d.sdk_int}
        disabled={!editable}
      />
    </Flex>
  );
}

/** AppRule edits the phone's app rule (set-app-restriction), picking from the apps it reported. */
function AppRule({ device: d, appCheck }: RestrictionsTabProps) {
  const [form] = Form.useForm<AppRuleValues & { confirmed?: boolean }>();
  const installed = useQuery(androidInstalledAppsQuery(d.id));
  const send = useAndroidOperation(d.id, 'set-app-restriction', { keyPerSend: true, onSuccess: () => form.setFieldValue('confirmed', false) });
  const initial: AppRuleValues = {
    enable: d.app_restriction_enable,
    mode: d.app_restriction_enable ? d.app_restriction_mode : undefined,
    list: d.app_restriction_list,
  };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={(v) => send.mutate(toAppRule(v) as AndroidAppRestriction & Record<string, unknown>)}
      style={{ maxWidth: 720 }}
    >
      <AppRestrictionFields installed={installed.data ?? []} disabled={!appCheck.allowed} />
      {appCheck.allowed && (
        <>
          <ConfirmField label="我确认向此设备下发应用限制" />
          <Button type="primary" htmlType="submit" loading={send.isPending} style={{ marginTop: 12 }}>
            保存并下发
          </Button>
        </>
      )}
    </Form>
  );
}

/** RestrictionsTab: the phone's system restriction switches and its app rule. */
export function RestrictionsTab(props: RestrictionsTabProps) {
  return (
    <Flex vertical>
      <SystemRestrictions {...props} />
      <Divider />
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        应用限制
      </Typography.Title>
      <AppRule {...props} />
    </Flex>
  );
}

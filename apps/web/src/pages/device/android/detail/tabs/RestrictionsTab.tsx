import { type AndroidAppEntry, type AndroidAppRestriction, type AndroidDeviceDetail, androidAppRestrictionModeLabel } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Divider, Flex, Form, Space } from 'antd';
import { Typography } from '../../../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { androidAppRestrictionQuery, androidInstalledAppsQuery, androidRestrictionQuery } from '../../../../../api/androidDevice.ts';
import { PageLoading } from '../../../../../components/PageLoading.tsx';
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

/** appRuleValues: the phone's rule as the form holds it (no mode while the rule is off). */
export const appRuleValues = (rule: AndroidAppRestriction): AppRuleValues => ({
  enable: rule.enable,
  mode: rule.enable ? rule.mode : undefined,
  list: rule.list,
});

/**
 * AppRule lists and edits the phone's app rule: it reads GET /{id}/app-restriction and sends set-app-restriction,
 * picking from the apps the phone reported. After a send the rule is read again, so the form shows what was stored.
 */
function AppRule({ device: d, appCheck }: RestrictionsTabProps) {
  const rule = useQuery(androidAppRestrictionQuery(d.id));
  const installed = useQuery(androidInstalledAppsQuery(d.id));
  if (!rule.data) return <PageLoading />;
  return <AppRuleForm key={JSON.stringify(rule.data)} deviceId={d.id} rule={rule.data} installed={installed.data ?? []} appCheck={appCheck} />;
}

function AppRuleForm({
  deviceId,
  rule,
  installed,
  appCheck,
}: {
  deviceId: string;
  rule: AndroidAppRestriction;
  installed: AndroidAppEntry[];
  appCheck: ActionCheck;
}) {
  const [form] = Form.useForm<AppRuleValues & { confirmed?: boolean }>();
  const send = useAndroidOperation(deviceId, 'set-app-restriction', { keyPerSend: true, onSuccess: () => form.setFieldValue('confirmed', false) });
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={appRuleValues(rule)}
      onFinish={(v) => send.mutate(toAppRule(v) as AndroidAppRestriction & Record<string, unknown>)}
      style={{ maxWidth: 720 }}
    >
      <Typography.Paragraph type="secondary">
        {rule.enable
          ? `当前：${(rule.mode !== undefined && androidAppRestrictionModeLabel[rule.mode]) || '已开启'}，共 ${rule.list.length} 个应用`
          : '当前：未开启应用限制'}
      </Typography.Paragraph>
      <AppRestrictionFields installed={installed} disabled={!appCheck.allowed} />
      {appCheck.allowed && (
        <Button type="primary" htmlType="submit" loading={send.isPending} style={{ marginTop: 12 }}>
          保存并下发
        </Button>
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

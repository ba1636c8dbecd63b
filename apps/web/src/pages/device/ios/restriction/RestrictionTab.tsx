import { AppleAppRestrictionType, type IosDeviceDetail, appleAppRestrictionTypeLabel, superviseStatusLabel } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Empty, Flex, Skeleton, Tag } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { useEffect, useState } from 'react';
import { restrictionStateQuery } from '../../../../api/iosRestriction.ts';
import { ResponsiveTable } from '../../../../components/ResponsiveTable.tsx';
import { formatDateTime } from '../../../../lib/time.ts';
import { useIsPhone } from '../../../../lib/useIsPhone.ts';
import { ActionButton } from '../components/ActionButton.tsx';
import type { DeviceCommand } from '../commands/DeviceCommandDialog.tsx';
import { canSetAppRestriction, canSetSystemRestriction, canTrustEnterpriseApps } from './restrictionActions.ts';
import { type RestrictionRow, appListOf, keyStatusText, restrictionRows, sameAppList, syncSummary, trustRemaining } from './restrictionStatus.ts';

/** TrustCountdown ticks the enterprise-app trust window down each second while it runs. */
function TrustCountdown({ until }: { until: string | null }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  const left = trustRemaining(until, now);
  if (!left) return null;
  return <Alert type="warning" showIcon title={`临时允许信任企业级应用：剩余 ${left}，${formatDateTime(until)} 自动恢复禁止。`} />;
}

interface RestrictionTabProps {
  device: IosDeviceDetail;
  perms: readonly string[];
  onCommand: (command: DeviceCommand) => void;
}

/**
 * RestrictionTab shows a phone's restrictions as they stand: what the store set, whether the phone has it
 * (or ignores it unsupervised, or refused it), what is on its way, the app rule, and the trust window.
 */
export function RestrictionTab({ device, perms, onCommand }: RestrictionTabProps) {
  const state = useQuery({ ...restrictionStateQuery(device.id), refetchInterval: (q) => (q.state.data?.pending ? 5000 : false) });
  const phone = useIsPhone();
  if (!state.data) return <Skeleton active />;
  const s = state.data;
  const summary = syncSummary(s);
  const rows = restrictionRows(s);
  const rule = s.requested.app_restriction;
  const desiredList = appListOf(s.desired_payload);
  const installedList = appListOf(s.installed_payload);
  const names = new Map([...s.essential_apps, ...s.global_white_list, ...rule.list].map((a) => [a.bundle_id, a.app_name]));

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap>
        <ActionButton type="primary" check={canSetSystemRestriction(device, perms)} onClick={() => onCommand('set-system-restriction')}>
          系统限制
        </ActionButton>
        <ActionButton check={canSetAppRestriction(device, perms)} onClick={() => onCommand('set-app-restriction')}>
          应用限制
        </ActionButton>
        <ActionButton check={canTrustEnterpriseApps(device, perms)} onClick={() => onCommand('temporary-allow-enterprise-app-trust')}>
          临时信任企业应用
        </ActionButton>
      </Flex>
      <Alert type={summary.type} showIcon title={summary.text} />
      <TrustCountdown until={s.requested.enterprise_app_trust_until} />
      {s.ignored_without_supervision.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`本机未监管，${s.ignored_without_supervision.length} 项需监管的限制在手机上不生效。可通过 Apple 商务管理或 Apple Configurator 监管后生效。`}
        />
      )}
      {/* One fact a line on a phone: three to a line squeezed each value to a character a line. */}
      <Descriptions size="small" column={phone ? 1 : 3}>
        <Descriptions.Item label="监管状态">{s.supervised === null ? superviseStatusLabel[0] : s.supervised ? '已监管' : '未监管'}</Descriptions.Item>
        <Descriptions.Item label="手机上次确认">{formatDateTime(s.installed_at)}</Descriptions.Item>
        <Descriptions.Item label="与门店默认">
          {s.diff_system_restriction_keys.length ? `${s.diff_system_restriction_keys.length} 项不同` : '一致'}
        </Descriptions.Item>
      </Descriptions>

      <Typography.Title level={5} style={{ margin: 0 }}>
        系统限制
      </Typography.Title>
      <ResponsiveTable<RestrictionRow>
        rowKey="key"
        label="系统限制"
        card={{ title: 'label' }}
        size="small"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有开启任何系统限制" /> }}
        columns={[
          { title: '限制项', dataIndex: 'label' },
          {
            title: '手机上',
            dataIndex: 'status',
            width: 160,
            render: (v: RestrictionRow['status']) => <Tag color={keyStatusText[v].color}>{keyStatusText[v].text}</Tag>,
          },
          { title: '门店默认', dataIndex: 'differsFromDefault', width: 140, render: (v: boolean) => (v ? <Tag color="blue">与门店默认不同</Tag> : '—') },
        ]}
      />

      <Typography.Title level={5} style={{ margin: 0 }}>
        应用限制
      </Typography.Title>
      {!rule.enable || rule.type === AppleAppRestrictionType.NONE ? (
        <Typography.Text type="secondary">未按名单限制应用。{installedList ? '（手机上仍有之前的名单，待移除）' : ''}</Typography.Text>
      ) : (
        <Flex vertical gap={8}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text>{appleAppRestrictionTypeLabel[rule.type]}</Typography.Text>
            {sameAppList(desiredList, installedList) ? (
              <Tag color="success">已生效</Tag>
            ) : (
              <Tag color={s.pending ? 'processing' : 'error'}>{s.pending ? '下发中' : '未生效'}</Tag>
            )}
            {s.supervised === false && <Tag color="warning">不生效（需监管）</Tag>}
          </Flex>
          <Flex gap={4} wrap>
            {(desiredList?.ids ?? []).map((id) => (
              <Tag key={id} title={id}>
                {names.get(id) ?? id}
              </Tag>
            ))}
          </Flex>
          {rule.type === AppleAppRestrictionType.WHITELIST && (
            <Typography.Text type="secondary">白名单包含电话、信息、通讯录、设置等系统必需应用和门店「Apple 应用白名单」。</Typography.Text>
          )}
        </Flex>
      )}
    </Flex>
  );
}

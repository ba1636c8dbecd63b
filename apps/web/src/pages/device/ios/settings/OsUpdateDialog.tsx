import { type AvailableOsUpdate, isUrgentUpdate, OS_INSTALL_ACTIONS, type OsInstallAction, osInstallActionLabel } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Radio, Spin, Tag } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { iosDetailQuery } from '../../../../api/iosDevice.ts';
import { osUpdateInfoQuery } from '../../../../api/iosOsUpdate.ts';
import type { CommandConfirmProps } from '../commands/CommandConfirmDialog.tsx';
import { ConfirmCommandModal } from '../../shared/ConfirmCommandModal.tsx';
import { deviceTitle, useDeviceCommand } from '../commands/useDeviceCommand.ts';
import { ddmActionEffect, deferralText, formatUpdateSize, installActionEffect, listSourceText, updateName, updatesOf } from './osUpdateView.ts';

interface OsUpdateValues {
  product_key?: string;
  install_action: OsInstallAction;
}

export interface OsUpdateDialogProps extends CommandConfirmProps {
  /** The update and action picked in the 系统更新 tab. */
  initial?: Partial<OsUpdateValues>;
}

/** UpdateTags marks what Apple flags: a critical update or a Rapid Security Response. */
export function UpdateTags({ update }: { update: AvailableOsUpdate }) {
  return (
    <>
      {update.IsSecurityResponse && <Tag color="red">快速安全响应</Tag>}
      {update.IsCritical && <Tag color="red">重要更新</Tag>}
    </>
  );
}

function UpdateOption({ update }: { update: AvailableOsUpdate }) {
  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text strong>{updateName(update)}</Typography.Text>
      <Typography.Text type="secondary">
        {update.Build && `版本号 ${update.Build} · `}下载 {formatUpdateSize(update.DownloadSize)}
        {update.InstallSize !== undefined && ` · 安装需 ${formatUpdateSize(update.InstallSize)}`}
      </Typography.Text>
      {isUrgentUpdate(update) && <UpdateTags update={update} />}
    </Flex>
  );
}

/**
 * OsUpdateDialog schedules one of the updates the phone is offered: 仅下载 or 立即安装, each with what it means for
 * the hirer. Below iOS 17 that is ScheduleOSUpdate; from iOS 17 a declaration with a deadline, which the dialog names,
 * with the deferral in force and where the version list came from. Without a list it offers to fetch one.
 */
export function OsUpdateDialog({ device, onClose, onDone, initial }: OsUpdateDialogProps) {
  const [form] = Form.useForm<OsUpdateValues>();
  const action = Form.useWatch('install_action', form) ?? initial?.install_action ?? 'DownloadOnly';
  const detail = useQuery(iosDetailQuery(device.id));
  const updates = detail.data ? updatesOf(detail.data) : [];
  const info = useQuery(osUpdateInfoQuery(device.id)).data;
  const ddm = info?.path === 'ddm';
  const source = listSourceText(info?.list_source ?? null);
  const refresh = useDeviceCommand('get-available-os-updates', { keyPerSend: true, queuedText: '已向设备查询可用更新，设备回应后列表自动刷新' });
  const send = useDeviceCommand('schedule-os-update', {
    onSuccess: () => {
      onClose();
      onDone?.();
    },
  });

  const list = detail.isPending ? (
    <Spin />
  ) : updates.length === 0 ? (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title="设备还没有上报可用更新，或已是最新系统。"
      action={
        <Button size="small" loading={refresh.isPending} onClick={() => refresh.mutate({ device_id: device.id })}>
          查询可用更新
        </Button>
      }
    />
  ) : (
    <Form.Item
      name="product_key"
      label={`选择更新（当前 iOS ${detail.data?.os_version || '未知'}）`}
      initialValue={initial?.product_key ?? updates[0]?.ProductKey}
      rules={[{ required: true, message: '请选择要安装的系统更新' }]}
    >
      <Radio.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        {updates.map((u) => (
          <Radio key={u.ProductKey} value={u.ProductKey}>
            <UpdateOption update={u} />
          </Radio>
        ))}
      </Radio.Group>
    </Form.Item>
  );

  return (
    <ConfirmCommandModal
      title={`系统更新 · ${deviceTitle(device)}`}
      okText={osInstallActionLabel[action]}
      danger={action === 'InstallASAP'}
      width={640}
      effect={ddm ? ddmActionEffect[action] : installActionEffect[action]}
      alert={action === 'InstallASAP' ? 'warning' : 'info'}
      confirm="我确认为此设备安排系统更新"
      form={form}
      pending={send.isPending}
      onClose={onClose}
      onSubmit={(v) => {
        if (v.product_key) send.mutate({ device_id: device.id, product_key: v.product_key, install_action: v.install_action });
        else form.setFields([{ name: 'install_action', errors: ['设备没有可安装的更新，请先查询可用更新'] }]);
      }}
      fields={
        <>
          {ddm && info && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
              {`iOS 17 起通过声明式管理更新 · 延迟更新：${deferralText(info.deferral)}`}
              {source && (
                <>
                  <br />
                  {source.offline ? <Typography.Text type="warning">{`版本来源：${source.text}`}</Typography.Text> : `版本来源：${source.text}`}
                </>
              )}
            </Typography.Paragraph>
          )}
          {list}
          <Form.Item name="install_action" label="更新方式" initialValue={initial?.install_action ?? 'DownloadOnly'}>
            <Radio.Group options={OS_INSTALL_ACTIONS.map((a) => ({ value: a, label: osInstallActionLabel[a] }))} />
          </Form.Item>
        </>
      }
    />
  );
}

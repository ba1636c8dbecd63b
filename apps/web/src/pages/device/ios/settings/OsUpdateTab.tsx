import { ReloadOutlined } from '@ant-design/icons';
import { type AvailableOsUpdate, type IosDeviceDetail, type IosOsUpdateInfo, type OsInstallAction, osUpdateStatusLabel } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Flex, Progress, Table, Tag } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { iosDetailQuery } from '../../../../api/iosDevice.ts';
import { osUpdateInfoQuery } from '../../../../api/iosOsUpdate.ts';
import { ActionButton } from '../components/ActionButton.tsx';
import { useDeviceCommand } from '../commands/useDeviceCommand.ts';
import { deviceName } from '../list/deviceColumns.tsx';
import { OsUpdateDialog, UpdateTags } from './OsUpdateDialog.tsx';
import { OsUpdateDeferral } from './OsUpdateDeferral.tsx';
import {
  deadlineText,
  deferralText,
  formatUpdateSize,
  installStateText,
  isUpdateRunning,
  listSourceText,
  progressOf,
  progressText,
  updateName,
  updatesOf,
} from './osUpdateView.ts';
import { canManageOsUpdates, canScheduleOsUpdate } from './settingsActions.ts';

// The tab's label lives apart, so the detail page shows it without loading this tab's code.
export { OsUpdateTabLabel } from './OsUpdateTabLabel.tsx';

interface OsUpdateTabProps {
  device: IosDeviceDetail;
  perms: readonly string[];
}

/** ddmRows are the rows only a phone on the declarative path has: its reported install state, the deadline, the deferral. */
function ddmRows(info: IosOsUpdateInfo | undefined, deadline: string | null) {
  if (info?.path !== 'ddm') return [];
  return [
    { key: 'state', label: '安装状态', children: installStateText(info) },
    ...(deadline ? [{ key: 'deadline', label: '截止时间', children: deadline }] : []),
  ];
}

/**
 * OsUpdateTab is the phone's system updates: the version it runs, the updates it is offered (with sizes and
 * Apple's urgency flags), the scheduled update's progress, and 仅下载 / 立即安装 per update. iOS 17+ phones take
 * updates by declaration: the tab shows their reported install state, the deadline, the deferral in force and where
 * the version list came from (an offline list says so). While an update runs the detail refreshes itself.
 */
export function OsUpdateTab({ device: d, perms }: OsUpdateTabProps) {
  const progress = progressOf(d);
  const running = isUpdateRunning(progress);
  useQuery({ ...iosDetailQuery(d.id), refetchInterval: running ? 10_000 : false });
  const info = useQuery({ ...osUpdateInfoQuery(d.id), refetchInterval: running ? 10_000 : false }).data;
  const source = listSourceText(info?.list_source ?? null);
  const [chosen, setChosen] = useState<{ product_key: string; install_action: OsInstallAction } | null>(null);
  // iOS 17+ answers at once: the list from Apple's service (or the offline one), the progress from what the phone reported.
  const ddm = info?.path === 'ddm';
  const refreshList = useDeviceCommand('get-available-os-updates', {
    keyPerSend: true,
    queuedText: ddm ? '可用更新已刷新' : '已向设备查询可用更新，设备回应后自动刷新',
  });
  const refreshStatus = useDeviceCommand('get-os-update-status', {
    keyPerSend: true,
    queuedText: ddm ? '已读取设备最近上报的更新状态' : '已向设备查询更新进度，设备回应后自动刷新',
  });
  const manage = canManageOsUpdates(d, perms);
  const schedule = canScheduleOsUpdate(d, perms);
  const updates = updatesOf(d);

  const scheduleButton = (u: AvailableOsUpdate, action: OsInstallAction, label: string) => (
    <ActionButton
      size="small"
      type={action === 'InstallASAP' ? 'primary' : 'default'}
      check={schedule}
      onClick={() => setChosen({ product_key: u.ProductKey, install_action: action })}
    >
      {label}
    </ActionButton>
  );

  return (
    <Flex vertical gap={16}>
      {source?.offline && <Alert type="warning" showIcon title={`可用版本来自${source.text}，可能不是 Apple 最新发布的版本`} />}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'os', label: '当前系统', children: d.os_version ? `iOS ${d.os_version}` : '未知' },
          ...(info ? [{ key: 'path', label: '更新方式', children: info.path_note }] : []),
          { key: 'need', label: '需要更新', children: d.need_os_update ? <Tag color="orange">可更新</Tag> : '已是最新或未查询' },
          { key: 'status', label: '更新状态', children: osUpdateStatusLabel[d.os_update_status] ?? '未知' },
          {
            key: 'progress',
            label: '进度',
            children: progress ? (
              <Flex vertical style={{ width: '100%' }}>
                <Typography.Text type={progress.phase === 'failed' ? 'danger' : undefined}>{progressText(progress)}</Typography.Text>
                {progress.percent !== null && progress.phase !== 'failed' && (
                  <Progress percent={progress.percent} size="small" status={running ? 'active' : 'normal'} />
                )}
              </Flex>
            ) : (
              '无'
            ),
          },
          ...ddmRows(info, deadlineText(progress)),
          ...(info ? [{ key: 'deferral', label: '延迟更新', children: deferralText(info.deferral) }] : []),
          ...(source ? [{ key: 'source', label: '版本来源', children: source.text }] : []),
        ]}
      />
      <Flex gap={8} wrap>
        <ActionButton icon={<ReloadOutlined />} check={manage} loading={refreshList.isPending} onClick={() => refreshList.mutate({ device_id: d.id })}>
          刷新可用更新
        </ActionButton>
        <ActionButton icon={<ReloadOutlined />} check={manage} loading={refreshStatus.isPending} onClick={() => refreshStatus.mutate({ device_id: d.id })}>
          刷新更新进度
        </ActionButton>
      </Flex>
      {info && <OsUpdateDeferral deviceId={d.id} deferral={info.deferral} check={manage} />}
      <Table<AvailableOsUpdate>
        size="small"
        rowKey="ProductKey"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={updates}
        locale={{ emptyText: '暂无可用更新（设备已是最新系统，或尚未查询）' }}
        columns={[
          {
            title: '更新',
            key: 'name',
            render: (_, u) => (
              <Flex gap={4} wrap>
                {updateName(u)}
                <UpdateTags update={u} />
              </Flex>
            ),
          },
          { title: '版本号', dataIndex: 'Build' },
          { title: '下载大小', key: 'download', render: (_, u) => formatUpdateSize(u.DownloadSize) },
          { title: '安装所需空间', key: 'install', render: (_, u) => formatUpdateSize(u.InstallSize) },
          {
            title: '操作',
            key: 'actions',
            render: (_, u) => (
              <Flex gap={8} wrap>
                {scheduleButton(u, 'DownloadOnly', '仅下载')}
                {scheduleButton(u, 'InstallASAP', '立即安装')}
              </Flex>
            ),
          },
        ]}
      />
      {chosen && (
        <OsUpdateDialog device={{ id: d.id, model_name: deviceName(d), serial_number: d.serial_number }} initial={chosen} onClose={() => setChosen(null)} />
      )}
    </Flex>
  );
}

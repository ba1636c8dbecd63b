import { useQuery } from '@tanstack/react-query';
import { installedAppsQuery } from '../../../../../api/iosDevice.ts';
import { InstalledAppsList } from '../../../shared/InstalledAppsList.tsx';
import { useDeviceCommand } from '../../commands/useDeviceCommand.ts';
import type { ActionCheck } from '../deviceActions.ts';

interface AppsTabProps {
  deviceId: string;
  refreshCheck: ActionCheck;
  /** When the phone last reported its facts (the app list comes with them). */
  updatedAt: string;
}

/** AppsTab lists the apps the phone reported; 刷新 asks the phone for a new list (a queued command). */
export function AppsTab({ deviceId, refreshCheck, updatedAt }: AppsTabProps) {
  const apps = useQuery(installedAppsQuery(deviceId));
  const refresh = useDeviceCommand('get-installed-app-list', { keyPerSend: true });
  return (
    <InstalledAppsList
      apps={apps.data}
      loading={apps.isLoading}
      idKey="bundle_id"
      idTitle="Bundle ID"
      countNote={` · 信息更新于 ${updatedAt}`}
      searchPlaceholder="搜索应用名称或 Bundle ID"
      emptyText="设备尚未上报应用列表"
      refreshCheck={refreshCheck}
      refreshing={refresh.isPending}
      onRefresh={() => refresh.mutate({ device_id: deviceId })}
    />
  );
}

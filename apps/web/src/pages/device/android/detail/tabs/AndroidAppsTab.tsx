import { useQuery } from '@tanstack/react-query';
import { androidInstalledAppsQuery } from '../../../../../api/androidDevice.ts';
import { InstalledAppsList } from '../../../shared/InstalledAppsList.tsx';
import type { ActionCheck } from '../../androidActions.ts';
import { useAndroidOperation } from '../../commands/useAndroidOperation.ts';

/** AndroidAppsTab lists the apps the phone reported; 刷新 asks it for a new list (a queued operation). */
export function AndroidAppsTab({ deviceId, refreshCheck }: { deviceId: string; refreshCheck: ActionCheck }) {
  const apps = useQuery(androidInstalledAppsQuery(deviceId));
  const refresh = useAndroidOperation(deviceId, 'get-installed-app-list', { keyPerSend: true });
  return (
    <InstalledAppsList
      apps={apps.data}
      loading={apps.isLoading}
      idKey="package_name"
      idTitle="包名"
      searchPlaceholder="搜索应用名称或包名"
      emptyText="设备尚未上报应用列表，可点击“刷新应用列表”"
      blankName="—"
      refreshCheck={refreshCheck}
      refreshing={refresh.isPending}
      onRefresh={() => refresh.mutate(undefined)}
    />
  );
}

import { EnrollmentStatus, Perm } from '@lease/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  androidDetailQuery,
  androidKeys,
  androidLocationLogQuery,
  androidOperationLogQuery,
  getAndroidHirerPhone,
  updateAndroidHirer,
} from '../../../../api/androidDevice.ts';
import { useUser } from '../../../../auth/useUser.ts';
import { PageLoading } from '../../../../components/PageLoading.tsx';
import { androidClerkChange } from '../list/androidClerkChange.ts';
import {
  androidDeviceId,
  androidDeviceName,
  canChangeClerk,
  canDeregulate,
  canLocate,
  canRefreshApps,
  canSetAppRestriction,
  canSetRestriction,
  isInTransit,
} from '../androidActions.ts';
import type { AndroidDialog } from '../commands/AndroidOperationDialog.tsx';
import { DeviceDetailFrame, DeviceEditDialogs, DeviceLoadError, factsTab } from '../../shared/DetailPageParts.tsx';
import { AndroidDeviceFacts } from './AndroidDeviceFacts.tsx';
import { AndroidDeviceHeader } from './AndroidDeviceHeader.tsx';
import { leasePlanTabs } from '../../shared/leasePlanTab.tsx';
import { lazyPart, lazyTab } from '../../../../components/lazyPart.tsx';

const BACK = '/console/device/android/list';
const hirerApi = { read: getAndroidHirerPhone, save: updateAndroidHirer, root: androidKeys.all };

// Each tab's code loads when the tab first opens, and the dialogs' when one is chosen (as on the Apple page).
const RestrictionsTab = lazyTab(() => import('./tabs/RestrictionsTab.tsx').then((m) => m.RestrictionsTab));
const OperationLogTab = lazyTab(() => import('../../ios/detail/tabs/OperationLogTab.tsx').then((m) => m.OperationLogTab));
const LocationTab = lazyTab(() => import('../../ios/detail/tabs/LocationTab.tsx').then((m) => m.LocationTab));
const AndroidAppsTab = lazyTab(() => import('./tabs/AndroidAppsTab.tsx').then((m) => m.AndroidAppsTab));
const SimulatorTab = lazyTab(() => import('./tabs/SimulatorTab.tsx').then((m) => m.SimulatorTab));
const AndroidOperationDialog = lazyPart(() => import('../commands/AndroidOperationDialog.tsx').then((m) => m.AndroidOperationDialog));

/** AndroidDetailPage is one Android phone: its state and operations, its facts, restrictions, apps and logs. */
export default function AndroidDetailPage() {
  const { id = '' } = useParams();
  const { permission: perms } = useUser();
  const detail = useQuery({ ...androidDetailQuery(id), refetchInterval: (q) => (q.state.data && isInTransit(q.state.data) ? 3000 : false) });
  const [dialog, setDialog] = useState<AndroidDialog | null>(null);
  const [edit, setEdit] = useState<'hirer' | 'clerk' | null>(null);
  const [tab, setTab] = useState('facts');
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  if (detail.isPending) return <PageLoading />;
  // A failed refresh keeps showing what was loaded; only a device never loaded shows the error.
  if (!detail.data)
    return <DeviceLoadError error={detail.error} onRetry={() => void detail.refetch()} back={BACK} missingHint="设备可能不属于本门店，或不由你负责。" />;
  const d = detail.data;
  const afterDialog = (done: AndroidDialog | null) => {
    if (done === 'locate') setTab('location');
    else if (done === 'sync-restriction') setTab('restrictions');
    else if (done && !done.endsWith('passcode')) setTab('log');
  };

  return (
    <DeviceDetailFrame
      back={d.archived ? `${BACK}/archived` : BACK}
      header={<AndroidDeviceHeader device={d} perms={perms} onDialog={setDialog} />}
      notices={
        <>
          {d.archived && <Alert type="info" showIcon title="设备已归档：记录保留，不能再下发指令。" />}
          {!d.archived && d.enrollment_status !== EnrollmentStatus.ENROLLED && <Alert type="warning" showIcon title="设备已脱离管理，无法下发指令。" />}
        </>
      }
      tab={tab}
      onTab={setTab}
      tabs={[
        factsTab(
          <AndroidDeviceFacts
            device={d}
            onEditHirer={() => setEdit('hirer')}
            onChangeClerk={canChangeClerk(d, perms).allowed ? () => setEdit('clerk') : undefined}
          />,
        ),
        {
          key: 'restrictions',
          label: '系统与应用限制',
          children: (
            <RestrictionsTab
              device={d}
              systemCheck={canSetRestriction(d, perms)}
              appCheck={canSetAppRestriction(d, perms)}
              onSync={() => setDialog('sync-restriction')}
            />
          ),
        },
        {
          key: 'log',
          label: '操作记录',
          children: (
            <OperationLogTab
              deviceId={d.id}
              canCancel={false}
              logQuery={androidOperationLogQuery}
              onSettled={() => void queryClient.invalidateQueries({ queryKey: androidKeys.device(d.id) })}
            />
          ),
        },
        {
          key: 'location',
          label: '定位',
          children: (
            <LocationTab
              deviceId={d.id}
              last={d.last_active_location}
              pending={d.progress?.action === 'get-location'}
              locateCheck={canLocate(d, perms)}
              onLocate={() => setDialog('locate')}
              logQuery={androidLocationLogQuery}
              emptyText="暂无位置。点击“获取定位”请设备上报当前位置。"
            />
          ),
        },
        { key: 'apps', label: '已安装应用', children: <AndroidAppsTab deviceId={d.id} refreshCheck={canRefreshApps(d, perms)} /> },
        // A simulated phone's lock screen (the challenge for an offline code); the server answers only with dev tools on.
        ...(d.is_simulated ? [{ key: 'simulator', label: '模拟设备', children: <SimulatorTab deviceId={d.id} /> }] : []),
        ...leasePlanTabs({
          platform: 'android',
          deviceId: d.id,
          perms,
          release: { label: '结清释放（解除监管）', check: canDeregulate(d, perms), onRelease: () => setDialog('deregulate') },
        }),
      ]}
    >
      {dialog && (
        <AndroidOperationDialog
          dialog={dialog}
          device={{ id: d.id, name: androidDeviceName(d), ident: androidDeviceId(d) }}
          onClose={() => setDialog(null)}
          onDone={() => {
            afterDialog(dialog);
            if (dialog === 'archive') void navigate(`${BACK}/archived`, { replace: true });
          }}
        />
      )}
      <DeviceEditDialogs
        edit={edit}
        device={d}
        perms={perms}
        viewAll={Perm.ANDROID_LIST_VIEW_ALL}
        back={BACK}
        hirerApi={hirerApi}
        clerkApi={androidClerkChange}
        onClose={() => setEdit(null)}
      />
    </DeviceDetailFrame>
  );
}

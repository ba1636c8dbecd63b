import { EnrollmentStatus, Perm, RecycledStatus } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { iosDetailQuery } from '../../../../api/iosDevice.ts';
import { clientConfigQuery } from '../../../../api/system.ts';
import { useUser } from '../../../../auth/useUser.ts';
import { PageLoading } from '../../../../components/PageLoading.tsx';
import { formatDateTime } from '../../../../lib/time.ts';
import { DeviceDetailFrame, DeviceEditDialogs, DeviceLoadError, factsTab } from '../../shared/DetailPageParts.tsx';
import type { DeviceCommand } from '../commands/DeviceCommandDialog.tsx';
import { deviceName } from '../list/deviceColumns.tsx';
import { ConnectionPanel } from './ConnectionPanel.tsx';
import { canCancelSchedule, canChangeClerk, canLocate, canRefreshApps, isInTransit } from './deviceActions.ts';
import { DeviceFacts } from './DeviceFacts.tsx';
import { DeviceHeader } from './DeviceHeader.tsx';
import { EnrollPanel } from './EnrollPanel.tsx';
import { OsUpdateTabLabel } from '../settings/OsUpdateTabLabel.tsx';
import { canOneClickUnlock } from '../release/releaseActions.ts';
import { leasePlanTabs } from '../../shared/leasePlanTab.tsx';
import { lazyPart, lazyTab } from '../../../../components/lazyPart.tsx';

const BACK = '/console/device/ios/list';

// Each tab's code loads when the tab first opens, and the command dialogs' when a command is chosen: the page's
// first load is the header and the facts (on a phone it was 121 requests and 637 KB of JS with every tab's).
const OperationLogTab = lazyTab(() => import('./tabs/OperationLogTab.tsx').then((m) => m.OperationLogTab));
const LocationTab = lazyTab(() => import('./tabs/LocationTab.tsx').then((m) => m.LocationTab));
const AppsTab = lazyTab(() => import('./tabs/AppsTab.tsx').then((m) => m.AppsTab));
const RestrictionTab = lazyTab(() => import('../restriction/RestrictionTab.tsx').then((m) => m.RestrictionTab));
const SimLogTab = lazyTab(() => import('./tabs/SimLogTab.tsx').then((m) => m.SimLogTab));
const OsUpdateTab = lazyTab(() => import('../settings/OsUpdateTab.tsx').then((m) => m.OsUpdateTab));
const DeviceCommandDialog = lazyPart(() => import('../commands/DeviceCommandDialog.tsx').then((m) => m.DeviceCommandDialog));

const TAB_AFTER: Partial<Record<DeviceCommand, string>> = {
  locate: 'location',
  'os-update': 'os-update',
  'set-system-restriction': 'restriction',
  'set-app-restriction': 'restriction',
  'temporary-allow-enterprise-app-trust': 'restriction',
};

/** IosDetailPage is one Apple device: its state and commands, every fact, and its logs. */
export default function IosDetailPage() {
  const { id = '' } = useParams();
  const { permission: perms } = useUser();
  // The page renders from deferred copies of its queries: the answer's first render (header, facts, tabs: ~250 ms
  // of a mid-range phone) then runs in slices React can pause for a tap, not as one task that freezes the page.
  const detail = useDeferredValue(useQuery({ ...iosDetailQuery(id), refetchInterval: (q) => (q.state.data && isInTransit(q.state.data) ? 5000 : false) }));
  const [command, setCommand] = useState<DeviceCommand | null>(null);
  const [dialog, setDialog] = useState<'hirer' | 'clerk' | null>(null);
  const [tab, setTab] = useState('facts');
  const navigate = useNavigate();
  // The enrolment panel's https notice sits above its QR code: shown once the config came, it pushed the code and
  // everything under it down (CLS 0.12 on a phone). The page waits for both; they are asked for at the same time.
  const config = useDeferredValue(useQuery(clientConfigQuery));

  // After a command the page shows where its outcome appears: its own tab, else the operation log.
  const afterCommand = (done: DeviceCommand | null) => {
    if (done === 'remove') void navigate('/console/device/ios/recycled-list', { replace: true });
    else if (done && TAB_AFTER[done]) setTab(TAB_AFTER[done]);
    else if (done !== 'recycle' && done !== 'restore' && done !== 'get-activation-lock-password') setTab('log');
  };

  if (detail.isPending || config.isPending) return <PageLoading />;
  if (detail.isError)
    return <DeviceLoadError error={detail.error} onRetry={() => void detail.refetch()} back={BACK} missingHint="设备可能已被删除，或不由你负责。" />;
  const d = detail.data;
  const waitingForEnrol = d.enrollment_status !== EnrollmentStatus.ENROLLED && d.recycled_status !== RecycledStatus.RECYCLED;

  return (
    <DeviceDetailFrame
      back={BACK}
      header={<DeviceHeader device={d} perms={perms} onCommand={setCommand} />}
      tab={tab}
      onTab={setTab}
      tabs={[
        factsTab(
          <DeviceFacts
            device={d}
            onEditHirer={() => setDialog('hirer')}
            onChangeClerk={canChangeClerk(perms).allowed ? () => setDialog('clerk') : undefined}
          />,
        ),
        { key: 'log', label: '操作记录', children: <OperationLogTab deviceId={d.id} canCancel={canCancelSchedule(perms).allowed} /> },
        {
          key: 'location',
          label: '定位',
          children: (
            <LocationTab
              deviceId={d.id}
              last={d.last_active_location}
              pending={d.progress?.action === 'get-location'}
              locateCheck={canLocate(d, perms)}
              onLocate={() => setCommand('locate')}
            />
          ),
        },
        {
          key: 'apps',
          label: '已安装应用',
          children: <AppsTab deviceId={d.id} refreshCheck={canRefreshApps(d, perms)} updatedAt={formatDateTime(d.facts_updated_at)} />,
        },
        { key: 'restriction', label: '限制', children: <RestrictionTab device={d} perms={perms} onCommand={setCommand} /> },
        { key: 'sim', label: 'SIM 卡记录', children: <SimLogTab deviceId={d.id} /> },
        { key: 'os-update', label: <OsUpdateTabLabel need={d.need_os_update} />, children: <OsUpdateTab device={d} perms={perms} /> },
        ...leasePlanTabs({
          platform: 'ios',
          deviceId: d.id,
          perms,
          release: { label: '结清释放', check: canOneClickUnlock(d, perms), onRelease: () => setCommand('one-click-unlock') },
        }),
      ]}
      // On a phone one column: the connection and enrolment panels come first, above the facts.
      aside={
        <>
          {waitingForEnrol && <EnrollPanel link={d.enroll_link} serial={d.serial_number} deviceId={d.id} />}
          <ConnectionPanel check={d.mdm_check} checking={detail.isFetching} onRecheck={() => void detail.refetch()} />
        </>
      }
    >
      {command && (
        <DeviceCommandDialog
          command={command}
          device={{ id: d.id, model_name: deviceName(d), serial_number: d.serial_number, lock_status: d.lock_status }}
          onClose={() => setCommand(null)}
          onDone={() => afterCommand(command)}
        />
      )}
      <DeviceEditDialogs edit={dialog} device={d} perms={perms} viewAll={Perm.APPLE_LIST_VIEW_ALL} back={BACK} onClose={() => setDialog(null)} />
    </DeviceDetailFrame>
  );
}

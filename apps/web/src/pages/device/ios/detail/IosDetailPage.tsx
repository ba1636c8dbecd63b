import { EnrollmentStatus, hasPermission, Perm, RecycledStatus } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Flex, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { iosDetailQuery } from '../../../../api/iosDevice.ts';
import { useUser } from '../../../../auth/useUser.ts';
import { PageLoading } from '../../../../components/PageLoading.tsx';
import { Panel } from '../../../../components/Panel.tsx';
import { formatDateTime } from '../../../../lib/time.ts';
import { useIsPhone } from '../../../../lib/useIsPhone.ts';
import { BackToListLink, DeviceLoadError } from '../../shared/DetailPageParts.tsx';
import { DeviceCommandDialog, type DeviceCommand } from '../commands/DeviceCommandDialog.tsx';
import { deviceName } from '../list/deviceColumns.tsx';
import { ChangeClerkDialog } from '../list/ChangeClerkDialog.tsx';
import { ConnectionPanel } from './ConnectionPanel.tsx';
import { canCancelSchedule, canChangeClerk, canLocate, canRefreshApps, isInTransit } from './deviceActions.ts';
import { DeviceFacts } from './DeviceFacts.tsx';
import { DeviceHeader } from './DeviceHeader.tsx';
import { EnrollPanel } from './EnrollPanel.tsx';
import { HirerDialog } from './HirerDialog.tsx';
import { AppsTab } from './tabs/AppsTab.tsx';
import { LocationTab } from './tabs/LocationTab.tsx';
import { OperationLogTab } from './tabs/OperationLogTab.tsx';
import { SimLogTab } from './tabs/SimLogTab.tsx';
import { RestrictionTab } from '../restriction/RestrictionTab.tsx';
import { OsUpdateTab, OsUpdateTabLabel } from '../settings/OsUpdateTab.tsx';

const BACK = '/console/device/ios/list';

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
  const detail = useQuery({ ...iosDetailQuery(id), refetchInterval: (q) => (q.state.data && isInTransit(q.state.data) ? 5000 : false) });
  const [command, setCommand] = useState<DeviceCommand | null>(null);
  const [dialog, setDialog] = useState<'hirer' | 'clerk' | null>(null);
  const [tab, setTab] = useState('facts');
  const navigate = useNavigate();
  const phone = useIsPhone();

  // After a command the page shows where its outcome appears: its own tab, else the operation log.
  const afterCommand = (done: DeviceCommand | null) => {
    if (done === 'remove') void navigate('/console/device/ios/recycled-list', { replace: true });
    else if (done && TAB_AFTER[done]) setTab(TAB_AFTER[done]);
    else if (done !== 'recycle' && done !== 'restore' && done !== 'get-activation-lock-password') setTab('log');
  };

  if (detail.isPending) return <PageLoading />;
  if (detail.isError) return <DeviceLoadError error={detail.error} onRetry={() => void detail.refetch()} back={BACK} missingHint="设备可能已被删除，或不由你负责。" />;
  const d = detail.data;
  const waitingForEnrol = d.enrollment_status !== EnrollmentStatus.ENROLLED && d.recycled_status !== RecycledStatus.RECYCLED;

  return (
    <Flex vertical gap={16}>
      <BackToListLink to={BACK} />
      <DeviceHeader device={d} perms={perms} onCommand={setCommand} />
      {/* On a phone one column: the connection and enrolment panels come first, above the facts. */}
      <Flex gap={16} align={phone ? 'stretch' : 'start'} vertical={phone}>
        <Panel style={{ flex: 1, minWidth: 0, order: phone ? 2 : 0 }}>
          <Tabs
            activeKey={tab}
            onChange={setTab}
            style={{ marginTop: -12 }}
            items={[
              {
                key: 'facts',
                label: '设备信息',
                children: (
                  <DeviceFacts
                    device={d}
                    onEditHirer={() => setDialog('hirer')}
                    onChangeClerk={canChangeClerk(perms).allowed ? () => setDialog('clerk') : undefined}
                  />
                ),
              },
              { key: 'log', label: '操作记录', children: <OperationLogTab deviceId={d.id} canCancel={canCancelSchedule(perms).allowed} /> },
              {
                key: 'location',
                label: '定位',
                children: <LocationTab deviceId={d.id} last={d.last_active_location} pending={d.progress?.action === 'get-location'} locateCheck={canLocate(d, perms)} onLocate={() => setCommand('locate')} />,
              },
              {
                key: 'apps',
                label: '已安装应用',
                children: <AppsTab deviceId={d.id} refreshCheck={canRefreshApps(d, perms)} updatedAt={formatDateTime(d.facts_updated_at)} />,
              },
              { key: 'restriction', label: '限制', children: <RestrictionTab device={d} perms={perms} onCommand={setCommand} /> },
              { key: 'sim', label: 'SIM 卡记录', children: <SimLogTab deviceId={d.id} /> },
              { key: 'os-update', label: <OsUpdateTabLabel need={d.need_os_update} />, children: <OsUpdateTab device={d} perms={perms} /> },
            ]}
          />
        </Panel>
        <Flex vertical gap={16} style={phone ? { order: 1 } : { width: 300, flex: 'none' }}>
          {waitingForEnrol && <EnrollPanel link={d.enroll_link} serial={d.serial_number} />}
          <ConnectionPanel check={d.mdm_check} checking={detail.isFetching} onRecheck={() => void detail.refetch()} />
        </Flex>
      </Flex>
      <DeviceCommandDialog
        command={command}
        device={{ id: d.id, model_name: deviceName(d), serial_number: d.serial_number }}
        onClose={() => setCommand(null)}
        onDone={() => afterCommand(command)}
      />
      {dialog === 'hirer' && <HirerDialog deviceId={d.id} name={d.hirer_name} onClose={() => setDialog(null)} />}
      {dialog === 'clerk' && (
        <ChangeClerkDialog
          deviceIds={[d.id]}
          currentClerkId={d.for_clerk?.id}
          onClose={() => setDialog(null)}
          // Without list:view-all the clerk no longer sees a phone handed to someone else.
          onDone={() => !hasPermission(perms, Perm.APPLE_LIST_VIEW_ALL) && void navigate(BACK, { replace: true })}
        />
      )}
    </Flex>
  );
}

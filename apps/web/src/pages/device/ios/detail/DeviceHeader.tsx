import { EnvironmentOutlined, SoundOutlined } from '@ant-design/icons';
import { EnrollmentStatus, LockStatus, RecycledStatus, type IosDeviceDetail } from '@lease/shared';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { DeviceHeaderFrame, LockToggleButton } from '../../shared/DeviceHeaderFrame.tsx';
import { HirerRiskTag } from '../../../report/components/HirerRiskTag.tsx';
import { ActionButton } from '../components/ActionButton.tsx';
import { EnrollTag, LockTag, ProgressNote } from '../components/StatusTags.tsx';
import type { DeviceCommand } from '../commands/DeviceCommandDialog.tsx';
import { deviceName } from '../list/deviceColumns.tsx';
import { ACTION_MENUS } from './actionMenus.tsx';
import { ActionMenuButton } from './ActionMenuButton.tsx';
import { phoneSheetSections } from './headerSheet.tsx';
import { MoreActions } from '../../shared/MoreActions.tsx';
import { useIsPhone } from '../../../../lib/useIsPhone.ts';
import { useUser } from '../../../../auth/useUser.ts';
import { canLocate, canLock, canPlaySound, canUnlock } from './deviceActions.ts';
import { lockIntentNote } from './lockIntent.ts';

interface DeviceHeaderProps {
  device: IosDeviceDetail;
  perms: readonly string[];
  onCommand: (command: DeviceCommand) => void;
}

/** DeviceHeader names the phone, shows its state and offers the commands this clerk may send now. */
export function DeviceHeader({ device: d, perms, onCommand }: DeviceHeaderProps) {
  const phone = useIsPhone();
  const { available_modules: modules } = useUser();
  const recycled = d.recycled_status === RecycledStatus.RECYCLED;
  // The store's lock counts as locked for the toggle even while the phone is out of Lost Mode: unlock ends it.
  const lockedState =
    d.lock_status === LockStatus.LOCKED || d.lock_status === LockStatus.LOCKING || (Boolean(d.lock_intent) && d.lock_status === LockStatus.UNLOCKED);
  const intentNote = lockIntentNote(d);
  return (
    <DeviceHeaderFrame
      name={deviceName(d)}
      simulated={d.is_simulated}
      tags={
        <>
          <Typography.Text type="secondary" copyable={{ text: d.serial_number }}>
            序列号 {d.serial_number}
          </Typography.Text>
          <EnrollTag status={d.enrollment_status} />
          {d.enrollment_status === EnrollmentStatus.ENROLLED && <LockTag status={d.lock_status} />}
          {recycled && <Typography.Text type="warning">已在回收站</Typography.Text>}
          {intentNote && <Typography.Text type="danger">{intentNote}</Typography.Text>}
          {d.progress && <ProgressNote progress={d.progress} />}
          <HirerRiskTag risk={d.hirer_risk} />
        </>
      }
      actions={
        <>
          <LockToggleButton
            locked={lockedState}
            lockCheck={canLock(d, perms)}
            unlockCheck={canUnlock(d, perms)}
            onLock={() => onCommand('lock')}
            onUnlock={() => onCommand('unlock')}
          />
          {!phone && (
            <ActionButton icon={<SoundOutlined />} check={canPlaySound(d, perms)} onClick={() => onCommand('sound')}>
              播放提示音
            </ActionButton>
          )}
          <ActionButton icon={<EnvironmentOutlined />} check={canLocate(d, perms)} onClick={() => onCommand('locate')}>
            获取定位
          </ActionButton>
          {/* On a phone one row: lock, locate and a "more" sheet holding the menus below. */}
          {phone ? (
            <MoreActions phone sections={phoneSheetSections(d, perms, modules, onCommand)} />
          ) : (
            ACTION_MENUS.map((group) => <ActionMenuButton key={group.key} group={group} device={d} perms={perms} onCommand={onCommand} />)
          )}
        </>
      }
    />
  );
}

import { EnvironmentOutlined, FileImageOutlined, FolderOutlined, KeyOutlined, SafetyCertificateOutlined, StopOutlined } from '@ant-design/icons';
import { EnrollmentStatus, type AndroidDeviceDetail } from '@lease/shared';
import { Tag } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { HirerRiskTag } from '../../../report/components/HirerRiskTag.tsx';
import { ActionButton } from '../../ios/components/ActionButton.tsx';
import { EnrollTag, LockTag, ProgressNote } from '../../ios/components/StatusTags.tsx';
import { DeviceHeaderFrame, LockToggleButton } from '../../shared/DeviceHeaderFrame.tsx';
import {
  androidDeviceName,
  canArchive,
  canDeregulate,
  canDeregulatePasscode,
  canLocate,
  canLock,
  canRegulate,
  canSetWallpaper,
  canUnlock,
  canUnlockPasscode,
  isLockedState,
  isRegulatedState,
} from '../androidActions.ts';
import type { AndroidDialog } from '../commands/AndroidOperationDialog.tsx';
import { ChannelTag, RegulateTag } from '../components/AndroidStatus.tsx';
import { MoreActions } from '../../shared/MoreActions.tsx';
import type { SheetAction } from '../../shared/sheetActions.ts';
import { useIsPhone } from '../../../../lib/useIsPhone.ts';

interface HeaderProps {
  device: AndroidDeviceDetail;
  perms: readonly string[];
  onDialog: (dialog: AndroidDialog) => void;
}

/** AndroidDeviceHeader names the phone, shows its state and offers the operations this clerk may use now. */
export function AndroidDeviceHeader({ device: d, perms, onDialog }: HeaderProps) {
  const managed = d.enrollment_status === EnrollmentStatus.ENROLLED && !d.archived;
  const phone = useIsPhone();
  const regulated = isRegulatedState(d.regulate_status);
  // The header's buttons on a desktop; on a phone they fold into the "more" sheet with the rare ones.
  const routine: SheetAction[] = [
    { key: 'unlock-passcode', label: '离线解锁码', icon: <KeyOutlined />, check: canUnlockPasscode(d, perms), onClick: () => onDialog('unlock-passcode') },
    regulated
      ? { key: 'deregulate', label: '结清释放（解除监管）', icon: <StopOutlined />, check: canDeregulate(d, perms), onClick: () => onDialog('deregulate') }
      : { key: 'regulate', label: '开启监管', icon: <SafetyCertificateOutlined />, check: canRegulate(d, perms), onClick: () => onDialog('regulate') },
    {
      key: 'deregulate-passcode',
      label: '离线解除监管码',
      icon: <KeyOutlined />,
      check: canDeregulatePasscode(d, perms),
      onClick: () => onDialog('deregulate-passcode'),
    },
    { key: 'wallpaper', label: '设置壁纸', icon: <FileImageOutlined />, check: canSetWallpaper(d, perms), onClick: () => onDialog('wallpaper') },
  ];
  // Archiving cannot be undone: it sits in "more" on every screen, behind its confirming dialog.
  const rare: SheetAction[] = [
    { key: 'archive', label: '归档', icon: <FolderOutlined />, danger: true, check: canArchive(d, perms), onClick: () => onDialog('archive') },
  ];
  return (
    <DeviceHeaderFrame
      name={androidDeviceName(d)}
      simulated={d.is_simulated}
      tags={
        <>
          {d.imei_1 && (
            <Typography.Text type="secondary" copyable={{ text: d.imei_1 }}>
              IMEI {d.imei_1}
            </Typography.Text>
          )}
          <ChannelTag channel={d.channel} />
          {managed ? (
            <>
              <LockTag status={d.lock_status} />
              <RegulateTag status={d.regulate_status} />
            </>
          ) : (
            <EnrollTag status={d.enrollment_status} />
          )}
          {d.archived && <Tag>已归档</Tag>}
          <HirerRiskTag risk={d.hirer_risk} />
          {d.progress && <ProgressNote progress={d.progress} />}
        </>
      }
      actions={
        <>
          <LockToggleButton
            locked={isLockedState(d.lock_status)}
            lockCheck={canLock(d, perms)}
            unlockCheck={canUnlock(d, perms)}
            onLock={() => onDialog('lock')}
            onUnlock={() => onDialog('unlock')}
          />
          {phone ? (
            <>
              <ActionButton icon={<EnvironmentOutlined />} check={canLocate(d, perms)} onClick={() => onDialog('locate')}>
                获取定位
              </ActionButton>
              <MoreActions phone sections={[{ key: 'all', actions: [...routine, ...rare] }]} />
            </>
          ) : (
            <>
              {routine.map((a) => (
                <ActionButton key={a.key} icon={a.icon} check={a.check} onClick={a.onClick}>
                  {a.label}
                </ActionButton>
              ))}
              <ActionButton icon={<EnvironmentOutlined />} check={canLocate(d, perms)} onClick={() => onDialog('locate')}>
                获取定位
              </ActionButton>
              <MoreActions phone={false} sections={[{ key: 'rare', actions: rare }]} />
            </>
          )}
        </>
      }
    />
  );
}

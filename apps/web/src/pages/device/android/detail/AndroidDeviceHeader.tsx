import {
  EnvironmentOutlined,
  FileImageOutlined,
  FolderOutlined,
  KeyOutlined,
  SafetyCertificateOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { EnrollmentStatus, type AndroidDeviceDetail } from '@lease/shared';
import { Tag, Typography } from 'antd';
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

interface HeaderProps {
  device: AndroidDeviceDetail;
  perms: readonly string[];
  onDialog: (dialog: AndroidDialog) => void;
}

/** AndroidDeviceHeader names the phone, shows its state and offers the operations this clerk may use now. */
export function AndroidDeviceHeader({ device: d, perms, onDialog }: HeaderProps) {
  const managed = d.enrollment_status === EnrollmentStatus.ENROLLED && !d.archived;
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
          <ActionButton icon={<KeyOutlined />} check={canUnlockPasscode(d, perms)} onClick={() => onDialog('unlock-passcode')}>
            离线解锁码
          </ActionButton>
          {isRegulatedState(d.regulate_status) ? (
            <ActionButton icon={<StopOutlined />} check={canDeregulate(d, perms)} onClick={() => onDialog('deregulate')}>
              解除监管
            </ActionButton>
          ) : (
            <ActionButton icon={<SafetyCertificateOutlined />} check={canRegulate(d, perms)} onClick={() => onDialog('regulate')}>
              开启监管
            </ActionButton>
          )}
          <ActionButton icon={<KeyOutlined />} check={canDeregulatePasscode(d, perms)} onClick={() => onDialog('deregulate-passcode')}>
            离线解除监管码
          </ActionButton>
          <ActionButton icon={<EnvironmentOutlined />} check={canLocate(d, perms)} onClick={() => onDialog('locate')}>
            获取定位
          </ActionButton>
          <ActionButton icon={<FileImageOutlined />} check={canSetWallpaper(d, perms)} onClick={() => onDialog('wallpaper')}>
            设置壁纸
          </ActionButton>
          <ActionButton danger icon={<FolderOutlined />} check={canArchive(d, perms)} onClick={() => onDialog('archive')}>
            归档
          </ActionButton>
        </>
      }
    />
  );
}

import { ActivationLockStatus, activationLockStatusLabel, type IosDeviceDetail } from '@lease/shared';
import { Space, Tag } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';

const COLOR: Record<number, string> = {
  [ActivationLockStatus.ON]: 'green',
  [ActivationLockStatus.TURNING_ON]: 'processing',
  [ActivationLockStatus.TURNING_OFF]: 'processing',
};

/** activationLockNote says whose lock it is: the store's (a code is kept) or one the phone reports without a code (查找). */
export function activationLockNote(d: Pick<IosDeviceDetail, 'activation_lock_status' | 'activation_lock_set'>): string | null {
  if (d.activation_lock_status === ActivationLockStatus.OFF) return null;
  return d.activation_lock_set ? '服务器已保存激活锁密码' : '设备报告已开启（可能由租机人的「查找」开启），服务器没有本系统生成的密码';
}

/** ActivationLockFact is the detail page's 激活锁 row: the status tag and what the store can do about it. */
export function ActivationLockFact({ device }: { device: Pick<IosDeviceDetail, 'activation_lock_status' | 'activation_lock_set'> }) {
  const note = activationLockNote(device);
  return (
    <Space size={4} wrap>
      <Tag color={COLOR[device.activation_lock_status]}>{activationLockStatusLabel[device.activation_lock_status] ?? '未知'}</Tag>
      {note && <Typography.Text type="secondary">{note}</Typography.Text>}
    </Space>
  );
}

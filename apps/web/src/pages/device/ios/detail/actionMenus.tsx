import { ClearOutlined, DeleteOutlined, PoweroffOutlined, RollbackOutlined } from '@ant-design/icons';
import { RecycledStatus, type IosDeviceDetail } from '@lease/shared';
import type { ReactNode } from 'react';
import type { DeviceCommand } from '../commands/DeviceCommandDialog.tsx';
import { type ActionCheck, canClearPasscode, canMoveToRecycleBin, canReboot, canRemove, canRestore } from './deviceActions.ts';

type Perms = readonly string[];

/** MenuAction is one entry of a header menu: the dialog it opens and the rule that offers it. */
export interface MenuAction {
  command: DeviceCommand;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  check: (device: IosDeviceDetail, perms: Perms) => ActionCheck;
  /** Shown only when this says so (e.g. restore only for a recycled phone); default always. */
  visible?: (device: IosDeviceDetail) => boolean;
}

export interface MenuGroup {
  key: string;
  label: string;
  actions: MenuAction[];
}

const recycled = (d: IosDeviceDetail) => d.recycled_status === RecycledStatus.RECYCLED;

/**
 * ACTION_MENUS are the detail page's menus next to the lock button, grouped the way a clerk looks for them:
 * what the phone may do, how it is set up, and securing or releasing it. Each area adds its entries here.
 */
export const ACTION_MENUS: MenuGroup[] = [
  {
    key: 'restrict',
    label: '限制与应用',
    actions: [],
  },
  {
    key: 'settings',
    label: '设备设置',
    actions: [{ command: 'reboot', label: '重启', icon: <PoweroffOutlined />, check: canReboot }],
  },
  {
    key: 'release',
    label: '安全与释放',
    actions: [{ command: 'clear-passcode', label: '清除锁屏密码', icon: <ClearOutlined />, check: canClearPasscode }],
  },
  {
    key: 'more',
    label: '更多',
    actions: [
      { command: 'recycle', label: '移入回收站', icon: <DeleteOutlined />, check: canMoveToRecycleBin, visible: (d) => !recycled(d) },
      { command: 'restore', label: '移出回收站', icon: <RollbackOutlined />, check: canRestore, visible: recycled },
      { command: 'remove', label: '彻底删除', icon: <DeleteOutlined />, danger: true, check: canRemove, visible: recycled },
    ],
  },
];

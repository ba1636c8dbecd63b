import { KeyOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import {
  AppstoreAddOutlined,
  AppstoreOutlined,
  ClearOutlined,
  CloudDownloadOutlined,
  CloudServerOutlined,
  DeleteOutlined,
  FieldTimeOutlined,
  GlobalOutlined,
  PictureOutlined,
  PoweroffOutlined,
  RollbackOutlined,
  SafetyOutlined,
} from '@ant-design/icons';
import { Module, RecycledStatus, type IosDeviceDetail } from '@lease/shared';
import type { ReactNode } from 'react';
import type { DeviceCommand } from '../commands/DeviceCommandDialog.tsx';
import { type ActionCheck, canClearPasscode, canMoveToRecycleBin, canReboot, canRemove, canRestore } from './deviceActions.ts';
import { canInstallApps } from '../install-apps/installAppsAction.ts';
import { canClearDns, canRemoveGlobalProxy, canSetDns, canSetGlobalProxy } from '../network/networkActions.ts';
import { canScheduleOsUpdate, canSetWallpaper } from '../settings/settingsActions.ts';
import { canSetAppRestriction, canSetSystemRestriction, canTrustEnterpriseApps } from '../restriction/restrictionActions.ts';
import { canGetActivationLockPassword, canTurnOffActivationLock, canTurnOnActivationLock } from '../activation-lock/activationLockActions.ts';
import { canAbmUnbind, canErase, canOneClickUnlock, canRemoveMainProfile } from '../release/releaseActions.ts';
import { ApiOutlined, DisconnectOutlined, RestOutlined, UnlockFilled } from '@ant-design/icons';

type Perms = readonly string[];

/** MenuAction is one entry of a header menu: the dialog it opens and the rule that offers it. */
export interface MenuAction {
  command: DeviceCommand;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  check: (device: IosDeviceDetail, perms: Perms) => ActionCheck;
  /** The store module the action belongs to; left out for stores that have not bought it. */
  module?: Module;
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
    actions: [
      { command: 'install-apps', label: '安装应用', icon: <AppstoreAddOutlined />, check: canInstallApps },
      { command: 'set-system-restriction', label: '系统限制', icon: <SafetyOutlined />, check: canSetSystemRestriction },
      { command: 'set-app-restriction', label: '应用限制', icon: <AppstoreOutlined />, check: canSetAppRestriction },
      { command: 'temporary-allow-enterprise-app-trust', label: '临时信任企业应用', icon: <FieldTimeOutlined />, check: canTrustEnterpriseApps },
    ],
  },
  {
    key: 'settings',
    label: '设备设置',
    actions: [
      { command: 'reboot', label: '重启', icon: <PoweroffOutlined />, check: canReboot },
      { command: 'set-wallpaper', label: '设置壁纸', icon: <PictureOutlined />, check: canSetWallpaper },
      { command: 'os-update', label: '系统更新', icon: <CloudDownloadOutlined />, check: canScheduleOsUpdate },
      { command: 'set-global-http-proxy', label: '设置全局代理', icon: <GlobalOutlined />, check: canSetGlobalProxy, module: Module.APPLE_GLOBAL_HTTP_PROXY },
      {
        command: 'remove-global-http-proxy',
        label: '移除全局代理',
        icon: <GlobalOutlined />,
        check: canRemoveGlobalProxy,
        module: Module.APPLE_GLOBAL_HTTP_PROXY,
      },
      { command: 'set-dns-setting', label: '设置加密 DNS', icon: <CloudServerOutlined />, check: canSetDns },
      { command: 'clear-dns-setting', label: '清除加密 DNS', icon: <CloudServerOutlined />, check: canClearDns },
    ],
  },
  {
    key: 'release',
    label: '安全与释放',
    actions: [
      { command: 'clear-passcode', label: '清除锁屏密码', icon: <ClearOutlined />, check: canClearPasscode },
      { command: 'turn-on-activation-lock', label: '开启激活锁', icon: <LockOutlined />, check: canTurnOnActivationLock },
      { command: 'get-activation-lock-password', label: '查看激活锁密码', icon: <KeyOutlined />, check: canGetActivationLockPassword },
      { command: 'turn-off-activation-lock', label: '关闭激活锁', icon: <UnlockOutlined />, danger: true, check: canTurnOffActivationLock },
      { command: 'one-click-unlock', label: '结清释放', icon: <UnlockFilled />, danger: true, check: canOneClickUnlock },
      { command: 'abm-unbind', label: '解除 ABM 绑定', icon: <ApiOutlined />, danger: true, check: canAbmUnbind },
      { command: 'remove-main-profile', label: '移除管理描述文件', icon: <DisconnectOutlined />, danger: true, check: canRemoveMainProfile },
      { command: 'erase', label: '抹掉设备', icon: <RestOutlined />, danger: true, check: canErase },
    ],
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

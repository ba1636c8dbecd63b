import { ActivationLockStatus, RecycledStatus } from '@lease/shared';
import type { IosDeviceRow } from '../ios-device/ios-device.repo.ts';
import type { DeviceLockFacts } from './activation-lock.repo.ts';

/** ABM_MISSING is said wherever a store without an ABM server token asks to lock (the console links to 更新 ABM 令牌). */
export const ABM_MISSING = '门店尚未配置 ABM 令牌（Apple 商务管理），无法开启激活锁。请管理员在「更新 ABM 令牌」页面上传服务器令牌后重试';

/** FIND_MY_WITHOUT_CODE: the phone says it is locked, but neither the server nor the phone gave us a code. */
export const FIND_MY_WITHOUT_CODE =
  '设备的激活锁由租机人的 Apple 账户（「查找」）开启，服务器没有可用的绕过码。请租机人在设备「设置 > Apple 账户 > 查找」中关闭，或登录 icloud.com/find 移除此设备';

/** cannotTurnOn says why Apple should not be asked to lock this phone now (Chinese), or null. */
export function cannotTurnOn(device: IosDeviceRow): string | null {
  if (device.recycledStatus === RecycledStatus.RECYCLED) return '设备在回收站中，请先移出';
  if (device.activationLockStatus === ActivationLockStatus.ON)
    return device.activationLockPasscode ? '激活锁已开启' : '设备已处于激活锁状态（由设备报告），无需再开启';
  if (device.activationLockStatus === ActivationLockStatus.TURNING_OFF) return '激活锁正在关闭，请稍后再试';
  return null;
}

/**
 * cannotTurnOffWith says why Apple cannot be asked to unlock this phone now, or null. A phone still marked
 * 开启中/关闭中 may be retried: after a lost answer only a new attempt with the same code settles it.
 */
export function cannotTurnOffWith(device: IosDeviceRow, facts: DeviceLockFacts | null, escrowLive: boolean, notConfigured: string): string | null {
  const hasCode = Boolean(device.activationLockPasscode || facts?.deviceCode);
  if (device.activationLockStatus === ActivationLockStatus.OFF && !device.activationLockPasscode) return '激活锁未开启';
  if (!hasCode) return FIND_MY_WITHOUT_CODE;
  if (!escrowLive) return notConfigured;
  if (!device.model) return '设备尚未上报型号（ProductType），无法向 Apple 申请关闭激活锁。请等设备联网上报设备信息后再试';
  return null;
}

/** cannotGetPassword: there is a code to show only if the server generated one or the phone handed its own. */
export function cannotGetPassword(device: IosDeviceRow, facts: DeviceLockFacts | null): string | null {
  if (device.activationLockPasscode || facts?.deviceCode) return null;
  return device.activationLockStatus === ActivationLockStatus.ON ? FIND_MY_WITHOUT_CODE : '服务器没有此设备的激活锁密码（尚未开启激活锁）';
}

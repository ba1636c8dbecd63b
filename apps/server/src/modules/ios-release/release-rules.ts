import { AbmStatus, RecycledStatus } from '@lease/shared';
import type { IosDeviceRow } from '../ios-device/ios-device.repo.ts';

/** inRecycleBin: the phone is in the store's recycle bin (no command reaches it; ios-command-pipeline.ts commandProblem). */
export const inRecycleBin = (d: Pick<IosDeviceRow, 'recycledStatus'>) => d.recycledStatus === RecycledStatus.RECYCLED;

/** inAbm: the serial is assigned to the store's MDM server in Apple Business Manager (abm's DEP sync sets it). */
export const inAbm = (d: Pick<IosDeviceRow, 'abmStatus'>) => d.abmStatus === AbmStatus.ASSIGNED || d.abmStatus === AbmStatus.PUSHED;

const osMajor = (version: string) => Number.parseInt(version.split('.')[0] ?? '', 10) || 0;

/**
 * ReenrolPath is how an erased phone comes back under management:
 * - return-to-service: iOS 17+ re-enrols itself with the enrolment profile carried by EraseDevice;
 * - abm: older iOS in Apple Business Manager re-enrols through Setup Assistant (ADE);
 * - none: older iOS outside ABM stays unmanaged once erased.
 */
export type ReenrolPath = 'return-to-service' | 'abm' | 'none';

export function reenrolPath(d: Pick<IosDeviceRow, 'osVersion' | 'abmStatus'>): ReenrolPath {
  if (osMajor(d.osVersion) >= 17) return 'return-to-service';
  return inAbm(d) ? 'abm' : 'none';
}

/** reenrolText tells the clerk what the erased phone will do next. */
export const reenrolText: Record<ReenrolPath | 'released', string> = {
  'return-to-service': '设备已抹掉，正在通过“返回服务”自动重新接入门店管理',
  abm: '设备已抹掉，激活时将通过 ABM 自动重新接入门店管理',
  none: '设备已抹掉，已脱离门店管理（iOS 17 以下且未绑定 ABM，无法自动重新接入）',
  released: '设备已抹掉并释放，不再受门店管理',
};

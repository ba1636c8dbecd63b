import { EnrollmentStatus, RecycledStatus, SuperviseStatus } from '@lease/shared';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { IosDeviceService } from '../ios-device/ios-device.service.ts';

/**
 * supervisedDevice loads the caller's device (404 otherwise, as IosDeviceService.load) for a command that needs a
 * managed phone (the managed() rule of ios-command.service.ts) which is also supervised: Apple refuses wallpaper
 * and OS-update commands on unsupervised phones. A phone whose supervision is not known yet is let through;
 * it answers for itself.
 */
export async function supervisedDevice(devices: IosDeviceService, auth: AuthContext, id: string, what: string) {
  const { device } = await devices.load(auth, id);
  if (device.recycledStatus === RecycledStatus.RECYCLED) throw new AppError('CONFLICT', '设备在回收站中，请先移出');
  if (device.enrollmentStatus !== EnrollmentStatus.ENROLLED) throw new AppError('CONFLICT', '设备尚未接入管理，无法下发指令');
  if (device.superviseStatus === SuperviseStatus.UNSUPERVISED) {
    throw new AppError('CONFLICT', `设备未处于监管模式（需通过 ABM 或 Apple Configurator 接入），苹果不允许${what}`);
  }
  return device;
}

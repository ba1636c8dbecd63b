import { EnrollmentStatus, OsUpdateStatus, Perm, RecycledStatus, SuperviseStatus } from '@lease/shared';
import { describe, expect, it } from 'vitest';
import { canManageOsUpdates, canScheduleOsUpdate, canSetWallpaper } from './settingsActions.ts';

const phone = {
  enrollment_status: EnrollmentStatus.ENROLLED,
  lock_status: 0,
  recycled_status: RecycledStatus.ACTIVE,
  supervise_status: SuperviseStatus.SUPERVISED,
  os_update_status: OsUpdateStatus.IDLE,
};

describe('settings action rules', () => {
  it('hides set-wallpaper without Ab3 and offers it with it', () => {
    expect(canSetWallpaper(phone, [])).toMatchObject({ allowed: false, permitted: false });
    expect(canSetWallpaper(phone, [Perm.APPLE_SET_WALLPAPER])).toMatchObject({ allowed: true });
  });

  it('lets any clerk manage OS updates of a managed phone', () => {
    expect(canManageOsUpdates(phone, [])).toMatchObject({ allowed: true });
    expect(canManageOsUpdates({ ...phone, recycled_status: RecycledStatus.RECYCLED }, [])).toMatchObject({
      allowed: false,
      permitted: true,
      reason: '设备在回收站中，请先移出',
    });
  });

  it('greys both on an unsupervised phone, saying why', () => {
    const unsupervised = { ...phone, supervise_status: SuperviseStatus.UNSUPERVISED };
    expect(canSetWallpaper(unsupervised, [Perm.APPLE_SET_WALLPAPER])).toEqual({
      allowed: false,
      permitted: true,
      reason: '设备未处于监管模式，Apple 不允许远程设置壁纸',
    });
    expect(canManageOsUpdates(unsupervised, []).reason).toBe('设备未处于监管模式，Apple 不允许远程管理系统更新');
    expect(canSetWallpaper({ ...phone, supervise_status: SuperviseStatus.UNKNOWN }, [Perm.APPLE_SET_WALLPAPER]).allowed).toBe(true);
  });

  it('holds a new schedule while an update installs', () => {
    expect(canScheduleOsUpdate({ ...phone, os_update_status: OsUpdateStatus.INSTALLING }, []).reason).toBe('设备正在安装系统更新，请等安装结束后再操作');
    expect(canScheduleOsUpdate({ ...phone, os_update_status: OsUpdateStatus.DOWNLOADED }, []).allowed).toBe(true);
  });
});

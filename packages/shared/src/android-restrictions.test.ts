import { describe, expect, it } from 'vitest';
import {
  ANDROID_RESTRICTIONS,
  CORE_ANDROID_RESTRICTIONS,
  androidRestrictionGroupLabel,
  diffRestrictionKeys,
  resolveDeviceRestrictions,
  resolveStoreRestrictions,
} from './android-restrictions.ts';
import { androidAppRestriction, androidLockRequest, androidRestrictionMap } from './schemas/android-device.ts';

describe('Android restriction catalogue', () => {
  it('names each restriction once, in a known group, with a Chinese label and a platform call', () => {
    const keys = ANDROID_RESTRICTIONS.map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of ANDROID_RESTRICTIONS) {
      expect(androidRestrictionGroupLabel[r.group], r.key).toBeTruthy();
      expect(r.label).toMatch(/[\u4e00-\u9fa5]/);
      expect(r.platform).toMatch(/^(DISALLOW_[A-Z_]+|DevicePolicyManager\.\w+)$/);
      expect(r.minApi).toBeGreaterThanOrEqual(14);
    }
  });

  it('puts the anti-wipe set of the brief in the core 监管 set', () => {
    const core = ANDROID_RESTRICTIONS.filter((r) => r.core).map((r) => r.platform);
    for (const p of [
      'DISALLOW_FACTORY_RESET',
      'DISALLOW_SAFE_BOOT',
      'DISALLOW_DEBUGGING_FEATURES',
      'DISALLOW_USB_FILE_TRANSFER',
      'DISALLOW_MOUNT_PHYSICAL_MEDIA',
      'DISALLOW_ADD_USER',
      'DISALLOW_CONFIG_DATE_TIME',
      'DISALLOW_INSTALL_UNKNOWN_SOURCES',
      'DISALLOW_NETWORK_RESET',
    ]) {
      expect(core).toContain(p);
    }
    expect(CORE_ANDROID_RESTRICTIONS.no_camera).toBe(false);
  });

  it('resolves a phone’s map over the store default, dropping unknown keys, and lists the differences', () => {
    const store = { no_camera: true };
    expect(resolveStoreRestrictions(store)).toEqual({ ...CORE_ANDROID_RESTRICTIONS, no_camera: true });
    const device = resolveDeviceRestrictions(store, { no_camera: false, no_sms: true, retired_key: true });
    expect(device).toEqual({ ...CORE_ANDROID_RESTRICTIONS, no_camera: false, no_sms: true });
    expect(diffRestrictionKeys(store, { no_camera: false, no_sms: true })).toEqual(['no_sms', 'no_camera']);
    expect(diffRestrictionKeys(store, {})).toEqual([]);
  });
});

describe('Android request schemas (spec §5)', () => {
  const issues = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];
  it('needs the lock message and a contact phone a hirer can call', () => {
    expect(issues(androidLockRequest.safeParse({}))).toEqual(['未填写锁定提示内容']);
    expect(issues(androidLockRequest.safeParse({ message: '请还款', phone_number: '075512' }))).toEqual(['联系电话应为手机号、400/800 号码或带区号的固定电话']);
    expect(androidLockRequest.parse({ message: ' 请还款 ' })).toEqual({ message: '请还款', phone_number: '' });
  });
  it('needs a mode when the app rule is on and an app in a whitelist', () => {
    expect(issues(androidAppRestriction.safeParse({ enable: true }))).toEqual(['开启应用限制时请选择限制模式']);
    expect(issues(androidAppRestriction.safeParse({ enable: true, mode: 1 }))).toEqual(['白名单模式请至少添加一个应用']);
    expect(androidAppRestriction.safeParse({ enable: false }).success).toBe(true);
    expect(androidAppRestriction.safeParse({ enable: true, mode: 0 }).success).toBe(true);
  });
  it('refuses restriction keys outside the catalogue', () => {
    expect(issues(androidRestrictionMap.safeParse({ no_teleport: true }))).toEqual(['未知的限制项：no_teleport']);
  });
});

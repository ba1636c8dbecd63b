import { DnsSettingStatus, EnrollmentStatus, GlobalProxyStatus, LockStatus, Module, Perm, RecycledStatus, SuperviseStatus } from '@lease/shared';
import { describe, expect, it } from 'vitest';
import { canClearDns, canRemoveGlobalProxy, canSetDns, canSetGlobalProxy, hasProxyModule, type NetworkDevice } from './networkActions.ts';

const device = (over: Partial<NetworkDevice> = {}): NetworkDevice => ({
  enrollment_status: EnrollmentStatus.ENROLLED,
  lock_status: LockStatus.UNLOCKED,
  recycled_status: RecycledStatus.ACTIVE,
  supervise_status: SuperviseStatus.SUPERVISED,
  global_proxy_status: GlobalProxyStatus.OFF,
  dns_setting_status: DnsSettingStatus.OFF,
  os_version: '17.5.1',
  ...over,
});
const AB17 = [Perm.APPLE_SET_SYSTEM_RESTRICTION];

describe('network action rules', () => {
  it('hides every network action without Ab17', () => {
    for (const check of [canSetGlobalProxy, canRemoveGlobalProxy, canSetDns, canClearDns]) {
      expect(check(device(), [Perm.APPLE_REBOOT])).toMatchObject({ allowed: false, permitted: false });
    }
  });

  it('offers the proxy to a supervised phone only, and not while a proxy command is on its way', () => {
    expect(canSetGlobalProxy(device(), AB17)).toMatchObject({ allowed: true });
    expect(canSetGlobalProxy(device({ supervise_status: SuperviseStatus.UNSUPERVISED }), AB17)).toEqual({
      allowed: false,
      permitted: true,
      reason: '全局代理仅支持已监管的设备',
    });
    expect(canSetGlobalProxy(device({ supervise_status: SuperviseStatus.UNKNOWN }), AB17).reason).toBe('设备尚未上报监管状态，请稍后再试');
    expect(canSetGlobalProxy(device({ global_proxy_status: GlobalProxyStatus.PENDING }), AB17).reason).toBe('代理指令正在执行，请等待设备响应');
    expect(canSetGlobalProxy(device({ recycled_status: RecycledStatus.RECYCLED }), AB17).reason).toBe('设备在回收站中，请先移出');
  });

  it('removes or clears only what is set', () => {
    expect(canRemoveGlobalProxy(device(), AB17).reason).toBe('设备未设置全局代理');
    expect(canRemoveGlobalProxy(device({ global_proxy_status: GlobalProxyStatus.ON }), AB17).allowed).toBe(true);
    expect(canClearDns(device(), AB17).reason).toBe('设备未设置加密 DNS');
    expect(canClearDns(device({ dns_setting_status: DnsSettingStatus.ON }), AB17).allowed).toBe(true);
  });

  it('needs iOS 14 for encrypted DNS, on supervised and unsupervised phones alike', () => {
    expect(canSetDns(device({ os_version: '13.7' }), AB17).reason).toBe('加密 DNS 需要 iOS 14 及以上');
    expect(canSetDns(device({ supervise_status: SuperviseStatus.UNSUPERVISED }), AB17).allowed).toBe(true);
    expect(canSetDns(device({ os_version: '' }), AB17).allowed).toBe(true);
    expect(canSetDns(device({ enrollment_status: EnrollmentStatus.REGISTERED }), AB17).allowed).toBe(false);
  });

  it('knows the proxy module', () => {
    expect(hasProxyModule([Module.APPLE])).toBe(false);
    expect(hasProxyModule([Module.APPLE, Module.APPLE_GLOBAL_HTTP_PROXY])).toBe(true);
  });
});

import { DnsSettingStatus, GlobalProxyStatus, hasPermission, type IosDeviceDetail, Module, Perm, SuperviseStatus } from '@lease/shared';
import { type ActionCheck, canRefreshApps } from '../detail/deviceActions.ts';

type Perms = readonly string[];
export type NetworkDevice = Pick<
  IosDeviceDetail,
  'enrollment_status' | 'lock_status' | 'recycled_status' | 'supervise_status' | 'global_proxy_status' | 'dns_setting_status' | 'os_version'
>;

const NO_PERMISSION: ActionCheck = { allowed: false, permitted: false, reason: '没有此操作的权限' };

/** The first iOS that takes an encrypted DNS profile (com.apple.dnsSettings.managed). */
export const DNS_MIN_IOS = 14;

/**
 * networkRule: Ab17, a phone under management (the same state rule as every command: canRefreshApps asks no
 * permission), then the action's own rule.
 */
function networkRule(device: NetworkDevice, perms: Perms, rule: (d: NetworkDevice) => string | null): ActionCheck {
  if (!hasPermission(perms, Perm.APPLE_SET_SYSTEM_RESTRICTION)) return NO_PERMISSION;
  const state = canRefreshApps(device, perms);
  if (!state.allowed) return state;
  const reason = rule(device);
  return reason ? { allowed: false, permitted: true, reason } : state;
}

const proxyPending = (d: NetworkDevice) => (d.global_proxy_status === GlobalProxyStatus.PENDING ? '代理指令正在执行，请等待设备响应' : null);
const dnsPending = (d: NetworkDevice) => (d.dns_setting_status === DnsSettingStatus.PENDING ? 'DNS 指令正在执行，请等待设备响应' : null);

/** hasProxyModule: the proxy actions exist only for a store that bought apple-global-http-proxy. */
export const hasProxyModule = (modules: readonly string[]) => modules.includes(Module.APPLE_GLOBAL_HTTP_PROXY);

/** canSetGlobalProxy: iOS installs a global proxy on supervised phones only. */
export const canSetGlobalProxy = (device: NetworkDevice, perms: Perms) =>
  networkRule(device, perms, (d) => {
    if (d.supervise_status === SuperviseStatus.UNSUPERVISED) return '全局代理仅支持已监管的设备';
    if (d.supervise_status !== SuperviseStatus.SUPERVISED) return '设备尚未上报监管状态，请稍后再试';
    return proxyPending(d);
  });

export const canRemoveGlobalProxy = (device: NetworkDevice, perms: Perms) =>
  networkRule(device, perms, (d) => proxyPending(d) ?? (d.global_proxy_status === GlobalProxyStatus.OFF ? '设备未设置全局代理' : null));

export function iosMajor(osVersion: string): number | null {
  const major = Number.parseInt(osVersion.split('.')[0] ?? '', 10);
  return Number.isFinite(major) ? major : null;
}

export const canSetDns = (device: NetworkDevice, perms: Perms) =>
  networkRule(device, perms, (d) => {
    const major = iosMajor(d.os_version);
    if (major !== null && major < DNS_MIN_IOS) return `加密 DNS 需要 iOS ${DNS_MIN_IOS} 及以上`;
    return dnsPending(d);
  });

export const canClearDns = (device: NetworkDevice, perms: Perms) =>
  networkRule(device, perms, (d) => dnsPending(d) ?? (d.dns_setting_status === DnsSettingStatus.OFF ? '设备未设置加密 DNS' : null));

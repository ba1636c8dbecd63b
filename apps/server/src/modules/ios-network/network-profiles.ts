import { DnsProtocol, type SetDnsSettingBody } from '@lease/shared';
import { ManagedProfileKind, buildManagedProfile } from '../../mdm/apple/profiles/managed-profile.ts';
import type { PlistDict } from '../../mdm/apple/plist.ts';

export const GLOBAL_PROXY_PAYLOAD = 'com.apple.proxy.http.global';
export const DNS_SETTINGS_PAYLOAD = 'com.apple.dnsSettings.managed';

/**
 * globalProxyPayload is a com.apple.proxy.http.global payload of type Auto: the phone fetches the store's PAC
 * file and routes its HTTP traffic as the file says.
 * - ProxyPACFallbackAllowed true: if the PAC file cannot be fetched the phone goes direct. Without it a PAC
 *   outage cuts every leased phone off the internet and off our MDM server too, so the store could not even
 *   send the command that removes the proxy; the PAC file itself decides where traffic goes when it is up.
 * - ProxyCaptiveLoginAllowed true: hotel, airport and café Wi-Fi login pages load before the proxy is
 *   reachable; refusing them leaves the hirer without Wi-Fi. It opens only the captive-portal sheet.
 */
export function globalProxyPayload(pacUrl: string): PlistDict {
  return { ProxyType: 'Auto', ProxyPACURL: pacUrl, ProxyPACFallbackAllowed: true, ProxyCaptiveLoginAllowed: true };
}

export const buildGlobalProxyProfile = (pacUrl: string) =>
  buildManagedProfile({
    kind: ManagedProfileKind.GLOBAL_HTTP_PROXY,
    displayName: '全局 HTTP 代理',
    description: '由门店设置的全局 HTTP 代理（自动代理配置），仅门店可移除。',
    payloads: [{ type: GLOBAL_PROXY_PAYLOAD, body: globalProxyPayload(pacUrl) }],
  });

/**
 * dnsSettingsPayload is a com.apple.dnsSettings.managed payload (iOS 14+, encrypted DNS only). DoH carries
 * ServerURL, DoT ServerName, never both (Apple: ServerName "must be present only if the DNSProtocol is TLS").
 * ProhibitDisablement keeps the hirer from switching it off in Settings › VPN & DNS; Apple honours it on
 * supervised phones only, so it is sent only to them.
 */
export function dnsSettingsPayload(
  req: Pick<SetDnsSettingBody, 'protocol' | 'server_url' | 'server_name' | 'server_addresses'>,
  supervised: boolean,
): PlistDict {
  const settings: PlistDict = { DNSProtocol: req.protocol };
  if (req.protocol === DnsProtocol.HTTPS) settings.ServerURL = req.server_url!;
  else settings.ServerName = req.server_name!;
  if (req.server_addresses.length > 0) settings.ServerAddresses = [...req.server_addresses];
  const payload: PlistDict = { DNSSettings: settings };
  if (supervised) payload.ProhibitDisablement = true;
  return payload;
}

export const buildDnsProfile = (req: Parameters<typeof dnsSettingsPayload>[0], supervised: boolean) =>
  buildManagedProfile({
    kind: ManagedProfileKind.DNS,
    displayName: '加密 DNS',
    description: '由门店设置的加密 DNS 服务器，仅门店可移除。',
    payloads: [{ type: DNS_SETTINGS_PAYLOAD, body: dnsSettingsPayload(req, supervised) }],
  });

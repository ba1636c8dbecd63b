import { z } from 'zod';
import { text } from './safe-input.ts';
import { isIpAddress } from './api-key.ts';
import { appleAppEntry } from './store.ts';
import { deviceIdBody } from './ios-device.ts';

/* ---------- store: GET/PUT /api/store/global-http-proxy (module apple-global-http-proxy) ---------- */

/** GlobalHttpProxySetting is the store's PAC file address that set-global-http-proxy installs; null when not set. */
export interface GlobalHttpProxySetting {
  pac_url: string | null;
}

/** isHttpsUrl: an absolute https URL with a host (Apple only allows http/https PAC and DoH URLs; we take https only). */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

const httpsUrl = (what: string) =>
  text({ error: `请输入${what}` })
    .trim()
    .min(1, `请输入${what}`)
    .max(500, `${what}最多 500 个字符`)
    .refine(isHttpsUrl, `${what}须为 https:// 开头的完整网址`);

/** PUT /api/store/global-http-proxy: an https PAC URL, or null / '' to clear it. */
export const globalHttpProxySettingRequest = z.object({
  pac_url: z.union([z.literal('').transform(() => null), z.null(), httpsUrl('PAC 地址')]),
});
export type GlobalHttpProxySettingRequest = z.input<typeof globalHttpProxySettingRequest>;

/* ---------- device: POST /api/device/ios/command/set-dns-setting ---------- */

export const DnsProtocol = { HTTPS: 'HTTPS', TLS: 'TLS' } as const;
export type DnsProtocol = (typeof DnsProtocol)[keyof typeof DnsProtocol];
export const dnsProtocolLabel: Record<DnsProtocol, string> = { HTTPS: 'DNS over HTTPS（DoH）', TLS: 'DNS over TLS（DoT）' };

/** A DNS host name (RFC 1123 labels, at least two), as DoT's ServerName needs for the certificate check. */
export const HOSTNAME_RE = /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export const MAX_DNS_SERVER_ADDRESSES = 8;

/**
 * set-dns-setting: an encrypted DNS server (com.apple.dnsSettings.managed). HTTPS needs server_url (the DoH URI
 * template), TLS needs server_name (the DoT host); each refuses the other's field, as Apple's schema says.
 */
export const setDnsSettingRequest = deviceIdBody
  .extend({
    protocol: z.enum([DnsProtocol.HTTPS, DnsProtocol.TLS], { error: '加密协议只能是 HTTPS 或 TLS' }),
    server_url: text().trim().max(500, '服务器地址最多 500 个字符').optional(),
    server_name: text().trim().max(253, '服务器域名最多 253 个字符').optional(),
    server_addresses: z
      .array(text({ error: '服务器 IP 格式有误' }).trim().refine(isIpAddress, '服务器 IP 格式有误，应为 IPv4 或 IPv6 地址'), { error: '服务器 IP 应为列表' })
      .max(MAX_DNS_SERVER_ADDRESSES, `服务器 IP 最多 ${MAX_DNS_SERVER_ADDRESSES} 个`)
      .optional()
      .default([]),
  })
  .superRefine((v, ctx) => {
    if (v.protocol === DnsProtocol.HTTPS) {
      if (!v.server_url) ctx.addIssue({ code: 'custom', path: ['server_url'], message: 'DoH 需要填写服务器地址（https:// 开头）' });
      else if (!isHttpsUrl(v.server_url)) ctx.addIssue({ code: 'custom', path: ['server_url'], message: 'DoH 服务器地址须为 https:// 开头的完整网址' });
      if (v.server_name) ctx.addIssue({ code: 'custom', path: ['server_name'], message: 'DoH 不需要填写服务器域名' });
    } else {
      if (!v.server_name) ctx.addIssue({ code: 'custom', path: ['server_name'], message: 'DoT 需要填写服务器域名' });
      else if (!HOSTNAME_RE.test(v.server_name)) ctx.addIssue({ code: 'custom', path: ['server_name'], message: '服务器域名格式有误，如 dns.example.com' });
      if (v.server_url) ctx.addIssue({ code: 'custom', path: ['server_url'], message: 'DoT 不需要填写服务器地址，请填写服务器域名' });
    }
    if (new Set(v.server_addresses).size !== v.server_addresses.length)
      ctx.addIssue({ code: 'custom', path: ['server_addresses'], message: '服务器 IP 有重复' });
  });
export type SetDnsSettingRequest = z.input<typeof setDnsSettingRequest>;
export type SetDnsSettingBody = z.output<typeof setDnsSettingRequest>;

/* ---------- device: POST /api/device/ios/command/install-apps ---------- */

/** Spec §9 gives installs 10 s per app on the client; ten apps (100 s) is the most one request may carry. */
export const MAX_INSTALL_APPS = 10;
export const INSTALL_APP_TIMEOUT_MS = 10_000;

const installApp = appleAppEntry.extend({
  itunes_store_id: text()
    .regex(/^\d{1,20}$/, 'App Store ID 有误')
    .optional(),
});

export const installAppsRequest = deviceIdBody.extend({
  apps: z
    .array(installApp, { error: '请选择要安装的应用' })
    .min(1, '请选择要安装的应用')
    .max(MAX_INSTALL_APPS, `一次最多安装 ${MAX_INSTALL_APPS} 个应用`)
    .refine((apps) => new Set(apps.map((a) => a.bundle_id)).size === apps.length, '应用有重复'),
});
export type InstallAppsRequest = z.input<typeof installAppsRequest>;

/** InstallAppResult: each app is queued with its own operation (its own live status), or refused with the reason. */
export type InstallAppResult =
  | { app_name: string; bundle_id: string; status: 'queued'; operation_log_id: string; replayed: boolean }
  | { app_name: string; bundle_id: string; status: 'refused'; reason: string };

export interface InstallAppsResponse {
  list: InstallAppResult[];
}

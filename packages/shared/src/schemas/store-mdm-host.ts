import { z } from 'zod';
import { text } from './safe-input.ts';

/** DEFAULT_PAYLOAD_PREFIX: the enrolment profile's PayloadIdentifier prefix of a store that set none. */
export const DEFAULT_PAYLOAD_PREFIX = 'com.zujibao.mdm';
/** STORE_LOGO_MAX_BYTES: the store's logo is a small icon (login page and browser tab), not a photo. */
export const STORE_LOGO_MAX_BYTES = 64 * 1024;
export const STORE_LOGO_TYPES = ['image/png', 'image/jpeg'] as const;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** isHostName: a DNS name of two labels or more (letters, digits, inner hyphens), not an IP address. */
export function isHostName(value: string): boolean {
  if (value.length > 253) return false;
  const labels = value.split('.');
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && !/^\d+$/.test(labels[labels.length - 1]);
}

/** isPayloadPrefix: reverse-DNS style, two segments or more of letters, digits and hyphens (Apple's PayloadIdentifier). */
export const isPayloadPrefix = (value: string) => value.length <= 100 && /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(value);

/** storeLogoDataUri: a PNG or JPEG as a data URI, at most STORE_LOGO_MAX_BYTES once decoded. */
export const storeLogoDataUri = text().refine((v) => {
  const m = /^data:(image\/png|image\/jpeg);base64,([A-Za-z0-9+/]+={0,2})$/.exec(v);
  return m !== null && Math.floor((m[2].length * 3) / 4) <= STORE_LOGO_MAX_BYTES + 2;
}, 'Logo 须为 PNG 或 JPEG 图片，且不超过 64 KB');

/**
 * PUT /api/store/mdm-host: the store's own enrolment host (white label, spec §3 Store: MDM host url, API key,
 * payload prefix) and what that host shows before login (spec §1 site config). An empty host or prefix goes back
 * to the server's; `mdm_api_key` omitted keeps the key, '' removes it; `logo` omitted keeps it, null removes it.
 */
export const storeMdmHostRequest = z.object({
  mdm_host: text({ error: '域名格式有误' })
    .trim()
    .toLowerCase()
    .refine((v) => v === '' || isHostName(v), '域名格式有误，应如 mdm.example.com（不含 https:// 和路径）'),
  payload_prefix: text({ error: '描述文件标识前缀格式有误' })
    .trim()
    .refine((v) => v === '' || isPayloadPrefix(v), '描述文件标识前缀应如 com.example.mdm（字母、数字、连字符，以点分隔）'),
  mdm_api_key: text({ error: 'API Key 格式有误' }).trim().max(200, 'API Key 最多 200 个字符').optional(),
  site_title: text({ error: '站点标题格式有误' }).trim().max(30, '站点标题最多 30 个字符'),
  hide_login_page_logo: z.boolean({ error: '是否隐藏登录页 Logo 应为是或否' }),
  logo: storeLogoDataUri.nullable().optional(),
});
export type StoreMdmHostRequest = z.input<typeof storeMdmHostRequest>;
export type StoreMdmHostUpdate = z.output<typeof storeMdmHostRequest>;

/** GET /api/store/mdm-host: the settings, and what they come to (the URL phones enrol with, the profile's identifier). */
export interface StoreMdmHost {
  mdm_host: string;
  /** The base URL of this store's enrolment profiles and links: its own host, or the server's. */
  mdm_host_url: string;
  payload_prefix: string;
  /** The PayloadIdentifier of this store's enrolment profile. */
  payload_identifier: string;
  mdm_api_key_set: boolean;
  site_title: string;
  hide_login_page_logo: boolean;
  /** The logo as a data URI; null when none is set. */
  logo: string | null;
  /** Apple phones enrolled with the current host and prefix; while any remain, both stay as they are. */
  enrolled_apple_devices: number;
}

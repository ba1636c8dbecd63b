import { STORE_LOGO_MAX_BYTES, STORE_LOGO_TYPES, type StoreMdmHost, type StoreMdmHostRequest } from '@lease/shared';

/** MdmHostValues is the 专属域名 form: the request's fields, the key typed in and whether to clear the saved one. */
export interface MdmHostValues {
  mdm_host: string;
  payload_prefix: string;
  mdm_api_key?: string;
  clear_api_key?: boolean;
  site_title: string;
  hide_login_page_logo: boolean;
}

export const toMdmHostValues = (s: StoreMdmHost): MdmHostValues => ({
  mdm_host: s.mdm_host,
  payload_prefix: s.payload_prefix,
  mdm_api_key: '',
  clear_api_key: false,
  site_title: s.site_title,
  hide_login_page_logo: s.hide_login_page_logo,
});

/**
 * toMdmHostRequest: an empty key field keeps the saved key (unless 清除 is ticked); the logo is sent only when it
 * changed (a new data URI, or null to remove it).
 */
export function toMdmHostRequest(v: MdmHostValues, logo: { value: string | null; changed: boolean }): StoreMdmHostRequest {
  const key = v.mdm_api_key?.trim();
  return {
    mdm_host: v.mdm_host?.trim() ?? '',
    payload_prefix: v.payload_prefix?.trim() ?? '',
    ...(key ? { mdm_api_key: key } : v.clear_api_key ? { mdm_api_key: '' } : {}),
    site_title: v.site_title?.trim() ?? '',
    hide_login_page_logo: v.hide_login_page_logo ?? false,
    ...(logo.changed ? { logo: logo.value } : {}),
  };
}

/** logoProblem says why a picked file cannot be the store's logo; null when it can. */
export function logoProblem(file: { type: string; size: number }): string | null {
  if (!(STORE_LOGO_TYPES as readonly string[]).includes(file.type)) return 'Logo 须为 PNG 或 JPEG 图片';
  if (file.size > STORE_LOGO_MAX_BYTES) return `Logo 不能超过 ${STORE_LOGO_MAX_BYTES / 1024} KB，请压缩后再选`;
  return null;
}

/** readDataUri reads a picked file as a data URI (what the request carries). */
export const readDataUri = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('读取文件失败'));
    reader.readAsDataURL(file);
  });

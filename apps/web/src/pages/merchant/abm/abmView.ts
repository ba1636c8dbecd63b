import type { AbmServerInfo } from '@lease/shared';

/** Days before the server token expires from which the page warns (ABM tokens last one year). */
export const EXPIRY_WARNING_DAYS = 30;

export type ExpiryNotice = { type: 'error' | 'warning'; text: string } | null;

/** expiryNotice says when the admin must renew the token in ABM, or null while it has time left. */
export function expiryNotice(info: Pick<AbmServerInfo, 'uploaded' | 'expires_in_days'>): ExpiryNotice {
  if (!info.uploaded || info.expires_in_days === null) return null;
  if (info.expires_in_days < 0)
    return { type: 'error', text: '服务器令牌已过期：设备同步和 ABM 操作（激活锁、解绑）都已停止。请在 Apple 商务管理中下载新令牌并重新上传。' };
  if (info.expires_in_days < EXPIRY_WARNING_DAYS)
    return { type: 'warning', text: `服务器令牌将在 ${info.expires_in_days} 天后过期，请尽快在 Apple 商务管理中下载新令牌并重新上传。` };
  return null;
}

/** Apple's profile_status of a device record, in Chinese. */
export const profileStatusLabel: Record<string, string> = {
  empty: '未分配配置',
  assigned: '已分配配置',
  pushed: '已下发到设备',
  removed: '配置已移除',
  deleted: '已移出本服务器',
};

/** fileBase64 reads a chosen file as base64, as the upload call wants it. */
export async function fileBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

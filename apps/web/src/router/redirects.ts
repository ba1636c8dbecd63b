import { UUID_RE } from '@lease/shared/patterns';
import type { Interception } from './meta.ts';

export const isUuid = (value: string | undefined): value is string => Boolean(value && UUID_RE.test(value));

export const DEVICE_NOT_FOUND_TEXT = '设备不存在';
export const COMING_SOON_TEXT = '即将推出，敬请期待';
export const REDIRECT_INVALID_TEXT = '跳转链接无效';

/** deviceSlugTarget: `/console/device/{uuid}` opens that Apple device, anything else the Apple list. */
export function deviceSlugTarget(slug: string | undefined): string {
  return isUuid(slug) ? `/console/device/ios/${slug}` : '/console/device/ios/list';
}

/** Old console paths still found in bookmarks and SMS links, and where they live now. */
export const LEGACY_ALIASES: Record<string, string> = {
  '/console/device/list': '/console/device/ios/list',
  '/console/device/recycled-list': '/console/device/ios/recycled-list',
  '/console/device/default-restriction': '/console/device/ios/default-restriction',
  '/console/vas/rcs': '/console/report/rcs',
};

/** The one external target `/goto/:key` knows: the flow service's bill page for this store. */
export const FLOW_PROCESS_KEY = 'flowprocess';

/** gotoDecision decides `/goto/:key`: leave for the flow bill page, or stay with 'redirect invalid'. */
export function gotoDecision(key: string | undefined, flowBillUrl: string | null | undefined, storeId: string | undefined): Interception {
  if (key !== FLOW_PROCESS_KEY || !flowBillUrl || !storeId) {
    return { kind: 'cancel', notice: { type: 'error', text: REDIRECT_INVALID_TEXT } };
  }
  return { kind: 'leave', url: `${flowBillUrl}?account=${encodeURIComponent(storeId)}` };
}

/** The professional report is announced but not open: entering it only shows the notice. */
export const comingSoon = (): Interception => ({ kind: 'cancel', notice: { type: 'info', text: COMING_SOON_TEXT } });

import { z } from 'zod';
import { text } from './safe-input.ts';

/** DEVICE_SEARCH_LIMIT is how many phones the header search shows; more matches ask for a longer query. */
export const DEVICE_SEARCH_LIMIT = 10;

/**
 * Query of GET /api/search/devices: one box for both platforms, matching the hirer's phone (4+ digits anywhere),
 * the hirer's name, serial number, IMEI or remark. Two or three digits alone would match most phones, so they are
 * refused with a hint instead.
 */
export const deviceSearchQuery = z.object({
  q: text({ error: '请输入搜索内容' })
    .trim()
    .max(64, '搜索内容最多 64 个字符')
    // A phone number typed as 138 1234 5678 or 138-1234-5678 is searched as its digits.
    .transform((v) => (/^[\d\s-]+$/.test(v) ? v.replace(/[\s-]/g, '') : v))
    .pipe(
      z
        .string()
        .min(2, '请至少输入 2 个字符')
        .refine((v) => !/^\d{2,3}$/.test(v), '数字请至少输入 4 位，如手机号后 4 位'),
    ),
});
export type DeviceSearchQuery = z.infer<typeof deviceSearchQuery>;

/** DeviceSearchField names what a result matched on, so the console can say why it is listed. */
export type DeviceSearchField = 'phone' | 'name' | 'serial' | 'imei' | 'remark';

/** DeviceSearchItem is one phone found by the header search; the hirer phone is masked as in the lists. */
export interface DeviceSearchItem {
  platform: 'ios' | 'android';
  id: string;
  serial_number: string;
  /** The IMEI that matched, else the first. */
  imei: string;
  /** The model as people call it (iPhone 15 Pro, 荣耀 PGT-AN10). */
  model_name: string;
  hirer_name: string;
  hirer_phone_number: string;
  remark: string;
  lock_status: number;
  enrollment_status: number;
  matched: DeviceSearchField;
}

export interface DeviceSearchResponse {
  list: DeviceSearchItem[];
  /** True when more phones matched than DEVICE_SEARCH_LIMIT. */
  more: boolean;
}

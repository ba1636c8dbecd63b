import { AppPlatform, appstoreListQuery, Module } from '@lease/shared';
import type { AppstoreFilters } from '../../api/appstore.ts';

/**
 * appstoreSearch reads the page's view from the URL (platform, group, keyword, page) through the shared
 * list schema, so a copied link reopens the same view; anything unreadable falls back to the defaults.
 */
export function parseAppstoreSearch(params: URLSearchParams, fallbackPlatform: AppPlatform): AppstoreFilters {
  const raw = Object.fromEntries(params);
  const parsed = appstoreListQuery.safeParse({ platform: fallbackPlatform, page_size: 20, ...raw });
  if (parsed.success) return parsed.data;
  return { platform: raw.platform === AppPlatform.ANDROID ? AppPlatform.ANDROID : fallbackPlatform, page_num: 0, page_size: 20 };
}

export function toAppstoreSearch(f: AppstoreFilters): Record<string, string> {
  const out: Record<string, string> = { platform: f.platform };
  if (f.group !== undefined) out.group = f.group;
  if (f.keyword) out.keyword = f.keyword;
  if (f.page_num) out.page_num = String(f.page_num);
  if (f.page_size !== 20) out.page_size = String(f.page_size);
  return out;
}

/** Each platform's library belongs to its device module (the server refuses it otherwise). */
export const platformModule = { apple: Module.APPLE, android: Module.ANDROID } as const;

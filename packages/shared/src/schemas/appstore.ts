import { z } from 'zod';
import { text } from './safe-input.ts';
import { paging, uuid } from './common.ts';

/** AppPlatform is whose phones an app of the library is for. */
export const AppPlatform = { APPLE: 'apple', ANDROID: 'android' } as const;
export type AppPlatform = (typeof AppPlatform)[keyof typeof AppPlatform];
export const appPlatformLabel: Record<AppPlatform, string> = { apple: 'Apple', android: 'Android' };

/** ItunesSearchPlatform is the client-side "apple app search platform" (spec §3): 0 iPhone, 1 iPad. */
export const ItunesSearchPlatform = { IPHONE: 0, IPAD: 1 } as const;
export type ItunesSearchPlatform = (typeof ItunesSearchPlatform)[keyof typeof ItunesSearchPlatform];
export const itunesSearchPlatformLabel: Record<ItunesSearchPlatform, string> = { 0: 'iPhone', 1: 'iPad' };

/** Apple bundle ids: letters, digits, hyphens and dots, at least two parts (com.tencent.xin). */
export const APPLE_BUNDLE_ID_RE = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
/** Android package names: Java identifiers joined by dots, at least two parts (com.tencent.mm). */
export const ANDROID_PACKAGE_RE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;

const platform = z.enum([AppPlatform.APPLE, AppPlatform.ANDROID], { error: '平台有误' });
const group = text().trim().max(20, '分组最多 20 个字符');
const sort = z.coerce
  .number({ error: '排序应为 0-9999 的整数' })
  .int('排序应为 0-9999 的整数')
  .min(0, '排序应为 0-9999 的整数')
  .max(9999, '排序应为 0-9999 的整数');
const appName = text({ error: '请输入应用名称' }).trim().min(1, '请输入应用名称').max(50, '应用名称最多 50 个字符');

/** GET /api/appstore/list: one platform's apps, optionally one group, sorted by sort then name. */
export const appstoreListQuery = paging.extend({
  platform,
  group: text().trim().max(20).optional(),
  keyword: text().trim().max(50, '关键词最多 50 个字符').optional(),
});
export type AppstoreListQuery = z.infer<typeof appstoreListQuery>;

export const appstoreGroupsQuery = z.object({ platform });

/** POST /api/appstore/new. bundle_id is checked against the platform's pattern. */
export const appstoreNewRequest = z
  .object({
    platform,
    app_name: appName,
    bundle_id: text({ error: '请输入 Bundle ID / 包名' }).trim().min(1, '请输入 Bundle ID / 包名').max(155, 'Bundle ID / 包名最多 155 个字符'),
    group: group.optional().default(''),
    sort: sort.optional().default(0),
    icon: z
      .union([z.literal(''), text().pipe(z.url({ protocol: /^https?$/, error: '图标地址有误' }).max(500))])
      .optional()
      .default(''),
    version: text().trim().max(30).optional().default(''),
    seller: text().trim().max(100).optional().default(''),
    track_id: text()
      .regex(/^\d{1,20}$/, 'App Store ID 有误')
      .optional(),
  })
  .superRefine((v, ctx) => {
    const ok = v.platform === AppPlatform.APPLE ? APPLE_BUNDLE_ID_RE.test(v.bundle_id) : ANDROID_PACKAGE_RE.test(v.bundle_id);
    if (!ok) {
      const message = v.platform === AppPlatform.APPLE ? 'Bundle ID 格式有误，如 com.tencent.xin' : '包名格式有误，如 com.tencent.mm';
      ctx.addIssue({ code: 'custom', path: ['bundle_id'], message });
    }
  });
export type AppstoreNewRequest = z.input<typeof appstoreNewRequest>;
/** AppstoreNewBody is the request after parsing, defaults filled in. */
export type AppstoreNewBody = z.output<typeof appstoreNewRequest>;

/** PUT /api/appstore/{id}: the clerk may rename, regroup and reorder an app. */
export const appstoreUpdateRequest = z
  .object({ app_name: appName.optional(), group: group.optional(), sort: sort.optional() })
  .refine((v) => v.app_name !== undefined || v.group !== undefined || v.sort !== undefined, '没有要修改的内容');
export type AppstoreUpdateRequest = z.infer<typeof appstoreUpdateRequest>;
export const appstoreIdParams = z.object({ id: uuid });

/** AppstoreApp is one app of the library (spec §3 App entry and what the search told about it). */
export interface AppstoreApp {
  id: string;
  platform: AppPlatform;
  sort: number;
  app_name: string;
  bundle_id: string;
  group: string;
  icon: string;
  version: string;
  seller: string;
  track_id: string | null;
  date_created: string;
}

/** GET /api/helper/itunes-search {term, platform 0|1}. */
export const itunesSearchQuery = z.object({
  term: text({ error: '请输入搜索关键词' }).trim().min(1, '请输入搜索关键词').max(50, '关键词最多 50 个字符'),
  platform: z.coerce
    .number({ error: '搜索平台有误' })
    .refine((v) => v === 0 || v === 1, '搜索平台只能是 0（iPhone）或 1（iPad）')
    .default(0)
    .transform((v) => v as ItunesSearchPlatform),
});
export type ItunesSearchQuery = z.infer<typeof itunesSearchQuery>;

/** ItunesApp is one search result, mapped from the iTunes Search API's fields. */
export interface ItunesApp {
  track_id: string;
  app_name: string;
  bundle_id: string;
  icon: string;
  version: string;
  seller: string;
}
export interface ItunesSearchResponse {
  list: ItunesApp[];
}

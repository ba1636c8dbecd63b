import { z } from 'zod';
import { text } from './safe-input.ts';
import { paging, uuid } from './common.ts';

/** Spec §3: a wallpaper's content is a JPEG data URI and must start with this prefix. */
export const JPEG_DATA_URI_PREFIX = 'data:image/jpeg;base64,';
/** Largest picture the library takes, counted in decoded bytes. */
export const WALLPAPER_MAX_BYTES = 5 * 1024 * 1024;
/** Largest side in pixels; bigger pictures are refused before they are decoded. */
export const WALLPAPER_MAX_SIDE = 8192;

/** WallpaperType says where a picture is meant to go, with the set-wallpaper `where` numbers (spec §4). */
export const WallpaperType = { LOCK_SCREEN: 1, HOME_SCREEN: 2, BOTH: 3 } as const;
export type WallpaperType = (typeof WallpaperType)[keyof typeof WallpaperType];
export const wallpaperTypeLabel: Record<WallpaperType, string> = { 1: '锁屏壁纸', 2: '主屏幕壁纸', 3: '锁屏与主屏幕' };

export const wallpaperMsg = {
  prefix: `图片内容须以 ${JPEG_DATA_URI_PREFIX} 开头（仅支持 JPEG）`,
  base64: '图片内容不是有效的 Base64 编码',
  notJpeg: '文件不是 JPEG 图片',
  tooBig: `图片不能超过 ${WALLPAPER_MAX_BYTES / 1024 / 1024} MB`,
  tooLarge: `图片尺寸不能超过 ${WALLPAPER_MAX_SIDE}×${WALLPAPER_MAX_SIDE} 像素`,
  undecodable: '图片已损坏，无法解码',
  notFound: '壁纸不存在',
} as const;

// The data URI of the largest picture, with room for base64 padding: longer bodies are refused unread.
const maxContentLength = JPEG_DATA_URI_PREFIX.length + Math.ceil(WALLPAPER_MAX_BYTES / 3) * 4;

/** POST /api/wallpaper/upload. Base64, JPEG bytes and size are checked on the decoded bytes by the server. */
export const wallpaperUploadRequest = z.object({
  content: text({ error: '请选择图片' }).startsWith(JPEG_DATA_URI_PREFIX, wallpaperMsg.prefix).max(maxContentLength, wallpaperMsg.tooBig),
  name: text().trim().max(40, '名称最多 40 个字符').optional().default(''),
  type: z
    .number({ error: '用途有误' })
    .int('用途有误')
    .refine((v) => v in wallpaperTypeLabel, '用途有误')
    .optional()
    .default(WallpaperType.BOTH),
});
export type WallpaperUploadRequest = z.input<typeof wallpaperUploadRequest>;
/** WallpaperUploadBody is the request after parsing, defaults filled in. */
export type WallpaperUploadBody = z.output<typeof wallpaperUploadRequest>;

export const wallpaperListQuery = paging;
export const wallpaperItemQuery = z.object({ id: uuid });
export const wallpaperIdParams = z.object({ id: uuid });

/** WallpaperSummary is one row of GET /api/wallpaper/list: metadata and a small JPEG thumbnail data URI. */
export interface WallpaperSummary {
  id: string;
  type: WallpaperType;
  name: string;
  width: number;
  height: number;
  /** Size of the picture in bytes. */
  size: number;
  thumbnail: string;
  date_created: string;
}

/** WallpaperItem is GET /api/wallpaper/item: the metadata and the full picture as a JPEG data URI. */
export interface WallpaperItem extends Omit<WallpaperSummary, 'thumbnail'> {
  content: string;
}

/**
 * readJpegSize checks that bytes are a JPEG (SOI marker, then well-formed segments up to a frame header)
 * and reads the picture's size from the SOF segment. Null when they are not. Shared so the console refuses
 * a renamed PNG before uploading it, with the same rule the server applies.
 */
export function readJpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return null;
    let marker = bytes[i + 1];
    // Any number of 0xFF fill bytes may precede a marker.
    while (marker === 0xff && i + 2 < bytes.length) marker = bytes[++i + 1];
    i += 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // TEM, RSTn: no length
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda) return null; // SOI, EOI or scan before a frame
    if (i + 2 > bytes.length) return null;
    const length = (bytes[i] << 8) | bytes[i + 1];
    if (length < 2 || i + length > bytes.length) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (length < 8) return null;
      const height = (bytes[i + 3] << 8) | bytes[i + 4];
      const width = (bytes[i + 5] << 8) | bytes[i + 6];
      const components = bytes[i + 7];
      if (!width || !height || ![1, 3, 4].includes(components)) return null;
      return { width, height };
    }
    i += length;
  }
  return null;
}

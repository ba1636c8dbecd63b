import sharp from 'sharp';
import { JPEG_DATA_URI_PREFIX, WALLPAPER_MAX_BYTES, WALLPAPER_MAX_SIDE, readJpegSize, wallpaperMsg } from '@lease/shared';
import { AppError } from '../../http/app-error.ts';

const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;
const invalid = (message: string) => new AppError('VALIDATION_FAILED', message, [{ field: 'content', message }]);

export interface JpegPicture {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * decodeJpegDataUri turns an uploaded data URI into JPEG bytes, refusing (400, Chinese) a wrong prefix,
 * bad base64, more than WALLPAPER_MAX_BYTES, bytes that are not a JPEG, and oversized pictures.
 */
export function decodeJpegDataUri(content: string): JpegPicture {
  if (!content.startsWith(JPEG_DATA_URI_PREFIX)) throw invalid(wallpaperMsg.prefix);
  const payload = content.slice(JPEG_DATA_URI_PREFIX.length);
  // Buffer.from skips characters that are not base64, so a damaged string must be refused first.
  if (!payload || payload.length % 4 !== 0 || !BASE64_RE.test(payload)) throw invalid(wallpaperMsg.base64);
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length > WALLPAPER_MAX_BYTES) throw invalid(wallpaperMsg.tooBig);
  const size = readJpegSize(bytes);
  if (!size) throw invalid(wallpaperMsg.notJpeg);
  if (size.width > WALLPAPER_MAX_SIDE || size.height > WALLPAPER_MAX_SIDE) throw invalid(wallpaperMsg.tooLarge);
  return { bytes, ...size };
}

/** THUMBNAIL_SIDE bounds the list's thumbnails: a portrait phone wallpaper becomes about 150×320. */
export const THUMBNAIL_SIDE = 320;

/**
 * makeThumbnail decodes the whole picture (so a truncated or corrupt JPEG is refused here, 400) and
 * writes a small JPEG of it, upright per its EXIF orientation. sharp works off the event loop.
 */
export async function makeThumbnail(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { failOn: 'truncated', limitInputPixels: WALLPAPER_MAX_SIDE * WALLPAPER_MAX_SIDE })
      .rotate()
      .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 72, mozjpeg: true })
      .toBuffer();
  } catch {
    throw invalid(wallpaperMsg.undecodable);
  }
}

export const toJpegDataUri = (bytes: Buffer) => JPEG_DATA_URI_PREFIX + bytes.toString('base64');

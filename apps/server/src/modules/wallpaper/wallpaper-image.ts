import sharp from 'sharp';
import { JPEG_DATA_URI_PREFIX, WALLPAPER_MAX_BYTES, WALLPAPER_MAX_SIDE, readJpegSize, wallpaperMsg } from '@lease/shared';

const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;

/** ImageRefused carries the Chinese reason an uploaded picture is refused; the image gate makes it the route's 400. */
export class ImageRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageRefused';
  }
}

export interface JpegPicture {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * decodeJpegDataUri turns an uploaded data URI into JPEG bytes, refusing a wrong prefix, bad base64, more
 * than WALLPAPER_MAX_BYTES, bytes that are not a JPEG, and oversized pictures.
 */
export function decodeJpegDataUri(content: string): JpegPicture {
  if (!content.startsWith(JPEG_DATA_URI_PREFIX)) throw new ImageRefused(wallpaperMsg.prefix);
  const payload = content.slice(JPEG_DATA_URI_PREFIX.length);
  // Buffer.from skips characters that are not base64, so a damaged string must be refused first.
  if (!payload || payload.length % 4 !== 0 || !BASE64_RE.test(payload)) throw new ImageRefused(wallpaperMsg.base64);
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length > WALLPAPER_MAX_BYTES) throw new ImageRefused(wallpaperMsg.tooBig);
  const size = readJpegSize(bytes);
  if (!size) throw new ImageRefused(wallpaperMsg.notJpeg);
  if (size.width > WALLPAPER_MAX_SIDE || size.height > WALLPAPER_MAX_SIDE) throw new ImageRefused(wallpaperMsg.tooLarge);
  return { bytes, ...size };
}

/** THUMBNAIL_SIDE bounds the list's thumbnails: a portrait phone wallpaper becomes about 150×320. */
export const THUMBNAIL_SIDE = 320;

/** PROCESS_TIMEOUT_S stops sharp on a picture that takes pathologically long, so its thread comes back. */
const PROCESS_TIMEOUT_S = 25;

/**
 * makeThumbnail decodes the whole picture (so a truncated or corrupt JPEG is refused here) and writes a
 * small JPEG of it, upright per its EXIF orientation. sharp works in libuv's thread pool, off the event loop.
 */
export async function makeThumbnail(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { failOn: 'truncated', limitInputPixels: WALLPAPER_MAX_SIDE * WALLPAPER_MAX_SIDE })
      .rotate()
      .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 72, mozjpeg: true })
      .timeout({ seconds: PROCESS_TIMEOUT_S })
      .toBuffer();
  } catch {
    throw new ImageRefused(wallpaperMsg.undecodable);
  }
}

/** ProcessedUpload is an accepted upload: the JPEG as sent, its size and its thumbnail. */
export interface ProcessedUpload extends JpegPicture {
  thumbnail: Buffer;
}

/** processUpload is the picture work of one upload: checks, then the thumbnail. */
export async function processUpload(content: string): Promise<ProcessedUpload> {
  const picture = decodeJpegDataUri(content);
  return { ...picture, thumbnail: await makeThumbnail(picture.bytes) };
}

export const toJpegDataUri = (bytes: Buffer) => JPEG_DATA_URI_PREFIX + bytes.toString('base64');

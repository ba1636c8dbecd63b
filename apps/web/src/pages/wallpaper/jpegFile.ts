import { JPEG_DATA_URI_PREFIX, WALLPAPER_MAX_BYTES, WALLPAPER_MAX_SIDE, readJpegSize, wallpaperMsg } from '@lease/shared';

export interface JpegFile {
  dataUri: string;
  width: number;
  height: number;
  size: number;
}

export type JpegFileCheck = { ok: true; file: JpegFile } | { ok: false; reason: string };

/** base64 of bytes in chunks: String.fromCharCode over a whole 5 MB array would overflow the call stack. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * readJpegFile checks a chosen file the way the server will (size, JPEG bytes, dimensions) before anything
 * is sent, and builds the data URI from the bytes: a .jpg without a MIME type still gets the JPEG prefix.
 */
export async function readJpegFile(file: Blob): Promise<JpegFileCheck> {
  if (file.size > WALLPAPER_MAX_BYTES) return { ok: false, reason: wallpaperMsg.tooBig };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const size = readJpegSize(bytes);
  if (!size) return { ok: false, reason: `${wallpaperMsg.notJpeg}，请选择 .jpg 或 .jpeg 文件` };
  if (size.width > WALLPAPER_MAX_SIDE || size.height > WALLPAPER_MAX_SIDE) return { ok: false, reason: wallpaperMsg.tooLarge };
  return { ok: true, file: { dataUri: JPEG_DATA_URI_PREFIX + toBase64(bytes), ...size, size: bytes.length } };
}

/** formatBytes shows a size the way the clerk reads it: 312 KB, 2.4 MB. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** isConvertible: pictures the browser can redraw as JPEG (a phone's screenshot is usually PNG). */
export const isConvertible = (file: Blob) => /^image\/(png|webp|bmp|gif)$/.test(file.type);

/**
 * canvasToJpeg redraws a picture as a JPEG in the browser, on white (a PNG's transparent parts would turn
 * black) and scaled down to fit WALLPAPER_MAX_SIDE, so a clerk's PNG needs no tool to become a wallpaper.
 */
export async function canvasToJpeg(file: Blob): Promise<Blob> {
  const image = await createImageBitmap(file);
  const scale = Math.min(1, WALLPAPER_MAX_SIDE / Math.max(image.width, image.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(image.width * scale);
  canvas.height = Math.round(image.height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
  image.close();
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob failed'))), 'image/jpeg', 0.9));
}

/**
 * readWallpaperFile reads a chosen picture for upload: a JPEG as it is, a PNG (or WebP, BMP, GIF) converted
 * to JPEG first; anything else, or a conversion that fails, is refused with the reason.
 */
export async function readWallpaperFile(file: Blob, convert: (f: Blob) => Promise<Blob> = canvasToJpeg): Promise<JpegFileCheck & { converted?: boolean }> {
  if (!isConvertible(file)) return readJpegFile(file);
  let jpeg: Blob;
  try {
    jpeg = await convert(file);
  } catch {
    return { ok: false, reason: '图片无法转换为 JPEG，请换一张图片' };
  }
  const check = await readJpegFile(jpeg);
  return check.ok ? { ...check, converted: true } : check;
}

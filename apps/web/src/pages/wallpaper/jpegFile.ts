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

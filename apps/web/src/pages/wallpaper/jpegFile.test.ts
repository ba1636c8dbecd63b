import { JPEG_DATA_URI_PREFIX, WALLPAPER_MAX_BYTES } from '@lease/shared';
import { describe, expect, it } from 'vitest';
import { formatBytes, readJpegFile, readWallpaperFile, toBase64 } from './jpegFile.ts';

/** A JPEG head with a frame header of the given size; enough for the checks, which never decode. */
function jpeg(width: number, height: number, padTo = 0) {
  const head = [0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1];
  const bytes = new Uint8Array(Math.max(padTo, head.length));
  bytes.set(head);
  return bytes;
}

describe('readJpegFile', () => {
  it('accepts a JPEG and builds the JPEG data URI from its bytes, whatever the MIME type says', async () => {
    const bytes = jpeg(1170, 2532);
    const check = await readJpegFile(new Blob([bytes], { type: '' }));
    expect(check).toEqual({
      ok: true,
      file: { dataUri: JPEG_DATA_URI_PREFIX + btoa(String.fromCharCode(...bytes)), width: 1170, height: 2532, size: bytes.length },
    });
  });

  it('refuses a PNG renamed to .jpg', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(await readJpegFile(new Blob([png], { type: 'image/jpeg' }))).toEqual({ ok: false, reason: '文件不是 JPEG 图片，请选择 .jpg 或 .jpeg 文件' });
  });

  it('refuses more than 5 MB without reading it, and oversized pictures', async () => {
    expect(await readJpegFile(new Blob([jpeg(10, 10, WALLPAPER_MAX_BYTES + 1)]))).toEqual({ ok: false, reason: '图片不能超过 5 MB' });
    expect(await readJpegFile(new Blob([jpeg(9000, 100)]))).toEqual({ ok: false, reason: '图片尺寸不能超过 8192×8192 像素' });
  });
});

describe('helpers', () => {
  it('encodes large arrays in chunks', () => {
    const big = new Uint8Array(100_000).map((_, i) => i % 251);
    expect(toBase64(big)).toBe(Buffer.from(big).toString('base64'));
  });
  it('formats sizes', () => {
    expect([formatBytes(500), formatBytes(320 * 1024), formatBytes(2.45 * 1024 * 1024)]).toEqual(['500 B', '320 KB', '2.5 MB']);
  });
});

describe('readWallpaperFile', () => {
  const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: 'image/png' });

  it('converts a PNG to JPEG in the browser before the checks', async () => {
    const converted: Blob[] = [];
    const check = await readWallpaperFile(png, async (f) => {
      converted.push(f);
      return new Blob([jpeg(1170, 2532)], { type: 'image/jpeg' });
    });
    expect(converted).toEqual([png]);
    expect(check).toMatchObject({ ok: true, converted: true, file: { width: 1170, height: 2532 } });
  });

  it('takes a JPEG as it is, and says so when a picture cannot be converted', async () => {
    const never = async (): Promise<Blob> => {
      throw new Error('must not convert a JPEG');
    };
    expect(await readWallpaperFile(new Blob([jpeg(10, 20)], { type: 'image/jpeg' }), never)).toMatchObject({ ok: true, file: { width: 10, height: 20 } });
    expect(await readWallpaperFile(png, never)).toEqual({ ok: false, reason: '图片无法转换为 JPEG，请换一张图片' });
  });
});

import { describe, expect, it } from 'vitest';
import { JPEG_DATA_URI_PREFIX, readJpegSize, wallpaperUploadRequest } from './wallpaper.ts';

/** A JPEG's head: SOI, an APP0 (JFIF) segment, then a baseline frame header of the given size. */
function jpegHead(width: number, height: number, opts: { fill?: boolean; sof?: number; components?: number } = {}) {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const sof = [0xff, opts.sof ?? 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, opts.components ?? 3];
  for (let c = 1; c <= 3; c++) sof.push(c, 0x11, 0x00);
  return Uint8Array.from([0xff, 0xd8, ...app0, ...(opts.fill ? [0xff, 0xff] : []), ...sof]);
}

describe('readJpegSize', () => {
  it('reads the size from baseline and progressive frame headers', () => {
    expect(readJpegSize(jpegHead(1170, 2532))).toEqual({ width: 1170, height: 2532 });
    expect(readJpegSize(jpegHead(640, 480, { sof: 0xc2 }))).toEqual({ width: 640, height: 480 });
  });

  it('skips fill bytes before a marker', () => {
    expect(readJpegSize(jpegHead(10, 20, { fill: true }))).toEqual({ width: 10, height: 20 });
  });

  it('refuses what is not a JPEG', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(readJpegSize(png)).toBeNull();
    expect(readJpegSize(new Uint8Array())).toBeNull();
    expect(readJpegSize(Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull(); // SOI then EOI: no picture
    expect(readJpegSize(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08]))).toBeNull(); // scan before a frame
  });

  it('refuses a zero size, odd component counts and segments running past the end', () => {
    expect(readJpegSize(jpegHead(0, 100))).toBeNull();
    expect(readJpegSize(jpegHead(100, 100, { components: 2 }))).toBeNull();
    expect(readJpegSize(jpegHead(100, 100).subarray(0, 24))).toBeNull();
    // DHT (0xC4) is not a frame header even though it sits in the SOF range.
    expect(readJpegSize(jpegHead(100, 100, { sof: 0xc4 }))).toBeNull();
  });
});

describe('wallpaperUploadRequest', () => {
  it('needs the JPEG data URI prefix and defaults the type', () => {
    expect(wallpaperUploadRequest.safeParse({ content: 'data:image/png;base64,AAAA' }).success).toBe(false);
    expect(wallpaperUploadRequest.parse({ content: `${JPEG_DATA_URI_PREFIX}AAAA` })).toEqual({ content: `${JPEG_DATA_URI_PREFIX}AAAA`, name: '', type: 3 });
  });
});

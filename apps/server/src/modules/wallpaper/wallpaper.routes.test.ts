import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JPEG_DATA_URI_PREFIX, Perm, WALLPAPER_MAX_BYTES, readJpegSize } from '@lease/shared';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { getWallpaperContent } from './wallpaper.repo.ts';
import { UPLOAD_BODY_LIMIT } from './wallpaper.routes.ts';

let t: TestApp;
let jpeg: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  // A real portrait JPEG made here from raw pixels: a gradient, so it is not trivially compressible.
  const width = 270;
  const height = 480;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels.set([x % 256, y % 256, (x + y) % 256], (y * width + x) * 3);
  jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
});
afterAll(() => t.close());

const dataUri = (bytes: Buffer) => JPEG_DATA_URI_PREFIX + bytes.toString('base64');

async function keeper(values: { storeId?: string; permission?: string; isAdmin?: boolean } = {}) {
  const storeId = values.storeId ?? (await t.newStore()).id;
  const signed = await t.signedIn({ storeId, isAdmin: values.isAdmin ?? true, permission: values.permission ?? '' });
  return { storeId, ...signed };
}

const upload = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: '/api/wallpaper/upload', headers, payload });

describe('POST /api/wallpaper/upload', () => {
  it('takes a real JPEG, keeps its bytes and lists it with a small thumbnail', async () => {
    const { headers, storeId } = await keeper();
    const res = await upload(headers, { content: dataUri(jpeg), name: '还款提醒', type: 1 });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({ name: '还款提醒', type: 1, width: 270, height: 480, size: jpeg.length });
    expect(saved.id).toMatch(/^[0-9a-f-]{36}$/);

    const list = (await t.app.inject({ method: 'GET', url: '/api/wallpaper/list', headers })).json();
    expect(list.total).toBe(1);
    expect(list.list[0]).not.toHaveProperty('content');
    const thumb = Buffer.from(list.list[0].thumbnail.slice(JPEG_DATA_URI_PREFIX.length), 'base64');
    expect(list.list[0].thumbnail.startsWith(JPEG_DATA_URI_PREFIX)).toBe(true);
    expect(readJpegSize(thumb)).toEqual({ width: 180, height: 320 });
    expect(thumb.length).toBeLessThan(jpeg.length);

    const item = (await t.app.inject({ method: 'GET', url: '/api/wallpaper/item', headers, query: { id: saved.id } })).json();
    expect(item.content).toBe(dataUri(jpeg));
    expect(item).toMatchObject({ id: saved.id, width: 270, height: 480 });
    expect((await getWallpaperContent(t.db, storeId, saved.id))?.equals(jpeg)).toBe(true);
  });

  it('defaults the type to both screens', async () => {
    const { headers } = await keeper();
    expect((await upload(headers, { content: dataUri(jpeg) })).json()).toMatchObject({ type: 3, name: '' });
  });

  it('refuses what is not a JPEG data URI, with Chinese messages', async () => {
    const { headers } = await keeper();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const cases: [object, string][] = [
      [{ content: `data:image/png;base64,${png.toString('base64')}` }, '图片内容须以 data:image/jpeg;base64, 开头（仅支持 JPEG）'],
      [{ content: jpeg.toString('base64') }, '图片内容须以 data:image/jpeg;base64, 开头（仅支持 JPEG）'],
      [{ content: `${JPEG_DATA_URI_PREFIX}@@@@not*base64` }, '图片内容不是有效的 Base64 编码'],
      [{ content: `${JPEG_DATA_URI_PREFIX}${jpeg.toString('base64').slice(1)}` }, '图片内容不是有效的 Base64 编码'],
      [{ content: JPEG_DATA_URI_PREFIX }, '图片内容不是有效的 Base64 编码'],
      [{ content: dataUri(png) }, '文件不是 JPEG 图片'],
      [{ content: dataUri(Buffer.from('hello, not a picture at all')) }, '文件不是 JPEG 图片'],
      [{ content: dataUri(jpeg.subarray(0, Math.floor(jpeg.length / 2))) }, '图片已损坏，无法解码'],
      [{}, '请选择图片'],
      [{ content: dataUri(jpeg), type: 7 }, '用途有误'],
    ];
    for (const [payload, message] of cases) {
      const res = await upload(headers, payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().message).toContain(message);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/wallpaper/list', headers })).json().total).toBe(0);
  });

  it('refuses a picture whose frame header claims more than 8192 pixels a side', async () => {
    const { headers } = await keeper();
    const huge = Buffer.from(jpeg);
    const sof = huge.indexOf(Buffer.from([0xff, 0xc0]));
    huge.writeUInt16BE(9000, sof + 5);
    const res = await upload(headers, { content: dataUri(huge) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('图片尺寸不能超过 8192×8192 像素');
  });

  it('refuses more than 5 MB of picture with 400, even within the raised body limit', async () => {
    const { headers } = await keeper();
    // One byte over the limit still fits the schema's length bound, so the decoded size is what refuses it.
    const justOver = Buffer.alloc(WALLPAPER_MAX_BYTES + 1, 0);
    jpeg.copy(justOver);
    const res = await upload(headers, { content: dataUri(justOver) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('图片不能超过 5 MB');
    const sixMb = await upload(headers, { content: dataUri(Buffer.alloc(6 * 1024 * 1024, 1)) });
    expect(sixMb.statusCode).toBe(400);
    expect(sixMb.json().message).toContain('图片不能超过 5 MB');
    const beyond = await upload(headers, { content: 'x'.repeat(UPLOAD_BODY_LIMIT) });
    expect(beyond.statusCode).toBe(413);
    expect(beyond.json().message).toBe('请求内容过大');
  });

  it('raises the body limit for this route only', async () => {
    const { headers } = await keeper();
    const res = await t.app.inject({ method: 'PUT', url: '/api/user/lost-modal-content', headers, payload: { message: 'x'.repeat(2 * 1024 * 1024) } });
    expect(res.statusCode).toBe(413);
  });

  it('needs a set-wallpaper permission (Apple or Android) to upload and delete; any clerk reads', async () => {
    const { storeId, headers: admin } = await keeper();
    const id = (await upload(admin, { content: dataUri(jpeg) })).json().id;
    const plain = await keeper({ storeId, isAdmin: false });
    expect((await upload(plain.headers, { content: dataUri(jpeg) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/wallpaper/${id}`, headers: plain.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/wallpaper/list', headers: plain.headers })).json().total).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/wallpaper/item', headers: plain.headers, query: { id } })).statusCode).toBe(200);
    for (const perm of [Perm.APPLE_SET_WALLPAPER, Perm.ANDROID_SET_WALLPAPER]) {
      const clerk = await keeper({ storeId, isAdmin: false, permission: perm });
      expect((await upload(clerk.headers, { content: dataUri(jpeg) })).statusCode, perm).toBe(200);
    }
  });
});

describe('store scoping', () => {
  it("another store's wallpaper is 404 to read and delete, and stays", async () => {
    const mine = await keeper();
    const other = await keeper();
    const id = (await upload(mine.headers, { content: dataUri(jpeg) })).json().id;
    const read = await t.app.inject({ method: 'GET', url: '/api/wallpaper/item', headers: other.headers, query: { id } });
    expect(read.statusCode).toBe(404);
    expect(read.json().message).toBe('壁纸不存在');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/wallpaper/${id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/wallpaper/list', headers: other.headers })).json()).toEqual({ list: [], total: 0 });
    expect(await getWallpaperContent(t.db, other.storeId, id)).toBeNull();
    expect((await getWallpaperContent(t.db, mine.storeId, id))?.length).toBe(jpeg.length);
  });

  it('deletes its own and then answers 404', async () => {
    const { headers, storeId } = await keeper();
    const id = (await upload(headers, { content: dataUri(jpeg) })).json().id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/wallpaper/${id}`, headers })).json()).toEqual({ ok: true });
    expect(await getWallpaperContent(t.db, storeId, id)).toBeNull();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/wallpaper/${id}`, headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/wallpaper/item', headers, query: { id } })).statusCode).toBe(404);
  });

  it('pages newest first', async () => {
    const { headers } = await keeper();
    for (const name of ['一', '二', '三']) await upload(headers, { content: dataUri(jpeg), name });
    const page = (await t.app.inject({ method: 'GET', url: '/api/wallpaper/list', headers, query: { page_num: '0', page_size: '2' } })).json();
    expect(page.total).toBe(3);
    expect(page.list.map((w: { name: string }) => w.name)).toEqual(['三', '二']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/wallpaper/item', headers, query: { id: 'nope' } });
    expect(bad.statusCode).toBe(400);
  });
});

import { pbkdf2 } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JPEG_DATA_URI_PREFIX, WALLPAPER_MAX_BYTES, WALLPAPER_MAX_SIDE, wallpaperMsg } from '@lease/shared';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { createImageGate, imageGateMsg } from './wallpaper-image.gate.ts';
import type { ProcessedUpload } from './wallpaper-image.ts';
import { createWallpaperRepo, getWallpaperContent } from './wallpaper.repo.ts';

let t: TestApp;
let jpeg: Buffer;
let content: string;
beforeAll(async () => {
  t = await buildTestApp();
  // About the largest picture allowed: 8192×8192 and just under 5 MB (8-pixel blocks of noise: not trivially small).
  const small = 1024;
  const pixels = Buffer.alloc(small * small * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.imul(i, 2654435761) >>> 24;
  jpeg = await sharp(pixels, { raw: { width: small, height: small, channels: 3 } })
    .resize(WALLPAPER_MAX_SIDE, WALLPAPER_MAX_SIDE, { kernel: 'nearest' })
    .jpeg({ quality: 62 })
    .toBuffer();
  expect(jpeg.length).toBeGreaterThan(WALLPAPER_MAX_BYTES * 0.9);
  expect(jpeg.length).toBeLessThanOrEqual(WALLPAPER_MAX_BYTES);
  content = JPEG_DATA_URI_PREFIX + jpeg.toString('base64');
}, 180_000);
afterAll(() => t.close());

/** threadPoolWait times a short task of libuv's thread pool, which a login's password hash shares with sharp. */
async function threadPoolWait() {
  const t0 = performance.now();
  await new Promise((resolve, reject) => pbkdf2('x', 'salt', 1000, 32, 'sha256', (err) => (err ? reject(err) : resolve(null))));
  return performance.now() - t0;
}

const cpuMs = (used: NodeJS.CpuUsage) => (used.user + used.system) / 1000;
/** threadCpu is the CPU time of the event loop's own thread (Node 23.9+; this @types/node predates it). */
const threadCpu = (since?: NodeJS.CpuUsage) => (process as unknown as { threadCpuUsage(since?: NodeJS.CpuUsage): NodeJS.CpuUsage }).threadCpuUsage(since);

describe('wallpaper uploads under load (issue 30)', () => {
  it('8 parallel uploads of the largest picture through the route no longer stall the server for tens of seconds', async () => {
    const { headers } = await t.signedIn({ isAdmin: true });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const cpu = threadCpu();
    const uploads = Promise.all(
      Array.from({ length: 8 }, () => t.app.inject({ method: 'POST', url: '/api/wallpaper/upload', headers, payload: { content, name: '大图' } })),
    );
    const health: number[] = [];
    let done = false;
    void uploads.finally(() => {
      done = true;
    });
    let poolWaitMs = 0;
    while (!done) {
      const t0 = performance.now();
      await t.app.inject({ method: 'GET', url: '/api/health' });
      health.push(performance.now() - t0);
      if (health.length === 5) poolWaitMs = await threadPoolWait();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const results = await uploads;
    const loopCpuMs = cpuMs(threadCpu(cpu));
    delay.disable();
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(results[0].json()).toMatchObject({ width: WALLPAPER_MAX_SIDE, height: WALLPAPER_MAX_SIDE, size: jpeg.length });
    const stallMs = delay.max / 1e6;
    console.log(
      `8 × ${(jpeg.length / 1048576).toFixed(1)} MB uploads on ${t.db.constructor.name}: /api/health worst ${Math.max(...health).toFixed(0)} ms over ${health.length} probes, worst loop stall ${stallMs.toFixed(0)} ms, loop CPU ${loopCpuMs.toFixed(0)} ms, thread-pool task ${poolWaitMs.toFixed(0)} ms`,
    );
    // Before: PGlite encoded each 5 MB bytea byte by byte on the loop, 6-10 s each: a 43 s stall for these 8. PGlite
    // still stores on the loop (about 0.6 s of it per picture, it is an embedded database); PostgreSQL does not.
    const onPglite = !process.env.DATABASE_URL;
    expect(stallMs).toBeLessThan(onPglite ? 15_000 : 5_000);
    expect(loopCpuMs).toBeLessThan(onPglite ? 15_000 : 5_000);
  }, 180_000);

  it('stores and reads back a 5 MB picture without holding the loop for seconds (PGlite bytea)', async () => {
    const s = await t.newStore();
    const repo = createWallpaperRepo(t.db);
    const cpu = threadCpu();
    const row = await repo.insert({
      storeId: s.id,
      type: 3,
      name: '',
      content: jpeg,
      thumbnail: jpeg.subarray(0, 1000),
      width: 1,
      height: 1,
      byteSize: jpeg.length,
      createdBy: null,
    });
    const back = await getWallpaperContent(t.db, s.id, row.id);
    const loopCpuMs = cpuMs(threadCpu(cpu));
    expect(back?.equals(jpeg)).toBe(true);
    expect(row.thumbnail.equals(jpeg.subarray(0, 1000))).toBe(true);
    console.log(`store + read 5 MB on ${t.db.constructor.name}: loop CPU ${loopCpuMs.toFixed(0)} ms`);
    // PGlite's own bytea encoding took 6-10 s of the loop for this picture.
    expect(loopCpuMs).toBeLessThan(2000);
  }, 60_000);
});

describe('image gate', () => {
  const picture: ProcessedUpload = { bytes: Buffer.alloc(1), width: 1, height: 1, thumbnail: Buffer.alloc(1) };
  const later = () => {
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    return { gate, finish };
  };

  it('works 2 at a time, queues 8 more and refuses the next with a Chinese 503', async () => {
    const held = later();
    let started = 0;
    const gate = createImageGate({
      process: async () => {
        started += 1;
        await held.gate;
        return picture;
      },
    });
    const taken = Array.from({ length: 10 }, () => gate.process('x'));
    await new Promise((resolve) => setImmediate(resolve));
    expect([started, gate.stats().waiting]).toEqual([2, 8]);
    await expect(gate.process('x')).rejects.toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: imageGateMsg.busy });
    held.finish();
    expect(await Promise.all(taken)).toHaveLength(10);
    expect(started).toBe(10);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('answers a picture past its time limit with a Chinese 503 and frees the slot when its work ends', async () => {
    const held = later();
    const gate = createImageGate({ concurrency: 1, timeoutMs: 50, process: () => held.gate.then(() => picture) });
    await expect(gate.process('x')).rejects.toMatchObject({ statusCode: 503, message: imageGateMsg.timeout });
    expect(gate.stats().running).toBe(1);
    held.finish();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(gate.stats().running).toBe(0);
  });

  it('keeps the Chinese 400 of a refused picture (real decoder)', async () => {
    const gate = createImageGate();
    await expect(gate.process(`${JPEG_DATA_URI_PREFIX}@@@@`)).rejects.toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: wallpaperMsg.base64,
    });
    const truncated = `${JPEG_DATA_URI_PREFIX}${jpeg.subarray(0, 200_000).toString('base64')}`;
    await expect(gate.process(truncated)).rejects.toMatchObject({ statusCode: 400, message: wallpaperMsg.undecodable });
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
  });
});

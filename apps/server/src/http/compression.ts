import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { isPhoneTraffic } from './phone-traffic.ts';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * registerCompression compresses JSON answers (and the console's HTML shell) for clients that accept
 * brotli or gzip. Built JS/CSS are compressed once at build time and served as files (static.ts), so
 * only answers made per request go through here; MDM plists and binary downloads are left as they are.
 * Must be registered before the routes it should cover.
 */
export async function registerCompression(app: FastifyInstance) {
  // Phones' plists are small and never compressed: skipping the hook spares every MDM round trip its onSend.
  app.addHook('onRoute', (route) => {
    if (isPhoneTraffic(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: /^(application\/json|text\/html)\b/,
    // Quality 11 is for build time; per request a fast level keeps the CPU cost below the bytes saved.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
  });
}

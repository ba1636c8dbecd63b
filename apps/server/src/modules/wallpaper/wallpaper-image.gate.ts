import { AppError } from '../../http/app-error.ts';
import { ImageRefused, type ProcessedUpload, processUpload } from './wallpaper-image.ts';

export interface ImageGateOptions {
  /** Pictures decoded at once. sharp decodes in libuv's thread pool (4 threads), which logins' password hashing and file reads share. */
  concurrency?: number;
  /** Uploads waiting beyond those; more are refused with a 503 instead of holding their 7 MB bodies in memory. */
  maxWaiting?: number;
  /** One picture's limit, waiting included. */
  timeoutMs?: number;
  /** The work itself (tests stand in a slow one). */
  process?: (content: string) => Promise<ProcessedUpload>;
}

export const imageGateMsg = {
  busy: '图片处理繁忙，请稍后再试',
  timeout: '图片处理超时，请稍后再试或换一张较小的图片',
};

const badPicture = (message: string) => new AppError('VALIDATION_FAILED', message, [{ field: 'content', message }]);

/**
 * createImageGate runs wallpaper uploads' picture work (checks, decode, thumbnail) a few at a time. sharp already
 * works off the event loop; the gate keeps many large uploads from filling the thread pool and the memory, refuses
 * (503, Chinese) beyond its queue or after its time limit, and turns a refused picture into the Chinese 400.
 */
export function createImageGate(options: ImageGateOptions = {}) {
  const concurrency = options.concurrency ?? 2;
  const maxWaiting = options.maxWaiting ?? 8;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const work = options.process ?? processUpload;
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };

  async function run(content: string): Promise<ProcessedUpload> {
    if (running >= concurrency) {
      if (waiting.length >= maxWaiting) throw new AppError('SERVICE_UNAVAILABLE', imageGateMsg.busy);
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    running += 1;
    try {
      return await work(content);
    } catch (err) {
      throw err instanceof ImageRefused ? badPicture(err.message) : err;
    } finally {
      release();
    }
  }

  return {
    /** process checks and thumbnails one uploaded data URI; a slot stays taken until its work ends, even past the time limit. */
    process(content: string): Promise<ProcessedUpload> {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new AppError('SERVICE_UNAVAILABLE', imageGateMsg.timeout)), timeoutMs);
      });
      return Promise.race([run(content), late]).finally(() => clearTimeout(timer));
    },
    stats: () => ({ running, waiting: waiting.length }),
  };
}
export type ImageGate = ReturnType<typeof createImageGate>;

import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import { LockStatus } from '@lease/shared';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createAndroidEngine } from '../apps/server/src/mdm/android/android-engine.ts';

/** What the Android fan-out bench hands its issuer: the database, the store and the phones to lock. */
export interface IssuerData {
  url: string;
  origin: string;
  storeId: string;
  clerkId: string;
  deviceIds: string[];
}

/**
 * The bench's "second server process": its own event loop and its own engine, so the slices it queues are not
 * held up behind the simulated phones' frames (which share the bench's main thread). It answers `ready` once
 * connected, runs the fan-out on `go` and answers with the number queued and when, and closes on `close`. A
 * failure reaches the bench as the worker's error event.
 */
const data = workerData as IssuerData;
const database = await openDatabase({ kind: 'postgres', url: data.url });
const engine = createAndroidEngine({
  db: database.db,
  log: pino({ level: 'silent' }),
  publicUrl: () => data.origin,
  secrets: { androidDevKey: Buffer.alloc(32) },
  database,
  databaseUrl: data.url,
});
const port = parentPort!;
port.on('message', async (message: 'go' | 'close') => {
  if (message === 'close') {
    await engine.close();
    await database.close();
    return port.close();
  }
  const queued = await engine.commander.fanOut({
    storeId: data.storeId,
    clerkId: data.clerkId,
    deviceIds: data.deviceIds,
    action: 'lock',
    type: 'lock',
    payload: { message: '压测锁定' },
    state: { lockStatus: LockStatus.LOCKING, lockMessage: '压测锁定' },
  });
  port.postMessage({ queued: queued.length, at: performance.timeOrigin + performance.now() });
});
port.postMessage('ready');

import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { MockApns } from '@lease/device-sim';
import type { Db } from '../db/client.ts';
import type { AndroidEngineInternal } from '../mdm/android/android-engine.ts';
import type { EnrollCodec } from '../modules/enroll/enroll-code.ts';
import type { EnrollService } from '../modules/enroll/enroll.service.ts';
import { type DemoAndroidFleet, registerDemoAndroid } from './demo-android.ts';
import { startDemoDevices } from './demo-devices.ts';

export interface DemoPhones {
  /** Simulated iPhones for the demo store, woken through this local APNs stand-in. */
  devices?: { apns: MockApns; count: number };
  /** Simulated Android agents for the demo store; they enrol with a token and hold a WebSocket like a phone. */
  android?: { count: number };
}

/**
 * registerDemoPhones starts the demo store's simulated phones once the server listens: they enrol over real
 * HTTP, like any phone, and stop when the server closes.
 */
export function registerDemoPhones(
  app: FastifyInstance,
  demo: DemoPhones,
  deps: { db: Db; dataDir: string; android: AndroidEngineInternal; enroll: EnrollService; codec: EnrollCodec; androidFleet?: DemoAndroidFleet },
) {
  const { db } = deps;
  if (demo.android)
    registerDemoAndroid(app, {
      db,
      android: deps.android,
      count: demo.android.count,
      dir: path.join(deps.dataDir, 'demo-android'),
      fleet: deps.androidFleet,
    });
  const devices = demo.devices;
  if (!devices) return;
  const phones: { stop(): Promise<void> }[] = [];
  app.addHook('onListen', async () => {
    const { port } = app.server.address() as { port: number };
    startDemoDevices({ db, enroll: deps.enroll, codec: deps.codec, apns: devices.apns, origin: `http://127.0.0.1:${port}`, count: devices.count, log: app.log })
      .then((started) => {
        phones.push(...started);
        app.log.info({ phones: started.length }, 'demo phones enrolled');
      })
      .catch((err: unknown) => app.log.error({ err }, 'demo phones failed to start'));
  });
  app.addHook('onClose', async () => void (await Promise.all(phones.map((p) => p.stop()))));
}

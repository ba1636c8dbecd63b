import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ANDROID_MODELS, AgentRefused, SimulatedAndroidAgent } from '@lease/device-sim';
import { ALL_MODULES, type AndroidSimulatorView, Perm } from '@lease/shared';
import type { Db } from '../db/client.ts';
import type { AndroidEngineInternal } from '../mdm/android/android-engine.ts';
import { androidDevice } from '../domain/android-device.table.ts';
import { clerk } from '../domain/clerk.table.ts';
import { store } from '../domain/store.table.ts';
import type { SimulatedAndroidPhones } from '../modules/android-device/android-simulator.service.ts';

const HIRERS = ['演示租机人子', '演示租机人丑', '演示租机人寅', '演示租机人卯', '演示租机人辰'];

/**
 * startDemoAndroid keeps a few simulated Android agents in the demo store. Each enrols like a phone scanning
 * the console's QR code (a one-time token, POST /agent/v1/enroll) and then holds its WebSocket; its state is
 * kept in DATA_DIR/demo-android so a restart resumes the same phones instead of enrolling new ones.
 */
export async function startDemoAndroid(deps: {
  db: Db;
  android: AndroidEngineInternal;
  origin: string;
  count: number;
  dir: string;
}): Promise<SimulatedAndroidAgent[]> {
  const [demo] = await deps.db
    .select({ storeId: store.id, clerkId: clerk.id })
    .from(store)
    .innerJoin(clerk, eq(clerk.storeId, store.id))
    .where(and(eq(store.isDemo, true), eq(clerk.isAdmin, true)))
    .limit(1);
  if (!demo) return [];
  fs.mkdirSync(deps.dir, { recursive: true });
  const auth = { clerkId: demo.clerkId, storeId: demo.storeId, sessionId: 'demo', isAdmin: true, perms: [Perm.ADMIN], modules: [...ALL_MODULES] };
  const agents: SimulatedAndroidAgent[] = [];
  for (let i = 0; i < deps.count; i++) {
    const stateFile = path.join(deps.dir, `agent-${i + 1}.json`);
    let agent = new SimulatedAndroidAgent({ serverUrl: deps.origin, stateFile, model: ANDROID_MODELS[i % ANDROID_MODELS.length], checkinMs: 10 * 60_000 });
    agent.data.serverUrl = deps.origin;
    if (agent.deviceId && !(await stillKnown(agent))) {
      fs.rmSync(stateFile, { force: true });
      agent = new SimulatedAndroidAgent({ serverUrl: deps.origin, stateFile, model: ANDROID_MODELS[i % ANDROID_MODELS.length], checkinMs: 10 * 60_000 });
    }
    if (!agent.deviceId) {
      const { token } = await deps.android.enrollTokens.issue(auth, {});
      const model = ANDROID_MODELS[i % ANDROID_MODELS.length];
      await agent.enroll(token, { channel: model.channel, simulated: true });
      await deps.db
        .update(androidDevice)
        .set({ hirerName: HIRERS[i % HIRERS.length], remark: '模拟设备（演示）' })
        .where(eq(androidDevice.id, agent.deviceId!));
    }
    agent.start();
    agents.push(agent);
  }
  return agents;
}

/** SimulatedAgentScreen is what the fleet reads of an agent (a SimulatedAndroidAgent; tests pass stand-ins). */
interface SimulatedAgentScreen {
  readonly deviceId: string | null;
  state(): { connected: boolean; lockScreen: AndroidSimulatorView['lock_screen'] };
}

/** DemoAndroidFleet is the demo agents this process runs, by device id: what the 模拟设备 tab reads (SimulatedAndroidPhones). */
export interface DemoAndroidFleet extends SimulatedAndroidPhones {
  add(agent: SimulatedAgentScreen): void;
}

export function createDemoAndroidFleet(): DemoAndroidFleet {
  const agents = new Map<string, SimulatedAgentScreen>();
  return {
    add(agent) {
      if (agent.deviceId) agents.set(agent.deviceId, agent);
    },
    view(deviceId) {
      const agent = agents.get(deviceId);
      if (!agent) return null;
      const { connected, lockScreen } = agent.state();
      return { connected, lock_screen: lockScreen };
    },
  };
}

/** stillKnown asks the server whether a saved agent is still enrolled (the database may have been reset, or the phone archived). */
async function stillKnown(agent: SimulatedAndroidAgent): Promise<boolean> {
  if (agent.state().released) return false;
  try {
    await agent.request('GET', '/agent/v1/policy');
    return true;
  } catch (err) {
    if (err instanceof AgentRefused) return false;
    throw err;
  }
}

/** registerDemoAndroid starts the demo agents once the server listens (they use real HTTP and WebSockets) and stops them on close. */
export function registerDemoAndroid(
  app: FastifyInstance,
  deps: { db: Db; android: AndroidEngineInternal; count: number; dir: string; fleet?: DemoAndroidFleet },
) {
  const agents: SimulatedAndroidAgent[] = [];
  app.addHook('onListen', async () => {
    const { port } = app.server.address() as { port: number };
    startDemoAndroid({ ...deps, origin: `http://127.0.0.1:${port}` })
      .then((started) => {
        agents.push(...started);
        for (const agent of started) deps.fleet?.add(agent);
        app.log.info({ agents: started.length }, 'demo Android agents enrolled');
      })
      .catch((err: unknown) => app.log.error({ err }, 'demo Android agents failed to start'));
  });
  app.addHook('preClose', async () => void (await Promise.all(agents.map((a) => a.stop()))));
}

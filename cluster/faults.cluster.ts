import { monitorEventLoopDelay } from 'node:perf_hooks';
import { and, count, eq, gte, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OperationStatus, type TokenPair } from '@lease/shared';
import { createApiClient } from '../apps/web/src/api/client.ts';
import { ApiError } from '../apps/web/src/api/errors.ts';
import { createInTabLock } from '../apps/web/src/auth/refreshLock.ts';
import { operationLog } from '../apps/server/src/domain/operation-log.table.ts';
import { androidCommand } from '../apps/server/src/mdm/android/android-agent.table.ts';
import { mdmCommand } from '../apps/server/src/mdm/apple/mdm.table.ts';
import { type ClusterStage, startClusterStage } from './cluster-stage.ts';
import { type Action, type Answer, command, deviceIds, sendAll, waitFor } from './console-calls.ts';

/**
 * Issue 31's faults, on one cluster: 3 nodes on PostgreSQL behind HAProxy, with simulated iPhones and Android agents
 * reaching it through the balancer. The phones are enrolled once; each fault then works on the fleet as it left it.
 * 2,000 of each, as issue 31 asks (about 6.5 min on the 2-core box, 4 of them enrolling); CLUSTER_IPHONES /
 * CLUSTER_AGENTS for other sizes.
 */
const IPHONES = Number(process.env.CLUSTER_IPHONES ?? 2000);
const AGENTS = Number(process.env.CLUSTER_AGENTS ?? 2000);

const ADMIN = { phone: '13633334444', password: 'Cluster#2026' };
let stage: ClusterStage;
beforeAll(async () => {
  const started = Date.now();
  stage = await startClusterStage({
    name: 'cluster',
    nodes: 3,
    iphones: IPHONES,
    agents: AGENTS,
    admin: ADMIN,
  });
  console.log(
    `cluster stage: 3 nodes ${stage.isolated ? 'on hosts of their own (network namespaces)' : 'on loopback (no namespaces: front-link faults cannot be injected)'}, ${IPHONES} iPhones and ${AGENTS} agents enrolled in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}, 1_800_000);
afterAll(() => stage?.close(), 120_000);

/**
 * expectEachOnce waits until every phone shows the action's effect and no command of the kind is still pending, then
 * checks that each device got exactly one command of the kind and one operation, recorded as done. An iPhone whose
 * answer a node could not record (cut from its database) is served the command again and says it is already done
 * (DisableLostMode: "not in Lost Mode"): the command was still queued once and applied once. Returns how many were
 * served again.
 */
async function expectEachOnce(action: Action, apple: string[], android: string[], since = new Date(0)) {
  const { db } = stage.database;
  const appleType = action === 'lock' ? 'EnableLostMode' : 'DisableLostMode';
  const ofApple = and(eq(mdmCommand.requestType, appleType), gte(mdmCommand.createdAt, since));
  const pending = and(ofApple, inArray(mdmCommand.status, ['queued', 'sent']));
  await waitFor(async () => (await db.select({ n: count() }).from(mdmCommand).where(pending))[0].n === 0, 300_000, `no ${appleType} pending`);
  const locked = action === 'lock';
  await waitFor(() => stage.iphones.phones.every((p) => p.state.lostMode.enabled === locked), 60_000, `every iPhone ${action}ed`);
  await waitFor(() => stage.agents.agents.every((a) => a.state().lockScreen.locked === locked), 120_000, `every agent ${action}ed`);

  const appleCommands = await db.select({ deviceId: mdmCommand.deviceId, attempts: mdmCommand.attempts }).from(mdmCommand).where(ofApple);
  expect(appleCommands).toHaveLength(apple.length);
  expect(new Set(appleCommands.map((c) => c.deviceId)).size).toBe(apple.length);
  const androidCommands = await db
    .select({ deviceId: androidCommand.deviceId })
    .from(androidCommand)
    .where(and(eq(androidCommand.type, action), gte(androidCommand.createdAt, since)));
  expect(androidCommands).toHaveLength(android.length);
  expect(new Set(androidCommands.map((c) => c.deviceId)).size).toBe(android.length);
  const ops = and(eq(operationLog.action, action), gte(operationLog.dateCreated, since), inArray(operationLog.deviceId, [...apple, ...android]));
  expect(await db.select({ id: operationLog.id }).from(operationLog).where(ops)).toHaveLength(apple.length + android.length);
  await waitFor(
    async () => (await db.select({ status: operationLog.status }).from(operationLog).where(ops)).every((o) => o.status === OperationStatus.DONE),
    60_000,
    `every ${action} recorded as done`,
  );
  return appleCommands.filter((c) => c.attempts > 1).length;
}

/**
 * The phones and the clerks run in this process: its own event loop's delay is part of every time measured here,
 * and is printed beside them (on the 2-core box at 2,000 + 2,000 it is seconds).
 */
const lag = monitorEventLoopDelay({ resolution: 20 });
const lagNote = () => `this process's event loop delayed up to ${(lag.max / 1e6 / 1000).toFixed(1)} s`;
beforeEach(() => {
  lag.reset();
  lag.enable();
});
afterEach(() => lag.disable());

let apple: string[] = [];
let android: string[] = [];

describe('a cluster of three nodes', () => {
  beforeAll(async () => {
    [apple, android] = [await deviceIds(stage, 'ios', IPHONES), await deviceIds(stage, 'android', AGENTS)];
    expect(apple).toHaveLength(IPHONES);
    expect(android).toHaveLength(AGENTS);
  });

  it('locks every phone exactly once while a node is SIGKILLed, and the dead node’s agents reconnect elsewhere within 30 s', async () => {
    const [issuer, victim] = [stage.nodes[0], stage.nodes[1]];
    let reconnectedMs = -1;
    const killVictim = async () => {
      const killedAt = Date.now();
      await stage.kill(victim, 'SIGKILL');
      // Every agent is connected again, the dead node's through the others.
      void waitFor(() => stage.agents.connected === AGENTS, 60_000, 'agents reconnected').then(() => {
        reconnectedMs = Date.now() - killedAt;
      });
    };
    // Issued on one node, as a clerk's browser keeps its connection to one.
    await Promise.all([
      sendAll(apple, command(stage, 'kill', 'ios', 'lock', issuer), { at: 0.4, run: killVictim }),
      sendAll(android, command(stage, 'kill', 'android', 'lock', issuer)),
    ]);
    await waitFor(() => reconnectedMs >= 0, 60_000, 'agents reconnected');
    expect(reconnectedMs).toBeLessThan(30_000);
    await expectEachOnce('lock', apple, android);
    console.log(`SIGKILL during the fan-out: ${IPHONES} + ${AGENTS} locks, each once; the dead node's agents back in ${(reconnectedMs / 1000).toFixed(1)} s`);
    await stage.restart(victim);
  });

  it('a node cut off from PostgreSQL for 20 s answers 503 with Retry-After at once or within its statement timeout, and comes back by itself', async () => {
    const cutOff = stage.nodes[2];
    let probing: Promise<Answer[]> | undefined;
    const cut = async () => {
      cutOff.host.cutDatabase();
      // A clerk whose browser is on the cut-off node: every call answered, refused with a date to come back.
      probing = (async () => {
        const seen: Answer[] = [];
        for (const until = Date.now() + 20_000; Date.now() < until; await new Promise((r) => setTimeout(r, 500))) {
          const started = Date.now();
          const res = await stage.api('GET', '/api/device/ios/list?page_size=10&page_num=0', undefined, {}, cutOff);
          seen.push({ status: res.status, ms: Date.now() - started, retryAfter: res.headers.has('retry-after') });
        }
        cutOff.host.healDatabase();
        return seen;
      })();
    };
    // Through the balancer: the clerks' requests spread over the nodes, the cut-off one included until it is taken out.
    const answers = (
      await Promise.all([
        sendAll(apple, command(stage, 'cut', 'ios', 'unlock'), { at: 0.3, run: cut }),
        sendAll(android, command(stage, 'cut', 'android', 'unlock')),
      ])
    ).flat();
    const direct = (await probing) ?? [];
    expect(direct.length).toBeGreaterThan(5);
    expect(direct.every((a) => a.status === 503 && a.retryAfter)).toBe(true);
    // DB_QUERY_TIMEOUT_MS (10 s) bounds the first, with room for this loaded box; once the watch knows, at once.
    expect(Math.max(...direct.map((a) => a.ms))).toBeLessThan(15_000);
    expect(direct.slice(-3).every((a) => a.ms < 1_000)).toBe(true);
    const slowest = [...answers].sort((a, b) => b.ms - a.ms).slice(0, 5);
    expect(Math.max(...answers.map((a) => a.ms)), `slowest: ${slowest.map((a) => `${a.ms} ms (${a.status})`).join(', ')}; ${lagNote()}`).toBeLessThan(15_000);
    const servedAgain = await expectEachOnce('unlock', apple, android);
    // The node serves again by itself: its own health check, then a request of its own.
    await waitFor(async () => (await fetch(`${cutOff.server!.origin}/api/health`)).ok, 30_000, 'the cut-off node healthy again');
    expect((await stage.api('GET', '/api/user/me', undefined, {}, cutOff)).status).toBe(200);
    console.log(
      `database cut for 20 s: the cut-off node answered ${direct.length} calls with 503 + Retry-After, the first in ${(direct[0].ms / 1000).toFixed(1)} s, the last in ${direct.at(-1)!.ms} ms; ${answers.filter((a) => a.status === 503).length} of the fan-out's ${answers.length} answers were 503 (sent again); slowest ${(Math.max(...answers.map((a) => a.ms)) / 1000).toFixed(1)} s; ${servedAgain} iPhones served the unlock again after their answer was lost; ${lagNote()}`,
    );
  });

  it('a rolling upgrade under console and phone traffic loses no console request and no phone answer', async () => {
    const since = new Date();
    // The console's own client (apps/web/src/api/client.ts) in four clerks' browsers, reading and writing all along.
    const session = (await stage.api<TokenPair>('POST', '/api/auth/login', { account: ADMIN.phone, password: ADMIN.password })).body;
    const clerk = () => {
      let tokens = { ...session, expires: 0 };
      return createApiClient({
        fetch: (input, init) => fetch(new URL(String(input), stage.balancer), init),
        tokens: { get: () => tokens, save: (pair) => (tokens = { ...pair, expires: 0 }), clear: () => {} },
        toast: { error: () => {}, warning: () => {} },
        onUnauthorized: () => {},
        lock: createInTabLock(),
      });
    };
    // A status-0 failure names what fetch threw (undici's socket error and its code), to tell a reset from a stall.
    const causes = (err: unknown): string => {
      const chain: string[] = [];
      for (let e = err; e instanceof Error && chain.length < 4; e = e.cause) chain.push(`${e.name}${'code' in e ? ` ${String(e.code)}` : ''}: ${e.message}`);
      return chain.join(' <- ') || String(err);
    };
    let upgrading = true;
    const lost: string[] = [];
    const took: number[] = [];
    const timed = async (call: () => Promise<unknown>) => {
      const started = Date.now();
      try {
        await call();
      } finally {
        took.push(Date.now() - started);
      }
    };
    const browse = async (n: number) => {
      const client = clerk();
      for (let i = 0; upgrading; i++) {
        let step = 'GET /api/device/ios/list';
        try {
          await timed(() => client.get('/api/device/ios/list', { query: { page_size: 10, page_num: 0 }, silent: true }));
          step = 'PUT /api/user/lost-modal-content';
          await timed(() =>
            client.put('/api/user/lost-modal-content', { message: `升级中第 ${n}-${i} 次保存`, phone_number: '13800000000' }, { silent: true }),
          );
        } catch (err) {
          lost.push(
            `${new Date().toISOString()} ${step}: ${err instanceof ApiError ? `${err.status} ${err.code} (request ${err.requestId})` : ''} ${causes(err)}`,
          );
        }
      }
    };
    const restartEach = async () => {
      for (const node of stage.nodes) {
        if (process.env.CLUSTER_LOG_DIR) console.log(`${new Date().toISOString()} node${node.index}: SIGTERM`);
        await stage.kill(node, 'SIGTERM');
        await stage.restart(node);
        if (process.env.CLUSTER_LOG_DIR) console.log(`${new Date().toISOString()} node${node.index}: restarted`);
        // The balancer's health check takes it back (rise 2 at 1 s) before the next node goes.
        await new Promise((r) => setTimeout(r, 3_000));
      }
    };
    // The phones' traffic: a lock of every phone, sent while the nodes restart one after another.
    const fanOut = Promise.all([sendAll(apple, command(stage, 'rolling', 'ios', 'lock')), sendAll(android, command(stage, 'rolling', 'android', 'lock'))]);
    const clerks = Promise.all([1, 2, 3, 4].map(browse));
    await restartEach();
    await fanOut;
    upgrading = false;
    await clerks;
    expect(
      lost,
      `slowest console calls: ${[...took]
        .sort((a, b) => b - a)
        .slice(0, 10)
        .join(', ')} ms; ${lagNote()}`,
    ).toEqual([]);
    await expectEachOnce('lock', apple, android, since);
    took.sort((a, b) => a - b);
    console.log(
      `rolling upgrade of 3 nodes: ${took.length} console calls (median ${took[took.length >> 1]} ms, p95 ${took[Math.floor(took.length * 0.95)]} ms, slowest ${took.at(-1)} ms), none lost; ${IPHONES} + ${AGENTS} locks answered, each once; ${lagNote()}`,
    );
  });
});

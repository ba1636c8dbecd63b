import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LockStatus, OperationStatus } from '@lease/shared';
import { createAgentHub } from './agent-hub.ts';
import type { AndroidEngineInternal } from './android-engine.ts';
import { type AndroidHarness, startAndroidHarness, waitUntil } from './test/android-harness.ts';

let h: AndroidHarness;
const gateway = () => (h.android as AndroidEngineInternal).gateway;
beforeAll(async () => {
  h = await startAndroidHarness();
});
/** Folders of agents' state files, removed after the harness has stopped every agent (a stop may still save). */
const stateDirs: string[] = [];
afterAll(async () => {
  await h?.close();
  for (const dir of stateDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('restarts and refusals', () => {
  it('a restart loses nothing: a command queued while the server was down reaches the agent once it is back', async () => {
    const agent = await h.enrolledAgent({ backoff: { baseMs: 100, capMs: 300 } });
    const id = agent.deviceId!;
    agent.setOnline(false);
    await waitUntil(() => !gateway().hub.isConnected(id));
    const op = await h.operate(h.android, id, 'lock', { message: '重启后的锁定' }, { lockStatus: LockStatus.LOCKING });
    await h.restart();
    expect((await h.operation(op)).status).toBe(OperationStatus.QUEUED);
    agent.setOnline(true);
    await waitUntil(async () => (await h.operation(op)).status === OperationStatus.DONE, 20_000);
    expect(agent.state().lockScreen).toMatchObject({ locked: true, message: '重启后的锁定' });
    expect(agent.stats.connects).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('spreads reconnects after a restart: each agent comes back at its own random moment', async () => {
    const agents = await Promise.all(Array.from({ length: 20 }, () => h.enrolledAgent({ backoff: { baseMs: 100, capMs: 300 } })));
    const started = Date.now();
    const hints: number[] = [];
    const back: number[] = [];
    agents.forEach((a, i) => {
      a.once('bye', (ms: number) => (hints[i] = ms));
      a.once('connected', () => (back[i] = Date.now() - started));
    });
    await h.restart();
    await waitUntil(() => back.filter((t) => t !== undefined).length === agents.length, 40_000);
    // The server's bye hints spread them over its window (5 s for few agents) instead of one burst; how far apart
    // they come back also depends on how long the restart took (on a loaded box, past most hints), so the hints are
    // what is checked, and that no agent came back before its own.
    expect(hints.filter((ms) => ms !== undefined)).toHaveLength(agents.length);
    expect(Math.max(...hints) - Math.min(...hints)).toBeGreaterThan(1500);
    expect(agents.filter((_, i) => back[i] < hints[i])).toEqual([]);
    expect(agents.every((a) => gateway().hub.isConnected(a.deviceId!))).toBe(true);
  }, 90_000);

  it('back from a restart, an agent that checked in within its period does not check in again; one past it does', async () => {
    const clocks = [Date.now(), Date.now()];
    const agents = await Promise.all(
      clocks.map((_, i) => h.enrolledAgent({ clock: () => clocks[i], checkinMs: 15 * 60_000, backoff: { baseMs: 100, capMs: 300 } }, false)),
    );
    const checkins = [0, 0];
    agents.forEach((a, i) => a.on('checkin', () => checkins[i]++));
    for (const a of agents) a.start();
    await waitUntil(() => checkins.every((n) => n === 1));
    // The second phone's clock passes its 15-minute check-in period before the server restarts.
    clocks[1] += 16 * 60_000;
    const back = agents.map((a) => new Promise((r) => a.once('connected', r)));
    await h.restart();
    await Promise.all(back);
    await waitUntil(() => checkins[1] === 2, 20_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(checkins[0]).toBe(1);
  }, 90_000);

  it('a released agent stops calling; an overloaded hub sends agents away with Retry-After and they come back', async () => {
    const released = await h.enrolledAgent({}, false);
    const op = await h.operate(h.android, released.deviceId!, 'release');
    await released.pollCommands();
    await waitUntil(async () => (await h.operation(op)).status === OperationStatus.DONE);
    // Nothing: start() after release does not even try — it starts no socket and no timer (checked at once, not
    // after a wait that proves nothing on a slow box).
    expect(released.state().released).toBe(true);
    released.start();
    expect((released as unknown as { running: boolean }).running).toBe(false);
    expect(released.stats.connects + released.stats.refusals).toBe(0);

    // A second hub, admitting 2 upgrades at once and 5 a second, on its own port.
    const gw = gateway();
    const hub = createAgentHub({
      db: gw.db,
      auth: gw.auth,
      queue: gw.queue,
      results: gw.results,
      failures: gw.failures,
      log: h.app.log,
      publicUrl: () => h.origin,
      admission: { perSecond: 5, burst: 2 },
    });
    const server = http.createServer((_req, res) => res.writeHead(404).end());
    hub.attach(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const agents = await Promise.all(Array.from({ length: 6 }, () => h.enrolledAgent({ backoff: { baseMs: 100, capMs: 300 } }, false)));
      for (const a of agents) {
        a.data.serverUrl = url;
        a.start();
      }
      await waitUntil(() => hub.connected === agents.length, 25_000);
      expect(agents.reduce((n, a) => n + a.stats.refusals, 0)).toBeGreaterThan(0);
    } finally {
      await hub.close();
      await new Promise((r) => server.close(r));
    }
  }, 60_000);

  it('a simulated agent kept in a JSON file resumes as the same phone with the same key and lock screen', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acore-agent-'));
    stateDirs.push(dir);
    const file = path.join(dir, 'agent.json');
    const first = await h.enrolledAgent({ stateFile: file });
    const op = await h.operate(h.android, first.deviceId!, 'lock', { message: '持久化' }, { lockStatus: LockStatus.LOCKING });
    await waitUntil(async () => (await h.operation(op)).status === OperationStatus.DONE);
    await first.stop();
    const again = h.newAgent({ stateFile: file });
    expect(again.deviceId).toBe(first.deviceId);
    expect(again.state().lockScreen).toMatchObject({ locked: true, message: '持久化', challenge: first.state().lockScreen.challenge });
    expect((await again.request<{ lock: { locked: boolean } }>('GET', '/agent/v1/policy')).lock.locked).toBe(true);
    await again.stop();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { OperationStatus } from '@lease/shared';
import { operationLog } from '../apps/server/src/domain/operation-log.table.ts';
import { mdmCommand } from '../apps/server/src/mdm/apple/mdm.table.ts';
import { type ClusterStage, startClusterStage } from '../cluster/cluster-stage.ts';
import { type Action, command, deviceIds, sendAll, waitFor } from '../cluster/console-calls.ts';
import { cpuMs, loadAverage, serverStatements } from './process-stats.ts';

type Platform = 'ios' | 'android';
type Row = (name: string, value: string, target: string) => void;

/** The nodes' PostgreSQL connections are named (PGAPPNAME) so the bench's own can be told apart from them. */
const NODE_APP = 'lease-node';
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Totals of one window on a cluster: each node's CPU, its PostgreSQL backends' CPU, its statements, in ms and counts. */
export interface ClusterWindow {
  seconds: number;
  nodeCpuMs: number[];
  postgresCpuMs: number;
  statements: number;
  /** Peak of the nodes' open PostgreSQL connections, and of those running a statement or a transaction. */
  connections: { open: number; active: number };
  load: string;
}

/** One platform's lock and unlock of the whole fleet on a cluster of `nodes`, and the same cluster left idle. */
export interface ClusterPass {
  nodes: number;
  platform: Platform;
  roundTrips: number;
  busy: ClusterWindow;
  idle: ClusterWindow;
}

/**
 * watchBackends samples the nodes' PostgreSQL connections every 200 ms until the function it returns is called: their
 * peak count and the CPU of each backend since it was first seen (one that appears later started in the window, from 0).
 */
async function watchBackends(stage: ClusterStage) {
  const peak = { open: 0, active: 0 };
  const cpu = new Map<number, { from: number; last: number }>();
  const sample = async (first = false) => {
    const { rows } = (await stage.database.db.execute(
      sql`select pid, state from pg_stat_activity where datname = current_database() and application_name like ${`${NODE_APP}%`}`,
    )) as unknown as { rows: { pid: number; state: string | null }[] };
    peak.open = Math.max(peak.open, rows.length);
    peak.active = Math.max(peak.active, rows.filter((r) => r.state !== 'idle').length);
    for (const { pid } of rows) {
      const now = cpuMs(pid);
      if (now > 0) cpu.set(pid, { from: cpu.get(pid)?.from ?? (first ? now : 0), last: now });
    }
  };
  await sample(true);
  let running = true;
  const loop = (async () => {
    while (running) {
      await new Promise((r) => setTimeout(r, 200));
      await sample();
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { peak, cpuMs: sum([...cpu.values()].map((b) => b.last - b.from)) };
  };
}

/** measureWindow reads each node's CPU and statements and its PostgreSQL backends around `work`. */
async function measureWindow(stage: ClusterStage, countFiles: string[], work: () => Promise<void>): Promise<ClusterWindow> {
  const pids = stage.nodes.map((n) => n.server?.child.pid as number);
  const statements = async () => sum(await Promise.all(pids.map((pid, i) => serverStatements(pid, countFiles[i]))));
  const load = loadAverage();
  const stopWatching = await watchBackends(stage);
  const before = { cpu: pids.map(cpuMs), statements: await statements() };
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  const nodeCpuMs = pids.map((pid, i) => cpuMs(pid) - before.cpu[i]);
  const statementCount = (await statements()) - before.statements;
  const { peak, cpuMs: postgresCpuMs } = await stopWatching();
  return { seconds, nodeCpuMs, postgresCpuMs, statements: statementCount, connections: peak, load: `${load} → ${loadAverage()}` };
}

/**
 * lockAndUnlock locks then unlocks every device of a platform through the balancer, 25 console calls at a time, each
 * action waited for until every operation is recorded as done (the phone's answer is in): a round trip per device
 * and action.
 */
async function lockAndUnlock(stage: ClusterStage, platform: Platform, ids: string[], round: string) {
  const since = new Date();
  for (const action of ['lock', 'unlock'] as Action[]) {
    await sendAll(ids, command(stage, round, platform, action));
    const done = and(
      eq(operationLog.platform, platform),
      eq(operationLog.action, action),
      eq(operationLog.status, OperationStatus.DONE),
      gte(operationLog.dateCreated, since),
    );
    const answered = async () => (await stage.database.db.select({ n: count() }).from(operationLog).where(done))[0].n === ids.length;
    await waitFor(answered, 600_000, `every ${platform} ${action} answered`);
  }
}

/** IDLE_MS is how long each cluster is watched doing nothing: its background work (jobs, health checks) per second. */
const IDLE_MS = 10_000;

/**
 * benchCluster is issue 31 item 4: the same fleet of iPhones and Android agents on a fresh cluster of each size,
 * reached through HAProxy, every phone locked and unlocked from the console API, iPhones first, then agents. The
 * cluster is first watched idle, so its background work can be taken off the figures.
 */
export async function benchCluster(sizes = [1, 3], iphones = 500, agents = 500): Promise<ClusterPass[]> {
  const passes: ClusterPass[] = [];
  for (const nodes of sizes) {
    const countDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-bench-cluster-'));
    const countFiles = Array.from({ length: nodes }, (_, i) => path.join(countDir, `node${i}`));
    const stage = await startClusterStage({
      name: `benchcl${nodes}`,
      nodes,
      iphones,
      agents,
      admin: { phone: '16600000031', password: 'Bench#2026' },
      nodeEnv: (i) => ({ LEASE_STATEMENT_COUNT_FILE: countFiles[i], PGAPPNAME: `${NODE_APP}${i}` }),
    });
    try {
      // Pushes only in the window: the stage's phones also check in every 30 s by themselves.
      for (const phone of stage.iphones.phones) phone.startPolling(3_600_000);
      const pending = inArray(mdmCommand.status, ['queued', 'sent']);
      await waitFor(async () => (await stage.database.db.select({ n: count() }).from(mdmCommand).where(pending))[0].n === 0, 300_000, 'enrolment settled');
      const idle = await measureWindow(stage, countFiles, () => new Promise((r) => setTimeout(r, IDLE_MS)));
      for (const [platform, n] of [
        ['ios', iphones],
        ['android', agents],
      ] as const) {
        const ids = await deviceIds(stage, platform, n);
        // A round unmeasured first: each node process warms its JIT and each PostgreSQL backend its caches, which three
        // nodes would otherwise pay three times over in the measured round.
        await lockAndUnlock(stage, platform, ids, 'warm-up');
        const busy = await measureWindow(stage, countFiles, () => lockAndUnlock(stage, platform, ids, 'measured'));
        passes.push({ nodes, platform, roundTrips: ids.length * 2, busy, idle });
      }
    } finally {
      await stage.close();
      fs.rmSync(countDir, { recursive: true, force: true });
    }
  }
  return passes;
}

const fixed = (n: number) => n.toFixed(2);

/** perTrip is a figure of the pass per round trip; `net` takes off what the same cluster spends idle in as long. */
const perTrip = (p: ClusterPass, of: (w: ClusterWindow) => number, net = false) =>
  fixed((of(p.busy) - (net ? (of(p.idle) * p.busy.seconds) / p.idle.seconds : 0)) / p.roundTrips);

/** printCluster prints, per platform, one column per cluster size: CPU and statements per round trip should stay flat. */
export async function printCluster(row: Row) {
  const iphones = Number(process.env.BENCH_CLUSTER_IPHONES ?? 500);
  const agents = Number(process.env.BENCH_CLUSTER_AGENTS ?? 500);
  const passes = await benchCluster([1, 3], iphones, agents);
  for (const [platform, what] of [
    ['ios', `MDM lock + unlock, ${iphones} iPhones`],
    ['android', `Android lock + unlock, ${agents} agents`],
  ] as const) {
    const mine = passes.filter((p) => p.platform === platform);
    for (const p of mine) {
      const nodes = `${p.nodes} node${p.nodes > 1 ? 's' : ''}`;
      row(`cluster ${what}, ${nodes}`, `${(p.roundTrips / p.busy.seconds).toFixed(0)}/s, ${perTrip(p, (w) => sum(w.nodeCpuMs))} ms CPU`, 'flat per trip');
    }
    const line = (name: string, value: (p: ClusterPass) => string) => console.log(`    ${name.padEnd(44)} ${mine.map((p) => value(p).padEnd(36)).join('')}`);
    line('nodes', (p) => String(p.nodes));
    line('round trips, wall time', (p) => `${p.roundTrips} in ${p.busy.seconds.toFixed(1)} s`);
    line('round trips per second', (p) => (p.roundTrips / p.busy.seconds).toFixed(0));
    line('node CPU per round trip, ms', (p) => perTrip(p, (w) => sum(w.nodeCpuMs)));
    line('    per node', (p) => p.busy.nodeCpuMs.map((ms) => fixed(ms / p.roundTrips)).join(' '));
    line('    net of idle', (p) => perTrip(p, (w) => sum(w.nodeCpuMs), true));
    line('PostgreSQL CPU per round trip, ms', (p) => perTrip(p, (w) => w.postgresCpuMs));
    line('    net of idle', (p) => perTrip(p, (w) => w.postgresCpuMs, true));
    line('statements per round trip', (p) => perTrip(p, (w) => w.statements));
    line('    net of idle', (p) => perTrip(p, (w) => w.statements, true));
    line('PostgreSQL connections, peak (active)', (p) => `${p.busy.connections.open} (${p.busy.connections.active})`);
    line(
      'idle, per second: node CPU ms, statements',
      (p) => `${(sum(p.idle.nodeCpuMs) / p.idle.seconds).toFixed(0)}, ${(p.idle.statements / p.idle.seconds).toFixed(1)}`,
    );
    line('load average, start → end', (p) => p.busy.load);
  }
}

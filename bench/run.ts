import { benchConsoleBundle } from './console-bundle.ts';
import { ACCESSIBILITY_TARGET, benchLighthouse, LIGHTHOUSE_TARGETS } from './lighthouse.ts';
import { benchLogin } from './login-latency.ts';
import { kb } from './stats.ts';
import { benchIosList } from './ios-list.ts';
import { printHomeOverview } from './home-overview.ts';
import { benchFanout } from './mdm-fanout.ts';
import { benchRoundTrips } from './mdm-throughput.ts';
import { benchRoundTripsProcess } from './mdm-roundtrips-process.ts';
import { benchAndroidFanout } from './android-fanout.ts';

// `npm run bench`: prints figures against the targets of the issues; it never fails on a figure.
const only = process.argv[2];
const row = (name: string, value: string, target: string) => console.log(`${name.padEnd(42)} ${value.padEnd(26)} target ${target}`);

if (!only || only === 'console') {
  // Issue 14: first-load JS as transferred (compressed by the server) ≤ 120 KB on /login, ≤ 200 KB signed in.
  const targets: Record<string, string> = { '/login': '≤ 120 KB', '/console': '≤ 200 KB' };
  for (const r of await benchConsoleBundle()) {
    row(`first-load JS transferred, ${r.route}`, `${kb(r.js)} ${r.encodings}, ${r.files} files`, targets[r.route] ?? '(no target)');
    console.log(`    at network idle: JS ${kb(r.jsIdle)} (what loads after the content: echarts, other tabs), everything ${kb(r.total)}`);
  }
}
if (!only || only === 'lighthouse') {
  // Issue 14: Lighthouse scores of the pages a clerk opens first, with the targets beside them.
  for (const r of await benchLighthouse()) {
    const s = r.scores;
    row(
      `lighthouse ${r.page}, ${r.formFactor}`,
      `perf ${s.performance} a11y ${s.accessibility} bp ${s['best-practices']} seo ${s.seo}`,
      `perf ≥ ${LIGHTHOUSE_TARGETS[r.page][r.formFactor] || '—'}, a11y ≥ ${ACCESSIBILITY_TARGET}`,
    );
    console.log(`    LCP ${(r.lcpMs / 1000).toFixed(2)} s, TBT ${r.tbtMs.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}`);
  }
}
if (!only || only === 'login') {
  for (const kind of ['pglite', 'postgres'] as const) {
    const { p50, p95 } = await benchLogin(kind);
    row(`login server time, ${kind}`, `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`, '≤ 60 ms');
  }
}

const engines = (process.argv[3] ? [process.argv[3]] : ['pglite', 'postgres']) as ('pglite' | 'postgres')[];
if (!only || only === 'list') {
  for (const engine of engines) {
    const r = await benchIosList(engine);
    row(`ios list at ${r.devices / 1000}k devices, ${engine}`, `p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`, 'p95 ≤ 30 ms');
    for (const [q, p95] of Object.entries(r.perQuery)) console.log(`    ${q.padEnd(70)} p95 ${p95.toFixed(1)} ms`);
  }
}
if (!only || only === 'fanout') {
  for (const engine of engines) {
    const r = await benchFanout(engine);
    row(`lock fan-out to ${r.devices / 1000}k devices, ${engine}`, `queued ${r.queuedMs.toFixed(0)} ms, pushed ${r.pushedMs.toFixed(0)} ms`, '≤ 2000 ms');
  }
}
if (!only || only === 'roundtrips') {
  for (const engine of engines) {
    if (engine === 'postgres') {
      // As deployed: server process on PostgreSQL, phones in this process over HTTP.
      const r = await benchRoundTripsProcess();
      row(`MDM round trips, ${r.phones} phones, postgres`, `${r.perSecond.toFixed(0)}/s (${r.acked} in ${r.seconds.toFixed(1)} s)`, '≥ 1500/s');
      // Issue 15: CPU and statements per round trip, from /proc/<pid>/stat and the server's statement counter.
      console.log(`server CPU per round trip: ${r.serverCpuMs.toFixed(2)} ms (target ≤ 0.40)`);
      console.log(`PostgreSQL CPU per round trip: ${r.postgresCpuMs.toFixed(2)} ms (target ≤ 0.60)`);
      console.log(`statements per round trip: ${r.statementsPerRoundTrip.toFixed(2)} (target ≤ 2)`);
      console.log(`    PostgreSQL CPU above is this database's server backends; all postgres processes on the box (other users included): ${r.allPostgresCpuMs.toFixed(2)} ms`);
      console.log(`    transactions per round trip (pg_stat_database, bench polling included): ${r.xactsPerRoundTrip.toFixed(2)}; load average ${r.load}`);
    } else {
      // PGlite lives inside the server process, so phones and server share its one thread here.
      const r = await benchRoundTrips(engine);
      row(`MDM round trips, ${r.phones} phones, pglite (one thread)`, `${r.perSecond.toFixed(0)}/s (${r.acked} in ${r.seconds.toFixed(1)} s)`, '(target is for PostgreSQL)');
    }
  }
}
if (!only || only === 'home') await printHomeOverview(engines, row);
if (!only || only === 'android') {
  // As deployed: server process on PostgreSQL, 2,000 agents with a WebSocket each in this process.
  const r = await benchAndroidFanout(2000);
  row(`Android lock fan-out, ${r.connected} agents, postgres`, `all acked ${r.recordedMs.toFixed(0)} ms`, '≤ 1000 ms');
  console.log(`    queued in one transaction ${r.queuedMs.toFixed(0)} ms; after the wake: first lock ${(r.firstLockedMs - r.queuedMs).toFixed(0)} ms, all locked ${(r.lockedMs - r.queuedMs).toFixed(0)} ms, all recorded ${(r.recordedMs - r.queuedMs).toFixed(0)} ms`);
  row('Android server memory per idle agent', `RSS ${kb(r.rssPerAgent)}, heap ${kb(r.heapPerAgent)}`, '≤ 16 KB');
  console.log(`    ${r.agents} agents connected in ${r.connectSeconds.toFixed(1)} s (${r.refusals} upgrades sent back with Retry-After)`);
}

import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { IPHONE_MODELS, type InjectTarget, type SimFleet, createSimFleet, fetchViaInject, modelRuns } from '@lease/device-sim';
import { iosDevice } from '../apps/server/src/domain/ios-device.table.ts';
import { store } from '../apps/server/src/domain/store.table.ts';
import { countStatements } from '../apps/server/src/db/statement-counter.ts';
import { flattenStatusItems } from '../apps/server/src/mdm/apple/ddm/ddm-status.ts';
import { ddmDeclaration, ddmDeclarationStatus, ddmDevice } from '../apps/server/src/mdm/apple/ddm/ddm.table.ts';
import { mdmCommand } from '../apps/server/src/mdm/apple/mdm.table.ts';
import { parsePlistDict } from '../apps/server/src/mdm/apple/plist.ts';
import { createStoreWithAdmin } from '../apps/server/src/modules/store/register-store.service.ts';
import { type BenchApp, type Engine, benchApp } from './bench-app.ts';
import { allPostgresCpuMs } from './process-stats.ts';

/**
 * Declarative Device Management sync at store scale. N simulated iPhones (iOS 17.6.1, 18.6.2 and 26.1 in turn) of one
 * store and a few of a second store enrol and finish their first sync (DDM switched on at enrolment). Then:
 *
 * - a store-wide change: a store default `softwareupdate.settings` (deferral 30 days) set and queued in one
 *   transaction, the returned phones woken by push, all at once as deployed: commands, check-ins per phone,
 *   statements per check-in by endpoint, bytes, wall time until every phone's report of the new declaration is stored;
 * - the same kind of change again (45 days) with the phones connecting one after another, so the CPU measured around
 *   each request (`app.inject`) is the server's alone: server CPU per phone sync;
 * - an unchanged re-sync: queueSync over every phone with nothing changed (0 commands);
 * - status ingestion: each phone's battery health changes and it reports that one item, one phone at a time.
 *
 * Statements are attributed to the request that sent them (an AsyncLocalStorage context around each inject, read by a
 * listener on the server's statement counter), so they hold under concurrency. The phones run in this process, so the
 * whole process's CPU in the concurrent phase is server and phones together; it is printed for the record only.
 */

const DEFERRAL_ID = 'lease.os-update.settings';
const VERSIONS = ['17.6.1', '18.6.2', '26.1'] as const;
const settings = (days: number) => ({
  type: 'com.apple.configuration.softwareupdate.settings',
  identifier: DEFERRAL_ID,
  payload: { Deferrals: { CombinedPeriodInDays: days } },
});

/** Tally is what the requests of one label (an endpoint) cost: how many, statements, CPU inside inject, bytes. */
interface Tally {
  requests: number;
  statements: number;
  cpuMs: number;
  /** CPU of each request, for the median (robust to a GC pause or a neighbour landing in one request). */
  cpuSamples: number[];
  requestBytes: number;
  responseBytes: number;
  statuses: Record<number, number>;
  /** status reports: how many status items each carried. */
  items: number;
}
const tally = (): Tally => ({ requests: 0, statements: 0, cpuMs: 0, cpuSamples: [], requestBytes: 0, responseBytes: 0, statuses: {}, items: 0 });

/** Phase collects the requests made while it is current, by label and by phone (UDID). */
class Phase {
  readonly byLabel = new Map<string, Tally>();
  readonly byPhone = new Map<string, { ddm: number; connect: number }>();
  /** Statements sent outside any request or labelled step (background jobs, push bookkeeping). */
  outside = 0;
  of(label: string) {
    let t = this.byLabel.get(label);
    if (!t) this.byLabel.set(label, (t = tally()));
    return t;
  }
  sum(filter: (label: string) => boolean) {
    const out = tally();
    for (const [label, t] of this.byLabel) {
      if (!filter(label)) continue;
      out.requests += t.requests;
      out.statements += t.statements;
      out.cpuMs += t.cpuMs;
      out.requestBytes += t.requestBytes;
      out.responseBytes += t.responseBytes;
      out.items += t.items;
    }
    return out;
  }
}

type Context = { label: string; statements: number };
const als = new AsyncLocalStorage<Context>();
type LightResponse = Awaited<ReturnType<InjectTarget['inject']>>;
const cpuMsSince = (start: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(start);
  return (u.user + u.system) / 1000;
};

/** labelOf names a phone's request: `ddm <Endpoint>` for DDM check-ins, `connect <Status>`, else the path. */
function labelOf(url: string, payload: Buffer | undefined): { label: string; udid?: string; items: number } {
  const path = url.split('?')[0];
  if (!payload || !(path.endsWith('/checkin') || path.endsWith('/connect'))) return { label: path, items: 0 };
  try {
    const msg = parsePlistDict(payload);
    const udid = typeof msg.UDID === 'string' ? msg.UDID : undefined;
    if (msg.MessageType === 'DeclarativeManagement') {
      const endpoint = String(msg.Endpoint);
      let items = 0;
      if (endpoint === 'status' && Buffer.isBuffer(msg.Data))
        items = Object.keys(flattenStatusItems(JSON.parse(msg.Data.toString('utf8')).StatusItems ?? {})).length;
      const declaration = /^declaration\/([^/]+)\/(.+)$/.exec(endpoint);
      return { label: declaration ? `ddm declaration/${declaration[1]} (${declaration[2]})` : `ddm ${endpoint}`, udid, items };
    }
    if (path.endsWith('/connect')) return { label: `connect ${String(msg.Status)}`, udid, items: 0 };
    return { label: `checkin ${String(msg.MessageType)}`, udid, items: 0 };
  } catch {
    return { label: path, items: 0 };
  }
}

/** statementsByContext hangs a listener on the server's statement counter that credits each statement to the current context. */
function statementsByContext(b: BenchApp, onOutside: (n: number) => void) {
  const total = countStatements(b.db);
  const client = (b.db as unknown as { $client: Record<symbol, unknown> }).$client;
  const key = Object.getOwnPropertySymbols(client).find((s) => s.description === 'statement-counter');
  if (!key) throw new Error('statement counter not found on the driver');
  // node-postgres: a query waiting for a pooled connection is handed one from the release of another request's, and
  // would run its statements in that request's context; bind the callback to the caller instead.
  if (typeof (client as { totalCount?: unknown }).totalCount === 'number') {
    const pool = client as unknown as { connect: (cb?: (...args: unknown[]) => void) => unknown };
    const connect = pool.connect.bind(pool);
    pool.connect = (cb) => (typeof cb === 'function' ? connect(AsyncResource.bind(cb)) : connect());
  }
  (client[key] as Set<{ n: number }>).add({
    get n() {
      return 0;
    },
    set n(k: number) {
      const ctx = als.getStore();
      if (ctx) ctx.statements += k;
      else onOutside(k);
    },
  });
  return total;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 120_000, everyMs = 50) => {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
};

export async function benchDdmSync(engine: Engine, phones = Number(process.env.BENCH_DDM_PHONES ?? 200), otherPhones = 5) {
  const b = await benchApp(engine);
  let phase: Phase | undefined;
  const counter = statementsByContext(b, (k) => {
    if (phase) phase.outside += k;
  });
  // The phones' requests go through here: each one runs in its own context, its CPU and bytes measured around inject.
  const target: InjectTarget = {
    async inject(req) {
      const current = phase;
      if (!current) return b.app.inject(req);
      const { label, udid, items } = labelOf(req.url, req.payload);
      const ctx: Context = { label, statements: 0 };
      const start = process.cpuUsage();
      // The callback form: light-my-request dispatches at once, in this context (its promise form starts on a later tick
      // through a thenable, which does not carry the AsyncLocalStorage context).
      const res = await als.run(
        ctx,
        () => new Promise<LightResponse>((resolve, reject) => b.app.inject(req, (err, r) => (err || !r ? reject(err) : resolve(r as LightResponse)))),
      );
      const cpu = cpuMsSince(start);
      const t = current.of(label);
      t.requests++;
      t.statements += ctx.statements;
      t.cpuMs += cpu;
      t.cpuSamples.push(cpu);
      t.requestBytes += req.payload?.length ?? 0;
      t.responseBytes += res.rawPayload.length;
      t.statuses[res.statusCode] = (t.statuses[res.statusCode] ?? 0) + 1;
      t.items += items;
      if (udid) {
        const p = current.byPhone.get(udid) ?? { ddm: 0, connect: 0 };
        if (label.startsWith('ddm ')) p.ddm++;
        else if (label.startsWith('connect ')) p.connect++;
        current.byPhone.set(udid, p);
      }
      return res;
    },
  };
  /** step runs bench-side work (the store change, polling) in a context of its own, so it is not counted as the phones'. */
  const step = async <T>(fn: () => Promise<T>) => {
    const ctx: Context = { label: 'step', statements: 0 };
    const value = await als.run(ctx, fn);
    return { value, statements: ctx.statements };
  };
  const fleets: SimFleet[] = [];
  try {
    // The second store, with its own admin and a few phones.
    const other = await createStoreWithAdmin(b.db, {
      storeName: '压测二店',
      adminName: '压测二',
      phoneNumber: `167${String(Date.now()).slice(-8)}`,
      password: 'Bench#2026',
    });
    await b.db.update(store).set({ deviceCount: 1000 }).where(eq(store.id, other.storeId));
    const login = await b.app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: other.phoneNumber, password: 'Bench#2026' } });
    const otherHeaders = { authorization: `Bearer ${login.json().access_token}` };

    const enrol = async (headers: Record<string, string>, prefix: string, n: number) => {
      const serials = Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(6, '0')}`);
      const codes = new Map<string, string>();
      for (let i = 0; i < n; i += 200) {
        const res = await b.app.inject({ method: 'POST', url: '/api/device/ios/new', headers, payload: { serial_numbers: serials.slice(i, i + 200) } });
        for (const d of res.json().list as { serial_number: string; enroll_link: string }[]) codes.set(d.serial_number, d.enroll_link.split('/enroll/')[1]);
      }
      const fleet = await createSimFleet({
        count: n,
        mockApns: b.apns,
        fetch: fetchViaInject(target),
        concurrency: 16,
        pollIntervalMs: 3_600_000,
        phone: (i) => {
          const osVersion = VERSIONS[i % VERSIONS.length];
          const models = IPHONE_MODELS.filter((m) => modelRuns(m.productName, osVersion));
          return { serialNumber: serials[i], osVersion, model: models[Math.floor(i / VERSIONS.length) % models.length].productName };
        },
        profileProvider: async (serial) => (await b.app.inject({ method: 'GET', url: `/api/enroll/profile?code=${codes.get(serial)}` })).rawPayload,
      });
      fleets.push(fleet);
      if (fleet.failures.length) throw new Error(`${fleet.failures.length} enrolments failed: ${fleet.failures[0].error}`);
      return fleet;
    };
    const enrolStart = performance.now();
    const fleetA = await enrol(b.headers, 'DDMA', phones);
    const fleetB = await enrol(otherHeaders, 'DDMB', otherPhones);
    const idsOf = async (storeId: string) =>
      (await b.db.select({ id: iosDevice.id, udid: iosDevice.udid }).from(iosDevice).where(eq(iosDevice.storeId, storeId))).filter((r) => r.udid);
    const devicesA = await idsOf(b.admin.storeId);
    const devicesB = await idsOf(other.storeId);
    const idsA = devicesA.map((d) => d.id);
    const allIds = [...idsA, ...devicesB.map((d) => d.id)];
    const pending = async () =>
      Number(
        (
          await b.db
            .select({ n: count() })
            .from(mdmCommand)
            .where(inArray(mdmCommand.status, ['queued', 'sent']))
        )[0].n,
      );
    const settled = async (fleet: SimFleet[]) => {
      await until('the queue to drain', async () => (await pending()) === 0, 300_000, 200);
      await Promise.all(fleet.flatMap((f) => f.phones.map((p) => p.whenIdle())));
    };
    // The first sync (switched on at enrolment): every phone has stored the state of its built-in activation.
    await until(
      'the first DDM sync of every phone',
      async () =>
        Number(
          (
            await b.db
              .select({ n: count() })
              .from(ddmDeclarationStatus)
              .where(and(inArray(ddmDeclarationStatus.deviceId, allIds), eq(ddmDeclarationStatus.identifier, 'lease.ddm.activation')))
          )[0].n,
        ) === allIds.length,
      300_000,
      200,
    );
    await settled(fleets);
    const enrolSeconds = (performance.now() - enrolStart) / 1000;
    const firstSync = fleetA.stats().commandsByType.DeclarativeManagement ?? 0;

    // Which DeclarativeManagement commands each phone receives from here on.
    const ddmCommands = new Map<string, number>();
    for (const p of [...fleetA.phones, ...fleetB.phones])
      p.onCommand((e) => {
        if (e.requestType === 'DeclarativeManagement') ddmCommands.set(p.udid, (ddmCommands.get(p.udid) ?? 0) + 1);
      });
    const port = b.app.mdm.ddm.port;
    const countIn = (udids: string[]) => udids.reduce((n, u) => n + (ddmCommands.get(u) ?? 0), 0);
    const udidsA = fleetA.phones.map((p) => p.udid);
    const udidsB = fleetB.phones.map((p) => p.udid);

    // ── 1. The store-wide change, all phones at once (push-woken, as deployed).
    const change = new Phase();
    phase = change;
    counter.reset();
    const wall = performance.now();
    const processCpu = process.cpuUsage();
    const queued = await step(() => b.db.transaction(async (tx) => port.queueSync(tx, await port.setStoreDeclaration(tx, b.admin.storeId, settings(30)))));
    const queueMs = performance.now() - wall;
    await b.app.mdm.push.wake(queued.value);
    const [decl] = await b.db
      .select()
      .from(ddmDeclaration)
      .where(and(eq(ddmDeclaration.storeId, b.admin.storeId), eq(ddmDeclaration.identifier, DEFERRAL_ID)));
    const reportedNew = () =>
      step(async () =>
        Number(
          (
            await b.db
              .select({ n: count() })
              .from(ddmDeclarationStatus)
              .where(and(eq(ddmDeclarationStatus.identifier, DEFERRAL_ID), eq(ddmDeclarationStatus.serverToken, decl.serverToken)))
          )[0].n,
        ),
      );
    let timedOut = false;
    try {
      await until('every phone to report the new declaration', async () => (await reportedNew()).value >= phones, 120_000, 25);
    } catch {
      timedOut = true;
    }
    const wallMs = performance.now() - wall;
    await Promise.all(fleetA.phones.map((p) => p.whenIdle()));
    const processCpuMs = cpuMsSince(processCpu);
    phase = undefined;
    const changeStatements = counter.count;
    await settled(fleets);
    const states = await b.db
      .select({ active: ddmDeclarationStatus.active, valid: ddmDeclarationStatus.valid, os: iosDevice.osVersion, n: count() })
      .from(ddmDeclarationStatus)
      .innerJoin(iosDevice, eq(iosDevice.id, ddmDeclarationStatus.deviceId))
      .where(and(eq(ddmDeclarationStatus.identifier, DEFERRAL_ID), eq(ddmDeclarationStatus.serverToken, decl.serverToken)))
      .groupBy(ddmDeclarationStatus.active, ddmDeclarationStatus.valid, iosDevice.osVersion);
    const perPhoneA = udidsA.map((u) => ddmCommands.get(u) ?? 0);
    const changeResult = {
      queued: queued.value.length,
      queueStatements: queued.statements,
      queueMs,
      phonesWithCommand: perPhoneA.filter((n) => n > 0).length,
      commandsA: countIn(udidsA),
      maxCommandsPerPhone: Math.max(0, ...perPhoneA),
      commandsB: countIn(udidsB),
      wallMs,
      timedOut,
      reported: (await reportedNew()).value,
      states: states.map((s) => `iOS ${s.os} ${s.active ? 'active' : 'inactive'}/${s.valid}: ${s.n}`).sort(),
      processCpuMsPerPhone: processCpuMs / phones,
      ...summarise(change, phones),
      statementsOutside: changeStatements - change.sum(() => true).statements - queued.statements,
    };

    // ── 2. The same change again (45 days), one phone at a time: the CPU around each inject is the server's alone.
    const serial = new Phase();
    ddmCommands.clear();
    const queued2 = await b.db.transaction(async (tx) => port.queueSync(tx, await port.setStoreDeclaration(tx, b.admin.storeId, settings(45))));
    phase = serial;
    const postgresCpu = engine === 'postgres' ? allPostgresCpuMs() : 0;
    for (const p of fleetA.phones) await p.connect();
    const postgresCpuMsPerPhone = engine === 'postgres' ? (allPostgresCpuMs() - postgresCpu) / phones : undefined;
    phase = undefined;
    const serialResult = {
      postgresCpuMsPerPhone,
      queued: queued2.length,
      commandsA: countIn(udidsA),
      commandsB: countIn(udidsB),
      ...summarise(serial, phones),
    };
    await settled(fleets);

    // ── 3. Nothing changed: a re-sync of every phone (both stores) queues nothing.
    const commandsBefore = Number((await b.db.select({ n: count() }).from(mdmCommand).where(eq(mdmCommand.requestType, 'DeclarativeManagement')))[0].n);
    const resyncCpu = process.cpuUsage();
    const resync = await step(() => b.db.transaction((tx) => port.queueSync(tx, allIds)));
    const resyncCpuMs = cpuMsSince(resyncCpu);
    const commandsAfter = Number((await b.db.select({ n: count() }).from(mdmCommand).where(eq(mdmCommand.requestType, 'DeclarativeManagement')))[0].n);
    const resyncResult = {
      phones: allIds.length,
      returned: resync.value.length,
      queued: commandsAfter - commandsBefore,
      statements: resync.statements,
      cpuMs: resyncCpuMs,
    };

    // ── 4. Status ingestion: one changed item (battery health) per phone, one phone at a time.
    const status = new Phase();
    phase = status;
    for (const p of fleetA.phones) {
      p.setBatteryHealth('service-recommended');
      await p.connect();
    }
    phase = undefined;
    const recorded = Number(
      (
        await b.db
          .select({ n: count() })
          .from(iosDevice)
          .where(and(inArray(iosDevice.id, idsA), eq(iosDevice.batteryHealth, 'service-recommended')))
      )[0].n,
    );
    const reports = status.of('ddm status');
    const statusResult = {
      reports: reports.requests,
      recorded,
      itemsPerReport: reports.items / Math.max(1, reports.requests),
      statementsPerReport: reports.statements / Math.max(1, reports.requests),
      cpuMsPerReport: reports.cpuMs / Math.max(1, reports.requests),
      cpuMsMedianPerReport: median(reports.cpuSamples),
      bytesPerReport: (reports.requestBytes + reports.responseBytes) / Math.max(1, reports.requests),
      idle: status.of('connect Idle'),
      other: [...status.byLabel.keys()].filter((l) => l !== 'ddm status' && l !== 'connect Idle'),
    };
    const diagnostics = [...fleetA.phones, ...fleetB.phones].flatMap((p) => p.diagnostics.map((d) => `${p.serialNumber} ${d}`));
    const versions = Object.fromEntries(VERSIONS.map((v) => [v, fleetA.phones.filter((p) => p.state.osVersion === v).length]));
    return {
      engine,
      phones,
      otherPhones,
      versions,
      enrolSeconds,
      firstSync,
      change: changeResult,
      serial: serialResult,
      resync: resyncResult,
      status: statusResult,
      diagnostics,
      allSynced: (
        await b.db
          .select({ n: count() })
          .from(ddmDevice)
          .where(sql`${inArray(ddmDevice.deviceId, allIds)} and synced_token = announced_token`)
      )[0].n,
    };
  } finally {
    phase = undefined;
    for (const f of fleets) await f.stop();
    await b.close();
  }
}

/** summarise turns a phase's tallies into per-phone and per-endpoint figures. */
function summarise(p: Phase, phones: number) {
  const ddm = p.sum((l) => l.startsWith('ddm '));
  const connect = p.sum((l) => l.startsWith('connect '));
  const perPhoneDdm = [...p.byPhone.values()].map((x) => x.ddm);
  const endpoints = [...p.byLabel]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([label, t]) => ({
      label,
      requests: t.requests,
      perPhone: t.requests / phones,
      statementsPerRequest: t.statements / t.requests,
      cpuMsPerRequest: t.cpuMs / t.requests,
      cpuMsMedian: median(t.cpuSamples),
      bytesPerRequest: (t.requestBytes + t.responseBytes) / t.requests,
      statuses: Object.entries(t.statuses)
        .map(([s, n]) => `${s}×${n}`)
        .join(' '),
    }));
  const medianOf = (prefix: string) => endpoints.filter((e) => e.label.startsWith(prefix)).reduce((sum, e) => sum + e.perPhone * e.cpuMsMedian, 0);
  return {
    phonesSeen: p.byPhone.size,
    /** Server CPU per phone sync from each endpoint's median request. */
    cpuMsMedianPerPhone: { ddm: medianOf('ddm '), connect: medianOf('connect ') },
    ddmPerPhone: ddm.requests / phones,
    ddmPerPhoneRange: [Math.min(...perPhoneDdm), median(perPhoneDdm), Math.max(...perPhoneDdm)],
    connectPerPhone: connect.requests / phones,
    statementsPerDdmRequest: ddm.statements / Math.max(1, ddm.requests),
    statementsPerPhone: (ddm.statements + connect.statements) / phones,
    cpuMsPerPhone: { ddm: ddm.cpuMs / phones, connect: connect.cpuMs / phones },
    bytesPerPhone: {
      ddmRequest: ddm.requestBytes / phones,
      ddmResponse: ddm.responseBytes / phones,
      connectRequest: connect.requestBytes / phones,
      connectResponse: connect.responseBytes / phones,
    },
    endpoints,
  };
}

type Row = (name: string, value: string, target: string) => void;
const ms = (n: number) => `${n.toFixed(2)} ms`;
const bytes = (n: number) => `${(n / 1024).toFixed(2)} KB`;

/** printDdmSync runs the bench on each engine and prints its rows (each with the load average) and the detail under them. */
export async function printDdmSync(engines: Engine[], row: Row) {
  for (const engine of engines) {
    const r = await benchDdmSync(engine);
    const c = r.change;
    const n = `${r.phones} phones, ${engine}`;
    console.log(
      `    ${r.phones} phones (${Object.entries(r.versions)
        .map(([v, k]) => `${k} on iOS ${v}`)
        .join(', ')}) + ${r.otherPhones} of a second store enrolled and synced once in ${r.enrolSeconds.toFixed(1)} s`,
    );
    // 1. The store-wide change, every phone woken at once.
    row(
      `DDM store change: phones sent a sync, ${n}`,
      `${c.phonesWithCommand} (${c.commandsA} commands, max ${c.maxCommandsPerPhone}/phone)`,
      `= ${r.phones}, 1 each`,
    );
    row(`DDM store change: other store's phones`, `${c.commandsB} commands`, '= 0');
    row(`DDM check-ins per phone sync, ${engine}`, `${c.ddmPerPhone.toFixed(2)} (min ${c.ddmPerPhoneRange[0]}, max ${c.ddmPerPhoneRange[2]})`, '(as seen)');
    console.log(`    plus ${c.connectPerPhone.toFixed(2)} MDM connect requests per phone (Idle, then the command's Acknowledged)`);
    row(`DDM statements per check-in, ${engine}`, `${c.statementsPerDdmRequest.toFixed(2)}`, '(as seen)');
    for (const e of c.endpoints) {
      console.log(
        `    ${e.label.padEnd(62)} ${e.perPhone.toFixed(2)}/phone  ${e.statementsPerRequest.toFixed(2)} statements  ${bytes(e.bytesPerRequest)}/request  [${e.statuses}]`,
      );
    }
    console.log(
      `    the change itself (setStoreDeclaration + queueSync, one transaction): ${c.queueStatements} statements for ${c.queued} phones in ${c.queueMs.toFixed(0)} ms; ${c.statementsOutside} statements outside requests (push bookkeeping)`,
    );
    const bc = c.bytesPerPhone;
    row(
      `DDM bytes per phone sync, ${engine}`,
      `${bytes(bc.ddmRequest + bc.ddmResponse)} DDM + ${bytes(bc.connectRequest + bc.connectResponse)} MDM`,
      '(as seen)',
    );
    console.log(
      `    DDM requests ${bytes(bc.ddmRequest)} + answers ${bytes(bc.ddmResponse)}; MDM connect requests ${bytes(bc.connectRequest)} + answers ${bytes(bc.connectResponse)} (bodies, signature header not counted)`,
    );
    row(`DDM store change to all reported, ${n}`, `${c.wallMs.toFixed(0)} ms${c.timedOut ? ' (TIMED OUT)' : ''}`, '(wall, for the record)');
    console.log(`    ${c.reported} of ${r.phones} reported the new declaration: ${c.states.join('; ')}`);
    console.log(`    whole process CPU (server and ${r.phones} simulated phones share this thread): ${ms(c.processCpuMsPerPhone)} per phone sync`);
    // The same kind of change, phones one at a time: the CPU around each request is the server's.
    const s = r.serial;
    row(
      `DDM server CPU per phone sync, ${engine}`,
      `${ms(s.cpuMsPerPhone.ddm + s.cpuMsPerPhone.connect)} (medians ${ms(s.cpuMsMedianPerPhone.ddm + s.cpuMsMedianPerPhone.connect)})`,
      '(as seen)',
    );
    console.log(
      `    one phone at a time, deferral 30 → 45 days (the activation unchanged): DDM check-ins ${ms(s.cpuMsPerPhone.ddm)} + MDM session ${ms(s.cpuMsPerPhone.connect)} (mean; sum of medians ${ms(s.cpuMsMedianPerPhone.ddm)} + ${ms(s.cpuMsMedianPerPhone.connect)}); ${s.commandsA} commands to ${r.phones} phones, ${s.commandsB} to the other store`,
    );
    for (const e of s.endpoints) {
      console.log(
        `    ${e.label.padEnd(62)} ${e.perPhone.toFixed(2)}/phone  ${e.statementsPerRequest.toFixed(2)} statements  CPU ${ms(e.cpuMsPerRequest)}/request (median ${ms(e.cpuMsMedian)})`,
      );
    }
    if (s.postgresCpuMsPerPhone !== undefined)
      console.log(
        `    server CPU only: PostgreSQL works in its own processes, every postgres process on the box (other users included) used ${ms(s.postgresCpuMsPerPhone)} per phone sync over this phase; with PGlite the engine is inside the figures`,
      );
    // 2. Nothing changed.
    const u = r.resync;
    row(`DDM unchanged re-sync, ${u.phones} phones, ${engine}`, `${u.queued} queued (${u.returned} to wake)`, '= 0');
    console.log(`    ${u.statements} statements, ${ms(u.cpuMs)} CPU for the whole queueSync`);
    // 3. Status report ingestion.
    const st = r.status;
    row(
      `DDM status report, ${engine}`,
      `${st.statementsPerReport.toFixed(2)} stmts, CPU ${ms(st.cpuMsPerReport)} (med ${st.cpuMsMedianPerReport.toFixed(2)})`,
      '(as seen)',
    );
    console.log(
      `    ${st.reports} reports of ${st.itemsPerReport.toFixed(2)} item (battery health), ${bytes(st.bytesPerReport)} each; ${st.recorded} of ${r.phones} device records show it; the Idle connect before each: ${(st.idle.statements / Math.max(1, st.idle.requests)).toFixed(2)} statements, ${ms(st.idle.cpuMs / Math.max(1, st.idle.requests))}${st.other.length ? `; other requests: ${st.other.join(', ')}` : ''}`,
    );
    if (r.diagnostics.length) console.log(`    phone diagnostics (${r.diagnostics.length}): ${r.diagnostics.slice(0, 5).join(' | ')}`);
    console.log(`    ${r.allSynced} of ${r.phones + r.otherPhones} phones end with synced token = announced token`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.dir(await benchDdmSync((process.argv[2] as Engine) ?? 'pglite'), { depth: 6 });

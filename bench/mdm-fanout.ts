import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { createSimFleet, fetchViaInject } from '@lease/device-sim';
import { countStatements } from '../apps/server/src/db/statement-counter.ts';
import { enableLostMode, securityInfo } from '../apps/server/src/mdm/apple/commands.ts';
import { Priority } from '../apps/server/src/mdm/apple/commander.ts';
import { mdmCommand } from '../apps/server/src/mdm/apple/mdm.table.ts';
import { type Engine, benchApp, registerSerials } from './bench-app.ts';
import { allPostgresCpuMs } from './process-stats.ts';
import { seedDevices } from './seed-devices.ts';

/** One lock to n enrolled devices: time to queue it (one transaction) and to have every push accepted by APNs. */
export async function benchFanout(engine: Engine, n = 10_000) {
  const b = await benchApp(engine);
  try {
    await seedDevices(b, n, n);
    const rows = (await b.db.execute(sql`select device_id from mdm_enrollment`)) as unknown as { rows: { device_id: string }[] };
    const ids = rows.rows.map((r) => r.device_id);
    const start = performance.now();
    await b.db.transaction((tx) =>
      b.app.mdm.commander.enqueueIn(
        tx,
        ids.map((deviceId) => ({ deviceId, build: (uuid: string) => enableLostMode({ message: '逾期未还款' }, { uuid }) })),
        { priority: Priority.SECURITY },
      ),
    );
    const queuedMs = performance.now() - start;
    const accepted = await b.app.mdm.push.wake(ids);
    const pushedMs = performance.now() - start;
    return { devices: n, queuedMs, pushedMs, accepted, received: b.apns.received.length };
  } finally {
    await b.close();
  }
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const waitFor = async (what: string, ok: () => boolean | Promise<boolean>, timeoutMs: number) => {
  const start = performance.now();
  while (!(await ok())) {
    if (performance.now() - start > timeoutMs) throw new Error(`fan-out under acks: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/**
 * Checklist #4 at its size: a lock to `devices` enrolled devices (one transaction, then the pushes) while `phones` of
 * them, simulated iPhones, are answering a stream of SecurityInfo commands (`perPhone` each) at the same time; the
 * lock reaches those phones too, so queue writes and answers meet on the same rows. Then it checks that every device
 * has exactly one lock, every answer a phone sent is recorded, nothing is left pending and PostgreSQL counted no
 * deadlock; any miss throws. Server and phones share this process (phones through `inject`); the statements are the
 * app's and the bench's few checks.
 */
export async function benchFanoutUnderAcks(engine: Engine = 'postgres', devices = 10_000, phones = 500, perPhone = 20) {
  const b = await benchApp(engine);
  try {
    // The seeded devices first: seedDevices gives an MDM channel to every device of the store with a UDID.
    await seedDevices(b, devices - phones, devices - phones);
    const { serials, codes } = await registerSerials(b, 'FANACK', phones);
    const fleet = await createSimFleet({
      count: phones,
      mockApns: b.apns,
      fetch: fetchViaInject(b.app),
      concurrency: 16,
      phone: (i) => ({ serialNumber: serials[i] }),
      profileProvider: async (serial) => (await b.app.inject({ method: 'GET', url: `/api/enroll/profile?code=${codes.get(serial)}` })).rawPayload,
    });
    if (fleet.failures.length) throw new Error(`fan-out under acks: ${fleet.failures.length} phones failed to enrol: ${fleet.failures[0].error}`);
    const pending = async () =>
      Number(rowsOf<{ n: string }>(await b.db.execute(sql`select count(*) as n from mdm_command where status in ('queued', 'sent', 'not-now')`))[0].n);
    await waitFor('the enrolment commands', async () => (await pending()) === 0, 120_000);
    await Promise.all(fleet.phones.map((p) => p.whenIdle()));

    const live = new Set(fleet.phones.map((p) => p.state.udid));
    const all = rowsOf<{ device_id: string; udid: string }>(await b.db.execute(sql`select device_id, udid from mdm_enrollment`));
    const ids = all.map((r) => r.device_id);
    const liveIds = all.filter((r) => live.has(r.udid)).map((r) => r.device_id);
    if (ids.length !== devices || liveIds.length !== phones) throw new Error(`fan-out under acks: ${ids.length} enrolments, ${liveIds.length} live`);
    const deadlocks = async () =>
      Number(rowsOf<{ n: string }>(await b.db.execute(sql`select deadlocks as n from pg_stat_database where datname = current_database()`))[0]?.n ?? 0);
    const deadlocksBefore = engine === 'postgres' ? await deadlocks() : 0;
    const statsBefore = fleet.stats();
    // The enrolment's own SecurityInfo (one per phone) is answered already; the storm's are counted above it.
    const securityInfoBefore = (
      await b.db
        .select({ n: count() })
        .from(mdmCommand)
        .where(and(eq(mdmCommand.requestType, 'SecurityInfo'), eq(mdmCommand.status, 'acknowledged')))
    )[0].n;
    const statements = countStatements(b.db);
    const cpu = process.cpuUsage();
    const pgCpu = allPostgresCpuMs();

    // The answering storm: every live phone gets perPhone SecurityInfo commands and a push.
    const start = performance.now();
    await b.app.mdm.commander.enqueue(
      liveIds.flatMap((deviceId) => Array.from({ length: perPhone }, () => ({ deviceId, build: (uuid: string) => securityInfo({ uuid }) }))),
    );
    // The lock goes out once the phones are busy answering.
    await waitFor(
      'the phones to start answering',
      () => (fleet.stats().commandsByType.SecurityInfo ?? 0) - (statsBefore.commandsByType.SecurityInfo ?? 0) >= phones,
      60_000,
    );
    const acksBeforeLock = (fleet.stats().commandsByType.SecurityInfo ?? 0) - (statsBefore.commandsByType.SecurityInfo ?? 0);
    const lockStart = performance.now();
    await b.db.transaction((tx) =>
      b.app.mdm.commander.enqueueIn(
        tx,
        ids.map((deviceId) => ({ deviceId, build: (uuid: string) => enableLostMode({ message: '逾期未还款' }, { uuid }) })),
        { priority: Priority.SECURITY },
      ),
    );
    const queuedMs = performance.now() - lockStart;
    const acksDuringQueue = (fleet.stats().commandsByType.SecurityInfo ?? 0) - (statsBefore.commandsByType.SecurityInfo ?? 0) - acksBeforeLock;
    const accepted = await b.app.mdm.push.wake(ids);
    const pushedMs = performance.now() - lockStart;
    const handled = (type: string) => (fleet.stats().commandsByType[type] ?? 0) - (statsBefore.commandsByType[type] ?? 0);
    await waitFor('every answer', () => handled('SecurityInfo') >= phones * perPhone && handled('EnableLostMode') >= phones, 600_000);
    await Promise.all(fleet.phones.map((p) => p.whenIdle()));
    const seconds = (performance.now() - start) / 1000;
    const used = process.cpuUsage(cpu);
    const postgresCpuMs = allPostgresCpuMs() - pgCpu;
    const statementCount = statements.count;
    const statsAfter = fleet.stats();
    await fleet.stop();

    // The checks: exactly one lock per device, every answer recorded, nothing pending, no deadlock, no 5xx.
    const locks = rowsOf<{ devices: string; rows: string; doubled: string }>(
      await b.db.execute(sql`
        select count(*) as devices, coalesce(sum(n), 0) as rows, count(*) filter (where n <> 1) as doubled
        from (select device_id, count(*) as n from mdm_command where request_type = 'EnableLostMode' group by device_id) x`),
    )[0];
    const byStatus = rowsOf<{ request_type: string; status: string; n: string }>(
      await b.db.execute(
        sql`select request_type, status, count(*) as n from mdm_command where request_type in ('SecurityInfo', 'EnableLostMode') group by 1, 2`,
      ),
    );
    const n = (type: string, status: string) =>
      Number(byStatus.find((r) => r.request_type === type && r.status === status)?.n ?? 0) -
      (type === 'SecurityInfo' && status === 'acknowledged' ? securityInfoBefore : 0);
    const notDone = byStatus.filter(
      (r) => r.status !== 'acknowledged' && !(r.request_type === 'EnableLostMode' && (r.status === 'queued' || r.status === 'sent')),
    );
    const liveLocksAcked = (
      await b.db
        .select({ n: count() })
        .from(mdmCommand)
        .where(and(eq(mdmCommand.requestType, 'EnableLostMode'), eq(mdmCommand.status, 'acknowledged'), inArray(mdmCommand.deviceId, liveIds)))
    )[0].n;
    const deadlockCount = engine === 'postgres' ? (await deadlocks()) - deadlocksBefore : 0;
    const problems: string[] = [];
    if (Number(locks.devices) !== devices || Number(locks.rows) !== devices || Number(locks.doubled) !== 0)
      problems.push(`locks: ${locks.rows} rows over ${locks.devices} devices (${locks.doubled} with other than one), expected ${devices}`);
    if (n('SecurityInfo', 'acknowledged') !== phones * perPhone)
      problems.push(`SecurityInfo acknowledged ${n('SecurityInfo', 'acknowledged')} of ${phones * perPhone}`);
    if (n('SecurityInfo', 'acknowledged') !== handled('SecurityInfo'))
      problems.push(`phones answered ${handled('SecurityInfo')} SecurityInfo, ${n('SecurityInfo', 'acknowledged')} recorded`);
    if (liveLocksAcked !== phones || handled('EnableLostMode') !== phones)
      problems.push(`live phones' locks: ${handled('EnableLostMode')} answered, ${liveLocksAcked} recorded, of ${phones}`);
    // The seeded devices have no phone behind them: their locks stay queued; anything else left is a loss.
    if (notDone.length) problems.push(`left over: ${notDone.map((r) => `${r.request_type} ${r.status} ${r.n}`).join(', ')}`);
    const sentLocks = n('EnableLostMode', 'sent') + n('EnableLostMode', 'queued');
    if (sentLocks !== devices - phones) problems.push(`${sentLocks} locks waiting on the ${devices - phones} seeded devices`);
    if (statsAfter.errors !== statsBefore.errors) problems.push(`${statsAfter.errors - statsBefore.errors} error answers or HTTP errors on the phones`);
    if (deadlockCount) problems.push(`${deadlockCount} deadlocks in pg_stat_database`);
    if (accepted !== devices) problems.push(`APNs accepted ${accepted} of ${devices} pushes`);
    if (problems.length) throw new Error(`fan-out under acks FAILED:\n  ${problems.join('\n  ')}`);
    return {
      devices,
      phones,
      answers: handled('SecurityInfo') + handled('EnableLostMode'),
      acksBeforeLock,
      acksDuringQueue,
      queuedMs,
      pushedMs,
      seconds,
      cpuMs: (used.user + used.system) / 1000,
      postgresCpuMs,
      statements: statementCount,
      lockRows: Number(locks.rows),
      securityInfoAcked: n('SecurityInfo', 'acknowledged'),
      liveLocksAcked,
      deadlocks: deadlockCount,
    };
  } finally {
    await b.close();
  }
}

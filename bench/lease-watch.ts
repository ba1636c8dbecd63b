import { sql } from 'drizzle-orm';
import { countStatements } from '../apps/server/src/db/statement-counter.ts';
import { iosDevice } from '../apps/server/src/domain/ios-device.table.ts';
import { mdmEnrollment } from '../apps/server/src/mdm/apple/mdm.table.ts';
import { instantOf } from '../apps/server/src/modules/lease/lease-calendar.ts';
import { leasePlan } from '../apps/server/src/modules/lease/lease.table.ts';
import { type Engine, benchApp } from './bench-app.ts';

type Row = (name: string, value: string, target: string) => void;

/**
 * The lease watch at store scale: N plans (BENCH_LEASE_PLANS, default 3000) of enrolled iPhones, a third with a
 * reminder due at the run's hour, a third past due + grace (an arrears lock each), a third with nothing to do but
 * a new day's status. One watch run is measured as deployed (in this process, so its CPU is the server's alone):
 * statements and CPU per plan evaluated, per reminder and per lock taken; then a payment that clears arrears
 * (statements and CPU of the request, the unlock queued inside it).
 */
export async function benchLeaseWatch(engine: Engine) {
  const plans = Number(process.env.BENCH_LEASE_PLANS ?? 3000);
  let now = instantOf('2026-12-14', 9, 'Asia/Shanghai');
  const b = await benchApp(engine, plans + 10, () => now);
  try {
    const { db } = b;
    const storeId = b.admin.storeId;
    const seedStart = Date.now();
    for (let i = 0; i < plans; i += 500) {
      const n = Math.min(500, plans - i);
      const devices = await db
        .insert(iosDevice)
        .values(
          Array.from({ length: n }, (_, k) => ({
            storeId,
            serialNumber: `LEASEB${String(i + k).padStart(6, '0')}`,
            udid: `00008120-${String(i + k).padStart(16, '0')}`,
            enrollmentStatus: 1,
            hirerName: `租机人${i + k}`,
            hirerPhoneNumber: `138${String(i + k).padStart(8, '0')}`,
          })),
        )
        .returning({ id: iosDevice.id, udid: iosDevice.udid });
      await db.insert(mdmEnrollment).values(
        devices.map((d, k) => ({
          deviceId: d.id,
          udid: d.udid as string,
          certFingerprint: `fp-${d.id}`,
          topic: 'com.apple.mgmt.bench',
          tokenHex: (i + k).toString(16).padStart(64, '0'),
          pushMagic: `m-${i + k}`,
          enabled: true,
        })),
      );
      await db.insert(leasePlan).values(
        devices.map((d, k) => {
          const kind = (i + k) % 3;
          // 0: due the 17th (3-days reminder today); 1: due the 10th, unpaid past 3 grace days (lock); 2: due next month.
          const first = kind === 0 ? '2026-12-17' : kind === 1 ? '2026-12-10' : '2027-01-20';
          return {
            storeId,
            platform: 'ios' as const,
            deviceId: d.id,
            startDate: '2026-11-01',
            periods: 2,
            period: 'dates' as const,
            dueDates: [first, '2027-02-20'],
            amountFen: 500_00,
            nextCheckAt: now,
          };
        }),
      );
    }
    const seedSeconds = (Date.now() - seedStart) / 1000;
    const counter = countStatements(db);
    const lease = b.app.lease;

    counter.reset();
    let cpu = process.cpuUsage();
    let t0 = performance.now();
    const evaluated = await lease.watch.evaluateDue(plans * 2);
    const evalCpu = process.cpuUsage(cpu);
    const evalMs = performance.now() - t0;
    const evalStatements = counter.count;

    counter.reset();
    cpu = process.cpuUsage();
    t0 = performance.now();
    const steps = await lease.steps.run({ limit: plans * 2 });
    const stepsCpu = process.cpuUsage(cpu);
    const stepsMs = performance.now() - t0;
    const stepStatements = counter.count;
    const [kinds] = (
      (await db.execute(
        sql`select count(*) filter (where step = 'remind' and status = 'done') as reminders, count(*) filter (where step = 'lock' and status = 'done') as locks, count(*) filter (where step = 'overdue') as overdue from lease_action`,
      )) as unknown as {
        rows: { reminders: string; locks: string; overdue: string }[];
      }
    ).rows;

    // A payment that clears a locked plan's arrears, the unlock inside its round trip; first the pushes of the
    // locks (sent after their commits, their bookkeeping in the background) are left to settle.
    await new Promise((r) => setTimeout(r, 5000));
    now = instantOf('2026-12-15', 11, 'Asia/Shanghai');
    const [locked] = ((await db.execute(sql`select id from lease_plan where status = 'locked' limit 1`)) as unknown as { rows: { id: string }[] }).rows;
    counter.reset();
    cpu = process.cpuUsage();
    t0 = performance.now();
    const paid = await b.app.inject({
      method: 'POST',
      url: `/api/lease/plans/${locked.id}/payments`,
      headers: { ...b.headers, 'idempotency-key': 'bench-pay-1' },
      payload: { amount_fen: 500_00, method: 'cash' },
    });
    const payCpu = process.cpuUsage(cpu);
    const payMs = performance.now() - t0;
    const payStatements = counter.count;
    const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
    return {
      plans,
      seedSeconds,
      evaluated,
      evalMs,
      evalCpuMs: cpuMs(evalCpu),
      evalStatements,
      steps,
      reminders: Number(kinds.reminders),
      locks: Number(kinds.locks),
      overdue: Number(kinds.overdue),
      stepsMs,
      stepsCpuMs: cpuMs(stepsCpu),
      stepStatements,
      pay: { status: paid.statusCode, planStatus: paid.json().status, ms: payMs, cpuMs: cpuMs(payCpu), statements: payStatements },
    };
  } finally {
    await b.close();
  }
}

export async function printLeaseWatch(engines: Engine[], row: Row) {
  for (const engine of engines) {
    const r = await benchLeaseWatch(engine);
    console.log(`    ${r.plans} plans seeded in ${r.seedSeconds.toFixed(1)} s, ${engine}`);
    row(`lease watch: plans evaluated, ${engine}`, `${r.evaluated} in ${(r.evalMs / 1000).toFixed(1)} s`, `= ${r.plans}`);
    row(`lease watch: statements per plan evaluated`, (r.evalStatements / r.evaluated).toFixed(2), '(as seen)');
    row(`lease watch: server CPU per plan evaluated`, `${(r.evalCpuMs / r.evaluated).toFixed(2)} ms`, '(as seen)');
    console.log(
      `    recorded ${r.reminders} reminders, ${r.locks} locks, ${r.overdue} overdue steps (expected ${Math.ceil(r.plans / 3)} / ${Math.floor((r.plans + 1) / 3)} each)`,
    );
    row(`lease steps taken (texts + locks), ${engine}`, `${r.steps} in ${(r.stepsMs / 1000).toFixed(1)} s`, '(as seen)');
    row(`lease steps: statements per step`, (r.stepStatements / r.steps).toFixed(2), '(as seen)');
    row(`lease steps: server CPU per step`, `${(r.stepsCpuMs / r.steps).toFixed(2)} ms`, '(as seen)');
    row(
      `lease payment clearing arrears (unlock inside), ${engine}`,
      `${r.pay.status} ${r.pay.planStatus}: ${r.pay.statements} statements, ${r.pay.cpuMs.toFixed(1)} ms CPU, ${r.pay.ms.toFixed(0)} ms`,
      '1 round trip',
    );
  }
}

import { sql } from 'drizzle-orm';
import { createSimFleet, fetchViaInject } from '@lease/device-sim';
import { EnrollmentStatus } from '@lease/shared';
import { type Engine, benchApp, registerSerials } from './bench-app.ts';
import { allPostgresCpuMs } from './process-stats.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** Kinds of command a locked screen defers: the profile installs of an enrolment (configuration and declarations). */
const PROFILE_INSTALLS = ['InstallProfile', 'DeclarativeManagement'];

/**
 * Checklist #16: an enrolment storm. `phones` simulated iPhones enrol at once (`concurrency` in flight), every
 * `notNowEvery`-th with a locked screen that answers NotNow to the profile installs the server queues after
 * enrolment; once the storm is over those users unlock (iOS reconnects at once). At the end every phone must be
 * configured (enrolled on the server, nothing queued, sent or deferred left) or visibly failed (still 待激活 on
 * the server with the phone's error, or a command in error): anything else is stuck, and the bench throws.
 * Server and phones share this process (phones through `inject`).
 */
export async function benchEnrolStorm(engine: Engine = 'postgres', phones = 1000, concurrency = 100, notNowEvery = 10) {
  const b = await benchApp(engine);
  try {
    const { serials, codes } = await registerSerials(b, 'STORM', phones);
    // The signed profiles are fetched beforehand: a store hands them out over days, not inside the storm.
    const profiles = new Map<string, Buffer>();
    for (const serial of serials)
      profiles.set(serial, (await b.app.inject({ method: 'GET', url: `/api/enroll/profile?code=${codes.get(serial)}` })).rawPayload);
    const cpu = process.cpuUsage();
    const pgCpu = allPostgresCpuMs();
    const locked = new Set<number>();
    const start = performance.now();
    const fleet = await createSimFleet({
      count: phones,
      mockApns: b.apns,
      fetch: fetchViaInject(b.app),
      concurrency,
      phone: (i) => ({ serialNumber: serials[i] }),
      beforeEnrol: (phone, i) => {
        if (i % notNowEvery !== notNowEvery - 1) return;
        locked.add(i);
        phone.notNowFor(PROFILE_INSTALLS);
      },
      profileProvider: (serial) => profiles.get(serial)!,
    });
    const enrolSeconds = fleet.enrolmentMs / 1000;
    // The storm's tail: what the server queued after each enrolment is served (the locked screens defer theirs).
    const counts = async () =>
      rowsOf<{ status: string; n: string }>(await b.db.execute(sql`select status, count(*) as n from mdm_command group by status`)).reduce<
        Record<string, number>
      >((m, r) => Object.assign(m, { [r.status]: Number(r.n) }), {});
    const settle = async (timeoutMs: number) => {
      const start = performance.now();
      for (;;) {
        await Promise.all(fleet.phones.map((p) => p.whenIdle()));
        const c = await counts();
        if (!(c.queued || c.sent) || performance.now() - start > timeoutMs) return c;
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    const afterStorm = await settle(120_000);
    const settledSeconds = (performance.now() - start) / 1000;
    const deferred = afterStorm['not-now'] ?? 0;
    // The users unlock: each phone with a NotNow reconnects and is served what it deferred.
    // BENCH_STORM_KEEP_LOCKED=1 leaves them locked: their deferred commands then wait, and the check must say so.
    if (process.env.BENCH_STORM_KEEP_LOCKED !== '1') for (const i of locked) fleet.phones[i].setUserLocked(false);
    const end = await settle(120_000);
    const used = process.cpuUsage(cpu);
    const postgresCpuMs = allPostgresCpuMs() - pgCpu;
    const stats = fleet.stats();
    await fleet.stop();

    const devices = rowsOf<{ serial_number: string; enrollment_status: number; pending: string; failed: string }>(
      await b.db.execute(sql`
        select d.serial_number, d.enrollment_status,
               (select count(*) from mdm_command c where c.device_id = d.id and c.status in ('queued', 'sent', 'not-now')) as pending,
               (select count(*) from mdm_command c where c.device_id = d.id and c.status = 'error') as failed
        from ios_device d where d.for_store = ${b.admin.storeId}`),
    );
    const failedOnPhone = new Set(fleet.failures.map((f) => f.serialNumber));
    let configured = 0;
    let visiblyFailed = 0;
    const stuck: string[] = [];
    for (const d of devices) {
      if (d.enrollment_status === EnrollmentStatus.ENROLLED && Number(d.pending) === 0) {
        if (Number(d.failed) > 0) visiblyFailed++;
        else configured++;
      } else if (d.enrollment_status === EnrollmentStatus.REGISTERED && failedOnPhone.has(d.serial_number)) visiblyFailed++;
      else stuck.push(`${d.serial_number} (status ${d.enrollment_status}, ${d.pending} pending)`);
    }
    if (devices.length !== phones || stuck.length)
      throw new Error(`enrolment storm FAILED: ${devices.length} devices, ${stuck.length} stuck, e.g. ${stuck.slice(0, 5).join(', ')}`);
    return {
      phones,
      concurrency,
      enrolled: stats.enrolled,
      failed: fleet.failures.length,
      firstFailure: fleet.failures[0]?.error,
      enrolSeconds,
      perSecond: stats.enrolled / enrolSeconds,
      locked: locked.size,
      deferred,
      afterStorm,
      end,
      configured,
      visiblyFailed,
      commandsByType: stats.commandsByType,
      statuses: stats.statuses,
      cpuMsPerPhone: (used.user + used.system) / 1000 / phones,
      postgresCpuMsPerPhone: postgresCpuMs / phones,
      settledSeconds,
    };
  } finally {
    await b.close();
  }
}

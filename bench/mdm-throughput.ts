import { and, count, eq, gte, inArray } from 'drizzle-orm';
import { createSimFleet, fetchViaInject } from '@lease/device-sim';
import { securityInfo } from '../apps/server/src/mdm/apple/commands.ts';
import { mdmCommand } from '../apps/server/src/mdm/apple/mdm.table.ts';
import { type Engine, benchApp, registerSerials } from './bench-app.ts';

/**
 * Command round trips (Idle → command → Acknowledged) per second with N simulated iPhones: every phone gets
 * `perPhone` SecurityInfo commands, pushes wake them all at once, and the clock stops at the last Acknowledged.
 */
export async function benchRoundTrips(engine: Engine, phones = 2000, perPhone = 5) {
  const b = await benchApp(engine);
  try {
    const { serials, codes } = await registerSerials(b, 'BENCH', phones);
    const enrolStart = performance.now();
    const fleet = await createSimFleet({
      count: phones,
      mockApns: b.apns,
      fetch: fetchViaInject(b.app),
      concurrency: 16,
      pollIntervalMs: 3_600_000,
      phone: (i) => ({ serialNumber: serials[i] }),
      profileProvider: async (serial) => (await b.app.inject({ method: 'GET', url: `/api/enroll/profile?code=${codes.get(serial)}` })).rawPayload,
    });
    const enrolSeconds = (performance.now() - enrolStart) / 1000;
    const pending = async () =>
      (
        await b.db
          .select({ n: count() })
          .from(mdmCommand)
          .where(inArray(mdmCommand.status, ['queued', 'sent']))
      )[0].n;
    while ((await pending()) > 0) await new Promise((r) => setTimeout(r, 200));

    const ids = (await b.db.select({ id: mdmCommand.deviceId }).from(mdmCommand).groupBy(mdmCommand.deviceId)).map((r) => r.id);
    const requests = ids.flatMap((deviceId) => Array.from({ length: perPhone }, () => ({ deviceId, build: (uuid: string) => securityInfo({ uuid }) })));
    const since = new Date();
    const start = performance.now();
    await b.app.mdm.commander.enqueue(requests);
    const total = requests.length;
    const done = async () =>
      (
        await b.db
          .select({ n: count() })
          .from(mdmCommand)
          .where(and(eq(mdmCommand.requestType, 'SecurityInfo'), eq(mdmCommand.status, 'acknowledged'), gte(mdmCommand.createdAt, since)))
      )[0].n;
    let acked = 0;
    while (acked < total && performance.now() - start < 600_000) {
      await new Promise((r) => setTimeout(r, 100));
      acked = await done();
    }
    const seconds = (performance.now() - start) / 1000;
    await fleet.stop();
    return { phones, commands: total, acked, seconds, perSecond: acked / seconds, enrolSeconds };
  } finally {
    await b.close();
  }
}

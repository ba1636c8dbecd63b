import { sql } from 'drizzle-orm';
import { enableLostMode } from '../apps/server/src/mdm/apple/commands.ts';
import { Priority } from '../apps/server/src/mdm/apple/commander.ts';
import { type Engine, benchApp } from './bench-app.ts';
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

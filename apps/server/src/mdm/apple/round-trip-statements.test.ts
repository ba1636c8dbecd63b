import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements } from '../../db/statement-counter.ts';
import { type MdmHarness, startMdmHarness, waitFor } from '../../test/mdm-harness.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { securityInfo } from './commands.ts';
import { mdmCommand } from './mdm.table.ts';

let h: MdmHarness;
let headers: { authorization: string };
beforeAll(async () => {
  h = await startMdmHarness();
  const s = await h.t.newStore();
  headers = (await h.t.signedIn({ storeId: s.id, isAdmin: true })).headers;
});
afterAll(() => h.close());

/**
 * Issue 15: the plain round trip (an answer without device effects, then the next command) is ONE statement
 * (queue.step). This pins the number, on PGlite and PostgreSQL, so it cannot silently grow: the counter sits on
 * the driver, so a Drizzle query, a raw one, or a BEGIN/COMMIT added anywhere on the path all count.
 */
describe('statements per Apple round trip', () => {
  it('an Idle, then N plain answers each served the next command: exactly one statement per request', async () => {
    const { phone, deviceId } = await h.newPhone(headers);
    await waitFor(async () => (await h.t.db.select().from(iosDevice).where(eq(iosDevice.id, deviceId)))[0].factsUpdatedAt);
    await waitFor(
      async () =>
        (
          await h.t.db
            .select()
            .from(mdmCommand)
            .where(and(eq(mdmCommand.deviceId, deviceId), eq(mdmCommand.status, 'queued')))
        ).length === 0,
    );
    await phone.stop();
    const n = 5;
    const since = new Date();
    // Queued without a wake, so no push bookkeeping runs while we count.
    await h.t.db.transaction((tx) =>
      h.t.app.mdm.commander.enqueueIn(
        tx,
        Array.from({ length: n }, () => ({ deviceId, build: (uuid: string) => securityInfo({ uuid }) })),
      ),
    );

    const counter = countStatements(h.t.db);
    const before = phone.state.commandLog.length;
    await phone.connect();
    const answered = phone.state.commandLog.slice(before);
    expect(answered.map((c) => [c.requestType, c.status])).toEqual(Array.from({ length: n }, () => ['SecurityInfo', 'Acknowledged']));
    // n + 1 requests: the Idle that fetched the first command, then one answer per command (the last gets nothing).
    expect(counter.count).toBe(n + 1);

    const rows = await h.t.db
      .select()
      .from(mdmCommand)
      .where(and(eq(mdmCommand.deviceId, deviceId), eq(mdmCommand.requestType, 'SecurityInfo')));
    expect(rows.filter((r) => r.createdAt >= since).map((r) => r.status)).toEqual(Array.from({ length: n }, () => 'acknowledged'));
  });

  it('an Idle with nothing queued is one statement too', async () => {
    const { phone, deviceId } = await h.newPhone(headers);
    await waitFor(async () => (await h.t.db.select().from(iosDevice).where(eq(iosDevice.id, deviceId)))[0].factsUpdatedAt);
    await waitFor(
      async () =>
        (
          await h.t.db
            .select()
            .from(mdmCommand)
            .where(and(eq(mdmCommand.deviceId, deviceId), eq(mdmCommand.status, 'queued')))
        ).length === 0,
    );
    await phone.stop();
    const counter = countStatements(h.t.db);
    await phone.connect();
    expect(counter.count).toBe(1);
  });
});

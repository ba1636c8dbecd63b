import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/build-test-app.ts';
import { androidCommand } from '../mdm/android/android-agent.table.ts';
import { type CommandStatus, mdmCommand } from '../mdm/apple/mdm.table.ts';
import { pruneFinishedCommands } from './command-retention.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

describe('command retention (COMMAND_RETENTION_DAYS)', () => {
  it('deletes finished commands older than the cutoff on both platforms, and never a pending one', async () => {
    const s = await t.newStore();
    const iphone = await t.newIosDevice({ storeId: s.id, enrolled: true });
    const agent = await t.newAndroidDevice({ storeId: s.id });
    const apple = (status: CommandStatus, completedAt: Date | null, createdAt = ago(200)) => ({
      id: randomUUID(),
      deviceId: iphone.id,
      requestType: 'DeviceInformation',
      payload: '<plist/>',
      status,
      createdAt,
      completedAt,
      expiresAt: new Date(Date.now() + DAY),
    });
    const old = [apple('acknowledged', ago(100)), apple('error', ago(91)), apple('expired', ago(120)), apple('cancelled', ago(95))];
    const kept = [apple('acknowledged', ago(89)), apple('queued', null), apple('not-now', null), apple('sent', null)];
    await t.db.insert(mdmCommand).values([...old, ...kept]);
    const android = (status: 'done' | 'queued', completedAt: Date | null) => ({
      id: randomUUID(),
      deviceId: agent.id,
      type: 'lock',
      status,
      createdAt: ago(200),
      completedAt,
      expiresAt: new Date(Date.now() + DAY),
    });
    const [oldAgent, keptAgent, pendingAgent] = [android('done', ago(100)), android('done', ago(10)), android('queued', null)];
    await t.db.insert(androidCommand).values([oldAgent, keptAgent, pendingAgent]);

    expect(await pruneFinishedCommands(t.db, ago(90))).toBe(old.length + 1);
    const appleLeft = await t.db
      .select({ id: mdmCommand.id })
      .from(mdmCommand)
      .where(
        inArray(
          mdmCommand.id,
          [...old, ...kept].map((c) => c.id),
        ),
      );
    expect(appleLeft.map((c) => c.id).sort()).toEqual(kept.map((c) => c.id).sort());
    const androidLeft = await t.db
      .select({ id: androidCommand.id })
      .from(androidCommand)
      .where(inArray(androidCommand.id, [oldAgent.id, keptAgent.id, pendingAgent.id]));
    expect(androidLeft.map((c) => c.id).sort()).toEqual([keptAgent.id, pendingAgent.id].sort());
    // A second run finds nothing more to do.
    expect(await pruneFinishedCommands(t.db, ago(90))).toBe(0);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LockStatus, OperationStatus } from '@lease/shared';
import { androidCommand } from '../mdm/android/android-agent.table.ts';
import { mdmCommand } from '../mdm/apple/mdm.table.ts';
import { type TestApp, buildTestApp } from '../test/build-test-app.ts';
import { operationLog } from './operation-log.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = { authorization: string };
const logsOf = (deviceId: string, action: string) =>
  t.db
    .select()
    .from(operationLog)
    .where(and(eq(operationLog.deviceId, deviceId), eq(operationLog.action, action)));
const ids = (answers: { json: () => { operation_log_id: string } }[]) => new Set(answers.map((a) => a.json().operation_log_id));

async function admin() {
  const s = await t.newStore();
  const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
  return { storeId: s.id, headers };
}

describe('Apple refetch collapse', () => {
  const command = (name: string, headers: Headers, deviceId: string, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/device/ios/command/${name}`,
      headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { device_id: deviceId },
    });
  const commandsOf = (deviceId: string, requestType: string) =>
    t.db
      .select()
      .from(mdmCommand)
      .where(and(eq(mdmCommand.deviceId, deviceId), eq(mdmCommand.requestType, requestType)));

  it('50 parallel get-installed-app-list on an offline phone queue one command and one log row, all answered with it', async () => {
    const { storeId, headers } = await admin();
    const d = await t.newIosDevice({ storeId, enrolled: true });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => command('get-installed-app-list', headers, d.id, `apps-${d.id}-${i}`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    expect(ids(answers).size).toBe(1);
    const logs = await logsOf(d.id, 'get-installed-app-list');
    expect(logs).toHaveLength(1);
    expect(ids(answers)).toEqual(new Set([logs[0].id]));
    expect(await commandsOf(d.id, 'InstalledApplicationList')).toHaveLength(1);

    // Once the phone has answered, the next request asks again.
    await t.db.update(operationLog).set({ status: OperationStatus.DONE }).where(eq(operationLog.id, logs[0].id));
    const again = await command('get-installed-app-list', headers, d.id);
    expect(again.json().operation_log_id).not.toBe(logs[0].id);
    expect(await logsOf(d.id, 'get-installed-app-list')).toHaveLength(2);
  });

  it('collapses location and OS-update reads per device, but never a command that acts (the lost-mode sound)', async () => {
    const { storeId, headers } = await admin();
    const d = await t.newIosDevice({ storeId, enrolled: true, lockStatus: LockStatus.LOCKED });
    const other = await t.newIosDevice({ storeId, enrolled: true, lockStatus: LockStatus.LOCKED });
    for (const name of ['get-location', 'get-available-os-updates', 'get-os-update-status']) {
      const [a, b] = [await command(name, headers, d.id), await command(name, headers, d.id)];
      expect(b.json(), name).toEqual({ ...a.json(), replayed: true });
      expect(await logsOf(d.id, name)).toHaveLength(1);
      // Another phone has its own.
      expect((await command(name, headers, other.id)).json().operation_log_id).not.toBe(a.json().operation_log_id);
    }
    const sounds = [await command('play-lost-mode-sound', headers, d.id), await command('play-lost-mode-sound', headers, d.id)];
    expect(ids(sounds).size).toBe(2);
  });
});

describe('Android refetch collapse', () => {
  const op = (id: string, name: string, headers: Headers, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api/device/android/${id}/operation/${name}`, headers, ...(payload ? { payload } : {}) });
  const commandsOf = (deviceId: string, type: string) =>
    t.db
      .select()
      .from(androidCommand)
      .where(and(eq(androidCommand.deviceId, deviceId), eq(androidCommand.type, type)));

  it('50 parallel get-installed-app-list queue one command and one log row; location too; a lock is never collapsed', async () => {
    const { storeId, headers } = await admin();
    const d = await t.newAndroidDevice({ storeId, agent: true });
    const answers = await Promise.all(Array.from({ length: 50 }, () => op(d.id, 'get-installed-app-list', headers)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    expect(ids(answers).size).toBe(1);
    expect(await logsOf(d.id, 'get-installed-app-list')).toHaveLength(1);
    expect(await commandsOf(d.id, 'get-installed-app-list')).toHaveLength(1);

    const locations = await Promise.all(Array.from({ length: 5 }, () => op(d.id, 'get-location', headers)));
    expect(ids(locations).size).toBe(1);
    expect(await commandsOf(d.id, 'get-location')).toHaveLength(1);

    const locks = [await op(d.id, 'lock', headers, { message: '请联系门店' }), await op(d.id, 'lock', headers, { message: '请联系门店' })];
    expect(ids(locks).size).toBe(2);
  });

  it('asks again once the pending refetch has failed (expired)', async () => {
    const { storeId, headers } = await admin();
    const d = await t.newAndroidDevice({ storeId, agent: true });
    const first = (await op(d.id, 'get-location', headers)).json().operation_log_id;
    await t.db.update(operationLog).set({ status: OperationStatus.FAILED }).where(eq(operationLog.id, first));
    expect((await op(d.id, 'get-location', headers)).json().operation_log_id).not.toBe(first);
  });
});

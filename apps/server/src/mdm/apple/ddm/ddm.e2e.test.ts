import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iosDevice } from '../../../domain/ios-device.table.ts';
import { type TestApp, buildTestApp } from '../../../test/build-test-app.ts';
import { mdmCommand, mdmEnrollment } from '../mdm.table.ts';
import { buildPlist, parsePlistDict } from '../plist.ts';
import { validateDeclaration, validateProtocolDocument, validateStatusReport } from '../schema/validate-declarative.ts';
import type { StatusValues } from './ddm-port.ts';
import { type DdmTestPhone, checkin, ddm, enrolledPhone } from './ddm.test-kit.ts';
import { ddmDeclarationStatus, ddmStatusReport } from './ddm.table.ts';
import { REPORT_RETENTION } from './ddm-status.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const port = () => t.app.mdm.ddm.port;
const fullReport = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures/status-report-full.json'), 'utf8'));
const deferral = (days: number) => ({
  type: 'com.apple.configuration.softwareupdate.settings',
  identifier: 'lease.os-update.deferral',
  payload: { Deferrals: { CombinedPeriodInDays: days } },
});

/** pendingSyncs counts each phone's pending DeclarativeManagement commands. */
async function pendingSyncs(ids: string[]) {
  const rows = await t.db
    .select({ deviceId: mdmCommand.deviceId, n: count() })
    .from(mdmCommand)
    .where(and(inArray(mdmCommand.deviceId, ids), eq(mdmCommand.requestType, 'DeclarativeManagement'), inArray(mdmCommand.status, ['queued', 'sent'])))
    .groupBy(mdmCommand.deviceId);
  return Object.fromEntries(ids.map((id) => [id, Number(rows.find((r) => r.deviceId === id)?.n ?? 0)]));
}

/** sync is what an iPhone does on the command: tokens, then the manifest, then every declaration; returns them. */
async function sync(phone: DdmTestPhone) {
  const tokens = await ddm(t, phone, 'tokens');
  expect(tokens.statusCode, tokens.body).toBe(200);
  expect(tokens.headers['content-type']).toContain('application/json');
  const items = await ddm(t, phone, 'declaration-items');
  expect(items.statusCode).toBe(200);
  const manifest = items.json();
  expect(validateProtocolDocument('TokensResponse', tokens.json())).toEqual([]);
  expect(validateProtocolDocument('DeclarationItemsResponse', manifest)).toEqual([]);
  expect(manifest.DeclarationsToken).toBe(tokens.json().SyncTokens.DeclarationsToken);
  const fetched: { Type: string; Identifier: string; ServerToken: string; Payload: Record<string, unknown> }[] = [];
  for (const [key, kind] of [
    ['Activations', 'activation'],
    ['Configurations', 'configuration'],
    ['Assets', 'asset'],
    ['Management', 'management'],
  ]) {
    for (const item of manifest.Declarations[key] as { Identifier: string; ServerToken: string }[]) {
      const res = await ddm(t, phone, `declaration/${kind}/${item.Identifier}`);
      expect(res.statusCode, item.Identifier).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      const declaration = res.json();
      expect(validateDeclaration(declaration), item.Identifier).toEqual([]);
      expect(declaration.ServerToken).toBe(item.ServerToken);
      fetched.push(declaration);
    }
  }
  return { token: manifest.DeclarationsToken as string, manifest, fetched };
}

describe('who may speak DDM', () => {
  it('refuses an unsigned sender, a stranger’s UDID and a released phone, never with 401', async () => {
    const store = await t.newStore();
    const phone = await enrolledPhone(t, store.id);
    const body = Buffer.from(buildPlist({ MessageType: 'DeclarativeManagement', UDID: phone.udid, Endpoint: 'tokens' }));
    const unsigned = await t.app.inject({
      method: 'PUT',
      url: '/mdm/checkin',
      headers: { 'content-type': 'application/x-apple-aspen-mdm-checkin' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(403);
    const other = await enrolledPhone(t, store.id);
    const mismatch = await checkin(t, phone, { MessageType: 'DeclarativeManagement', UDID: other.udid, Endpoint: 'tokens' });
    expect(mismatch.statusCode).toBe(403);
    // A certificate our CA issued, but for no enrolment (its phone never authenticated).
    await t.db.delete(mdmEnrollment).where(eq(mdmEnrollment.deviceId, other.deviceId));
    expect((await ddm(t, other, 'tokens')).statusCode).toBe(403);
    await t.db.update(mdmEnrollment).set({ released: true }).where(eq(mdmEnrollment.deviceId, phone.deviceId));
    const released = await ddm(t, phone, 'tokens');
    expect(released.statusCode).toBe(403);
    expect(released.json().code).toBe('com.apple.unrecognized.device');
  });
});

describe('the DDM round trip', () => {
  it('tokens → declaration-items → each declaration → status, all as Apple’s schemas say', async () => {
    const store = await t.newStore({ storeName: '华强北租机店' });
    const phone = await enrolledPhone(t, store.id);
    const { fetched } = await sync(phone);
    expect(fetched.map((d) => d.Type).sort()).toEqual([
      'com.apple.activation.simple',
      'com.apple.configuration.management.status-subscriptions',
      'com.apple.management.organization-info',
    ]);
    expect(fetched.find((d) => d.Type === 'com.apple.management.organization-info')?.Payload).toEqual({ Name: '华强北租机店' });
    expect(validateStatusReport(fullReport)).toEqual([]);
    const status = await ddm(t, phone, 'status', fullReport);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.body).toBe('');
  });

  it('answers 404 for a declaration the phone does not have and 400 for malformed Data, never 500', async () => {
    const store = await t.newStore();
    const phone = await enrolledPhone(t, store.id);
    expect((await ddm(t, phone, 'declaration/configuration/lease.nothing')).statusCode).toBe(404);
    expect((await ddm(t, phone, 'declaration/profile/lease.ddm.activation')).statusCode).toBe(404);
    expect((await ddm(t, phone, 'declaration/management/lease.ddm.activation')).statusCode).toBe(404);
    expect((await ddm(t, phone, 'nonsense')).statusCode).toBe(400);
    expect((await ddm(t, phone, 'status')).statusCode).toBe(400);
    expect((await ddm(t, phone, 'status', Buffer.from('{not json'))).statusCode).toBe(400);
    expect((await ddm(t, phone, 'status', { Errors: [] })).statusCode).toBe(400);
    expect((await ddm(t, phone, 'status', { StatusItems: {}, Errors: 'none' })).statusCode).toBe(400);
    expect((await ddm(t, phone, 'status', [1, 2])).statusCode).toBe(400);
  });
});

describe('declarations reach exactly the phones they concern', () => {
  it('a store default queues one DeclarativeManagement per capable phone of that store, none elsewhere', async () => {
    const [storeA, storeB] = [await t.newStore(), await t.newStore()];
    const [a1, a2, own, old] = [
      await enrolledPhone(t, storeA.id),
      await enrolledPhone(t, storeA.id, '17.5'),
      await enrolledPhone(t, storeA.id),
      await enrolledPhone(t, storeA.id, '15.7'),
    ];
    const b1 = await enrolledPhone(t, storeB.id);
    const all = [a1, a2, own, old, b1].map((p) => p.deviceId);
    await t.db.transaction((tx) => port().setDeviceDeclaration(tx, own.deviceId, deferral(10)));
    for (const p of [a1, a2, own, b1]) await sync(p);
    const before = {
      a1: (await ddm(t, a1, 'tokens')).json().SyncTokens.DeclarationsToken,
      b1: (await ddm(t, b1, 'tokens')).json().SyncTokens.DeclarationsToken,
    };

    const queued = await t.db.transaction(async (tx) => {
      const changed = await port().setStoreDeclaration(tx, storeA.id, deferral(30));
      expect(changed.sort()).toEqual([a1, a2, old].map((p) => p.deviceId).sort());
      return port().queueSync(tx, changed);
    });
    expect(queued.sort()).toEqual([a1, a2].map((p) => p.deviceId).sort());
    expect(await pendingSyncs(all)).toEqual({ [a1.deviceId]: 1, [a2.deviceId]: 1, [own.deviceId]: 0, [old.deviceId]: 0, [b1.deviceId]: 0 });

    // Again, and the same content once more: nothing new is queued.
    expect(await t.db.transaction((tx) => port().queueSync(tx, all))).toEqual([]);
    expect(await t.db.transaction((tx) => port().setStoreDeclaration(tx, storeA.id, deferral(30)))).toEqual([]);
    expect(Object.values(await pendingSyncs(all))).toEqual([1, 1, 0, 0, 0]);

    // The command announces the new token, which the phone then finds at the tokens endpoint.
    const [command] = await t.db
      .select({ payload: mdmCommand.payload })
      .from(mdmCommand)
      .where(and(eq(mdmCommand.deviceId, a1.deviceId), eq(mdmCommand.requestType, 'DeclarativeManagement')));
    const data = JSON.parse((parsePlistDict(command.payload).Command as { Data: Buffer }).Data.toString('utf8'));
    const { token, fetched } = await sync(a1);
    expect(token).not.toBe(before.a1);
    expect(data.SyncTokens.DeclarationsToken).toBe(token);
    expect(fetched.find((d) => d.Identifier === 'lease.os-update.deferral')?.Payload).toEqual({ Deferrals: { CombinedPeriodInDays: 30 } });
    expect(fetched.find((d) => d.Type === 'com.apple.activation.simple')?.Payload.StandardConfigurations).toContain('lease.os-update.deferral');
    expect((await ddm(t, b1, 'tokens')).json().SyncTokens.DeclarationsToken).toBe(before.b1);

    // A newer change replaces the waiting sync instead of adding a second one.
    await t.db.transaction(async (tx) => port().queueSync(tx, await port().setStoreDeclaration(tx, storeA.id, deferral(45))));
    expect((await pendingSyncs([a1.deviceId, a2.deviceId]))[a2.deviceId]).toBe(1);
  });

  it('one store’s phone cannot fetch another store’s or another phone’s declaration', async () => {
    const [storeA, storeB] = [await t.newStore(), await t.newStore()];
    const [a1, a2, b1] = [await enrolledPhone(t, storeA.id), await enrolledPhone(t, storeA.id), await enrolledPhone(t, storeB.id)];
    await t.db.transaction(async (tx) => {
      await port().setStoreDeclaration(tx, storeA.id, deferral(30));
      await port().setDeviceDeclaration(tx, a1.deviceId, {
        type: 'com.apple.configuration.softwareupdate.enforcement.specific',
        identifier: 'lease.os-update.enforcement',
        payload: { TargetOSVersion: '18.2', TargetLocalDateTime: '2026-12-10T20:00:00' },
      });
    });
    expect((await ddm(t, a1, 'declaration/configuration/lease.os-update.deferral')).statusCode).toBe(200);
    expect((await ddm(t, b1, 'declaration/configuration/lease.os-update.deferral')).statusCode).toBe(404);
    expect((await ddm(t, a1, 'declaration/configuration/lease.os-update.enforcement')).statusCode).toBe(200);
    expect((await ddm(t, a2, 'declaration/configuration/lease.os-update.enforcement')).statusCode).toBe(404);
    expect((await sync(b1)).manifest.Declarations.Configurations.map((c: { Identifier: string }) => c.Identifier)).toEqual(['lease.ddm.status-subscriptions']);
  });

  it('refuses declarations that would shadow the built-ins or are not declarations', async () => {
    const store = await t.newStore();
    const bad = [
      { ...deferral(1), identifier: 'lease.ddm.status-subscriptions' },
      { ...deferral(1), type: 'com.example.thing' },
      { ...deferral(1), identifier: 'x'.repeat(65) },
      { ...deferral(1), identifier: 'lease/one' },
      { ...deferral(1), identifier: 'lease.one\nconfiguration/lease.two' },
    ];
    for (const d of bad) await expect(t.db.transaction((tx) => port().setStoreDeclaration(tx, store.id, d))).rejects.toThrow();
  });
});

describe('switching DDM on', () => {
  const tokenUpdate = (phone: DdmTestPhone) =>
    checkin(t, phone, { MessageType: 'TokenUpdate', Topic: 'com.apple.mgmt.test', UDID: phone.udid, Token: Buffer.alloc(32, 7), PushMagic: 'MAGIC' });

  it('queues DeclarativeManagement when a capable phone enrols, and when a DeviceInformation answer makes it capable', async () => {
    const store = await t.newStore();
    const [modern, old] = [await enrolledPhone(t, store.id, '18.1'), await enrolledPhone(t, store.id, '15.8')];
    await t.db
      .update(mdmEnrollment)
      .set({ tokenUpdatedAt: null })
      .where(inArray(mdmEnrollment.deviceId, [modern.deviceId, old.deviceId]));
    expect((await tokenUpdate(modern)).statusCode).toBe(200);
    expect((await tokenUpdate(old)).statusCode).toBe(200);
    expect(await pendingSyncs([modern.deviceId, old.deviceId])).toEqual({ [modern.deviceId]: 1, [old.deviceId]: 0 });

    // The old phone answers DeviceInformation after an update to iOS 17: the sync is served in the same session.
    const [info] = await t.db
      .select({ id: mdmCommand.id })
      .from(mdmCommand)
      .where(and(eq(mdmCommand.deviceId, old.deviceId), eq(mdmCommand.requestType, 'DeviceInformation')));
    const answer = Buffer.from(
      buildPlist({ UDID: old.udid, CommandUUID: info.id, Status: 'Acknowledged', QueryResponses: { OSVersion: '17.0', UDID: old.udid } }),
    );
    const { mdmSignature } = await import('../../../../../../packages/device-sim/src/ios/mdm-signature.ts');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/mdm/connect',
      headers: { 'content-type': 'application/x-apple-aspen-mdm', 'mdm-signature': mdmSignature(answer, old.identity) },
      payload: answer,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await pendingSyncs([old.deviceId]))[old.deviceId]).toBe(1);

    // An error answer is remembered: the same set is not sent again, a changed one is.
    const [sync] = await t.db
      .select({ id: mdmCommand.id })
      .from(mdmCommand)
      .where(and(eq(mdmCommand.deviceId, old.deviceId), eq(mdmCommand.requestType, 'DeclarativeManagement'), inArray(mdmCommand.status, ['queued', 'sent'])));
    const refusal = Buffer.from(
      buildPlist({ UDID: old.udid, CommandUUID: sync.id, Status: 'Error', ErrorChain: [{ ErrorCode: 12021, ErrorDomain: 'MCMDMErrorDomain' }] }),
    );
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/mdm/connect',
      headers: { 'content-type': 'application/x-apple-aspen-mdm', 'mdm-signature': mdmSignature(refusal, old.identity) },
      payload: refusal,
    });
    expect(refused.statusCode).toBe(200);
    expect(await t.db.transaction((tx) => port().queueSync(tx, [old.deviceId]))).toEqual([]);
    expect(await t.db.transaction(async (tx) => port().queueSync(tx, await port().setStoreDeclaration(tx, store.id, deferral(5))))).toContain(old.deviceId);
  });

  it('gives the phones of a renamed store one sync each (organization-info), and none for a save that keeps the name', async () => {
    const store = await t.newStore({ storeName: '旧店名' });
    const admin = await t.signedIn({ storeId: store.id, isAdmin: true });
    const phone = await enrolledPhone(t, store.id);
    await sync(phone);
    const rename = (store_name: string) => t.app.inject({ method: 'PUT', url: '/api/store/info', headers: admin.headers, payload: { store_name } });
    expect((await rename('旧店名')).statusCode).toBe(200);
    expect(await pendingSyncs([phone.deviceId])).toEqual({ [phone.deviceId]: 0 });
    expect((await rename('新店名')).statusCode).toBe(200);
    expect(await pendingSyncs([phone.deviceId])).toEqual({ [phone.deviceId]: 1 });
    const { fetched } = await sync(phone);
    expect(fetched.find((d) => d.Type === 'com.apple.management.organization-info')?.Payload).toEqual({ Name: '新店名' });
  });
});

describe('status reports', () => {
  it('are stored incrementally, update the device record and tell the listeners only what changed', async () => {
    const store = await t.newStore();
    const phone = await enrolledPhone(t, store.id, '18.0');
    const heard: StatusValues[] = [];
    port().onStatus(async (_tx, deviceId, changed) => {
      if (deviceId === phone.deviceId) heard.push(changed);
    });
    expect((await ddm(t, phone, 'status', fullReport)).statusCode).toBe(200);
    const [device] = await t.db.select().from(iosDevice).where(eq(iosDevice.id, phone.deviceId));
    expect(device.osVersion).toBe('18.1');
    expect(device.batteryHealth).toBe('service-recommended');
    const declarations = await t.db.select().from(ddmDeclarationStatus).where(eq(ddmDeclarationStatus.deviceId, phone.deviceId));
    expect(declarations.find((d) => d.identifier === 'lease.os-update.enforcement')).toMatchObject({
      kind: 'configuration',
      active: false,
      valid: 'invalid',
      reasons: [expect.objectContaining({ code: 'Error.ConfigurationCannotBeApplied' })],
    });

    const partial = {
      StatusItems: {
        passcode: { 'is-present': false },
        device: { 'operating-system': { version: '18.1' } },
        mdm: {
          app: [
            { identifier: 'com.tencent.xin', _removed: true },
            { identifier: 'com.taobao.taobao4iphone', name: '淘宝', state: 'managed' },
          ],
        },
      },
      Errors: [],
    };
    expect(validateStatusReport(partial)).toEqual([]);
    expect((await ddm(t, phone, 'status', partial)).statusCode).toBe(200);
    const status = await port().statusOf(phone.deviceId);
    expect(status['passcode.is-present']).toBe(false);
    expect(status['device.operating-system.version']).toBe('18.1');
    expect(status['device.power.battery-health']).toBe('service-recommended');
    expect(status['softwareupdate.pending-version']).toEqual({ 'build-version': '', 'os-version': '' });
    expect((status['mdm.app'] as { identifier: string }[]).map((a) => a.identifier).sort()).toEqual([
      'com.eg.android.AlipayGphone',
      'com.taobao.taobao4iphone',
    ]);
    expect(heard).toHaveLength(2);
    expect(Object.keys(heard[0])).toContain('softwareupdate.install-state');
    expect(Object.keys(heard[1]).sort()).toEqual(['mdm.app', 'passcode.is-present']);
  });

  it('keep raw reports 7 days and at most the newest 50 per phone', async () => {
    const store = await t.newStore();
    const [busy, quiet] = [await enrolledPhone(t, store.id), await enrolledPhone(t, store.id)];
    const old = new Date(Date.now() - 8 * 86_400_000);
    const report = { StatusItems: {}, Errors: [] };
    await t.db.insert(ddmStatusReport).values([
      ...Array.from({ length: REPORT_RETENTION.perDevice + 5 }, (_, i) => ({
        deviceId: busy.deviceId,
        report,
        receivedAt: new Date(Date.now() - i * 60_000),
      })),
      { deviceId: quiet.deviceId, report, receivedAt: old },
      { deviceId: quiet.deviceId, report, receivedAt: new Date() },
    ]);
    expect(await t.app.mdm.ddm.prune()).toBeGreaterThanOrEqual(6);
    const left = async (deviceId: string) => (await t.db.select({ n: count() }).from(ddmStatusReport).where(eq(ddmStatusReport.deviceId, deviceId)))[0].n;
    expect(Number(await left(busy.deviceId))).toBe(REPORT_RETENTION.perDevice);
    expect(Number(await left(quiet.deviceId))).toBe(1);
  });
});

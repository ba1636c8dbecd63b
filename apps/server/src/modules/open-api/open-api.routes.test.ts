import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LockStatus, OperationStatus } from '@lease/shared';
import { TEST_PASSWORD, type TestApp } from '../../test/build-test-app.ts';
import { type MdmHarness, startMdmHarness, waitFor } from '../../test/mdm-harness.ts';
import { mdmCommand } from '../../mdm/apple/mdm.table.ts';
import { androidCommand } from '../../mdm/android/android-agent.table.ts';
import { androidDevice } from '../../domain/android-device.table.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { webhookEvent } from '../../domain/webhook.table.ts';
import { createApiKeyRepo } from '../api-key/api-key.repo.ts';
import { openApiNonce } from '../../domain/store-api.table.ts';
import { nonceCleanupJob } from './nonce-cleanup.job.ts';
import { type ApiCredentials, enableOpenApi, signedHeaders as signedHeadersFor, signedInject } from './open-api.test-kit.ts';

let h: MdmHarness;
let t: TestApp;
beforeAll(async () => {
  h = await startMdmHarness({ WEBHOOK_ALLOW_PRIVATE: '1' });
  t = h.t;
});
afterAll(() => h.close());

/** A store with its admin, an enabled key pair, one iPhone and one Android phone. */
async function shop(name: string, settings: Parameters<typeof enableOpenApi>[2] = {}) {
  const store = await t.newStore({ storeName: name });
  const { headers } = await t.signedIn({ storeId: store.id, isAdmin: true });
  const creds = await enableOpenApi(t, headers, settings);
  const ios = await t.newIosDevice({ storeId: store.id, enrolled: true, imei1: '356789101234567', hirerName: '张三', hirerPhoneNumber: '13912345678' });
  const [android] = await t.db
    .insert(androidDevice)
    .values({
      storeId: store.id,
      serialNumber: `AND${ios.serialNumber}`,
      imei1: '861234567890123',
      hirerPhoneNumber: '13700001111',
      brand: 'honor',
      model: 'PGT-AN10',
    })
    .returning();
  return { store, admin: headers, creds, ios, android };
}

const call = (creds: ApiCredentials, method: 'GET' | 'POST', url: string, body?: unknown, extra: Partial<Parameters<typeof signedInject>[2]> = {}) =>
  signedInject(t, creds, { method, url, body, ...extra });

describe('open API authentication', () => {
  let a: Awaited<ReturnType<typeof shop>>;
  beforeAll(async () => {
    a = await shop('签名门店');
  });

  it('answers a correctly signed request', async () => {
    const res = await call(a.creds, 'GET', '/open/v1/ping');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, store_id: a.store.id });
  });

  it('signs the query string too: a changed query is refused', async () => {
    const ok = await call(a.creds, 'GET', '/open/v1/devices?page_size=5');
    expect(ok.statusCode).toBe(200);
    // Sign one URL, send another.
    const headers = signedHeadersFor(a.creds, 'GET', '/open/v1/devices?page_size=5', '');
    const forged = await t.app.inject({ method: 'GET', url: '/open/v1/devices?page_size=50', headers, remoteAddress: '203.0.113.7' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toContain('签名错误');
  });

  it('signs the body: a changed body is refused and the device is not touched', async () => {
    const headers = {
      ...signedHeadersFor(a.creds, 'POST', `/open/v1/devices/ios/${a.ios.id}/hirer`, JSON.stringify({ hirer_name: '李四' })),
      'content-type': 'application/json',
    };
    const res = await t.app.inject({
      method: 'POST',
      url: `/open/v1/devices/ios/${a.ios.id}/hirer`,
      headers,
      payload: JSON.stringify({ hirer_name: '王五' }),
      remoteAddress: '203.0.113.7',
    });
    expect(res.statusCode).toBe(401);
    const [d] = await t.db.select().from(iosDevice).where(eq(iosDevice.id, a.ios.id));
    expect(d.hirerName).toBe('张三');
  });

  // Timestamps are computed when each test runs, rounded to whole seconds away from the edge they test: toward now
  // for those meant to pass, away from now for those meant to fail, so neither rounding nor the request's own time
  // moves them across the ±300 s edge.
  const secondsFromNow = (offset: number, edge: 'inside' | 'outside' = 'outside') => {
    const now = Date.now() / 1000;
    return String((offset < 0 === (edge === 'outside') ? Math.floor(now) : Math.ceil(now)) + offset);
  };
  it.each([
    ['a wrong secret', () => ({ signWith: 'sk_not-the-secret' }), 401, '签名错误'],
    ['a timestamp 301 s old', () => ({ timestamp: secondsFromNow(-301) }), 401, 'X-Timestamp'],
    ['a timestamp 301 s ahead', () => ({ timestamp: secondsFromNow(301) }), 401, 'X-Timestamp'],
    ['a timestamp 400 s ahead', () => ({ timestamp: secondsFromNow(400) }), 401, 'X-Timestamp'],
    ['a timestamp in milliseconds', () => ({ timestamp: String(Date.now()) }), 401, 'X-Timestamp'],
    ['a non-numeric timestamp', () => ({ timestamp: 'yesterday' }), 401, 'X-Timestamp'],
    ['a nonce of 8 characters', () => ({ nonce: 'abcd1234' }), 401, 'X-Nonce'],
    ['a nonce with spaces', () => ({ nonce: 'abcd1234 abcd1234 ab' }), 401, 'X-Nonce'],
    ['no X-Api-Key', () => ({ omit: ['x-api-key'] }), 401, 'X-Api-Key'],
    ['no X-Timestamp', () => ({ omit: ['x-timestamp'] }), 401, 'X-Timestamp'],
    ['no X-Nonce', () => ({ omit: ['x-nonce'] }), 401, 'X-Nonce'],
    ['no X-Signature', () => ({ omit: ['x-signature'] }), 401, 'X-Signature'],
  ])('refuses %s', async (_name, forge, status, text) => {
    const res = await signedInject(t, a.creds, { method: 'GET', url: '/open/v1/devices', ...forge() });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(text);
  });

  it.each([-299, 299])('accepts a timestamp %i s from now (the window is ±300 s)', async (offset) => {
    const res = await signedInject(t, a.creds, { method: 'GET', url: '/open/v1/ping', timestamp: secondsFromNow(offset, 'inside') });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses an unknown key and a signature that is not hex', async () => {
    const unknown = await signedInject(t, { apiKey: 'ak_000000000000000000000000', secret: a.creds.secret }, { method: 'GET', url: '/open/v1/ping' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('API Key 无效');
    const headers = { ...signedHeadersFor(a.creds, 'GET', '/open/v1/ping', ''), 'x-signature': 'zz'.repeat(32) };
    const notHex = await t.app.inject({ method: 'GET', url: '/open/v1/ping', headers, remoteAddress: '203.0.113.7' });
    expect(notHex.statusCode).toBe(401);
  });

  it('accepts a nonce once: the same request replayed is refused', async () => {
    const nonce = 'replay-nonce-0123456789';
    const first = await call(a.creds, 'GET', '/open/v1/ping', undefined, { nonce });
    expect(first.statusCode).toBe(200);
    const replay = await call(a.creds, 'GET', '/open/v1/ping', undefined, { nonce });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toContain('X-Nonce 已使用过');
  });

  it('forgets nonces once their timestamps are past the window, so the ledger stays small', async () => {
    const nonce = 'prune-me-nonce-0123456789';
    expect((await call(a.creds, 'GET', '/open/v1/ping', undefined, { nonce })).statusCode).toBe(200);
    const fresh = 'keep-me-nonce-0123456789';
    expect((await call(a.creds, 'GET', '/open/v1/ping', undefined, { nonce: fresh })).statusCode).toBe(200);
    await t.db
      .update(openApiNonce)
      .set({ dateCreated: new Date(Date.now() - 20 * 60_000) })
      .where(eq(openApiNonce.nonce, nonce));
    await nonceCleanupJob(createApiKeyRepo(t.db)).run();
    const left = (await t.db.select().from(openApiNonce).where(eq(openApiNonce.storeId, a.store.id))).map((n) => n.nonce);
    expect(left).not.toContain(nonce);
    expect(left).toContain(fresh);
  });

  it('never answers junk with a 500', async () => {
    const bad = [
      await call(a.creds, 'GET', '/open/v1/devices/ios/not-a-uuid'),
      await call(a.creds, 'GET', `/open/v1/devices/windows/${a.ios.id}`),
      await call(a.creds, 'GET', '/open/v1/devices?page_size=500'),
      await call(a.creds, 'POST', `/open/v1/devices/ios/${a.ios.id}/lock`, { message: '' }),
      await call(a.creds, 'POST', `/open/v1/devices/ios/${a.ios.id}/hirer`, ['not', 'an', 'object']),
    ];
    for (const res of bad) {
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    // A signed body that is not JSON at all.
    const text = '{"hirer_name": ';
    const headers = { ...signedHeadersFor(a.creds, 'POST', `/open/v1/devices/ios/${a.ios.id}/hirer`, text), 'content-type': 'application/json' };
    const notJson = await t.app.inject({ method: 'POST', url: `/open/v1/devices/ios/${a.ios.id}/hirer`, headers, payload: text, remoteAddress: '203.0.113.7' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toContain('JSON');
    const unknown = await call(a.creds, 'GET', '/open/v1/nothing-here');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('open API refusals from the store settings', () => {
  it('refuses a caller outside the IP whitelist, and accepts listed IPv4 (also IPv4-mapped) and IPv6 callers', async () => {
    const s = await shop('白名单门店', { ip_white_list: '198.51.100.1,2001:db8::7' });
    const outside = await call(s.creds, 'GET', '/open/v1/ping', undefined, { ip: '203.0.113.7' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toContain('203.0.113.7');
    expect((await call(s.creds, 'GET', '/open/v1/ping', undefined, { ip: '198.51.100.1' })).statusCode).toBe(200);
    expect((await call(s.creds, 'GET', '/open/v1/ping', undefined, { ip: '::ffff:198.51.100.1' })).statusCode).toBe(200);
    expect((await call(s.creds, 'GET', '/open/v1/ping', undefined, { ip: '2001:0db8:0:0:0:0:0:7' })).statusCode).toBe(200);
  });

  it('refuses every call while the API is disabled', async () => {
    const s = await shop('关闭门店');
    await t.app.inject({ method: 'POST', url: '/api/store/api-key/enabled', headers: s.admin, payload: { enabled: false, password: TEST_PASSWORD } });
    const res = await call(s.creds, 'GET', '/open/v1/devices');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('门店未开启开放接口');
  });

  it('refuses the old pair once a new one is generated', async () => {
    const s = await shop('换钥门店');
    const gen = await t.app.inject({ method: 'POST', url: '/api/store/api-key/generate', headers: s.admin, payload: { password: TEST_PASSWORD } });
    expect((await call(s.creds, 'GET', '/open/v1/ping')).statusCode).toBe(401);
    const fresh = { apiKey: gen.json().api_key, secret: gen.json().api_secret_key };
    expect((await call(fresh, 'GET', '/open/v1/ping')).statusCode).toBe(200);
    // The old key with the new secret is no better.
    expect((await call({ apiKey: s.creds.apiKey, secret: fresh.secret }, 'GET', '/open/v1/ping')).statusCode).toBe(401);
  });
});

describe('open API devices', () => {
  let a: Awaited<ReturnType<typeof shop>>;
  let b: Awaited<ReturnType<typeof shop>>;
  beforeAll(async () => {
    a = await shop('甲门店');
    b = await shop('乙门店');
  });

  it('lists the store’s iPhones and Android phones, and only those', async () => {
    const res = await call(a.creds, 'GET', '/open/v1/devices');
    expect(res.statusCode).toBe(200);
    const { list, total } = res.json();
    expect(total).toBe(2);
    expect(list.map((d: { id: string }) => d.id).sort()).toEqual([a.ios.id, a.android.id].sort());
    const iphone = list.find((d: { platform: string }) => d.platform === 'ios');
    expect(iphone).toMatchObject({
      serial_number: a.ios.serialNumber,
      imei_1: '356789101234567',
      hirer_name: '张三',
      hirer_phone_number: '13912345678',
      lock_status: 0,
      archived: false,
    });
    const phone = list.find((d: { platform: string }) => d.platform === 'android');
    expect(phone).toMatchObject({ imei_1: '861234567890123', model: 'honor PGT-AN10' });
  });

  it('filters by platform, serial, IMEI and hirer phone, and pages', async () => {
    const ids = async (query: string) => (await call(a.creds, 'GET', `/open/v1/devices?${query}`)).json().list.map((d: { id: string }) => d.id);
    expect(await ids('platform=android')).toEqual([a.android.id]);
    expect(await ids(`serial_number=${a.ios.serialNumber.slice(0, 6).toLowerCase()}`)).toEqual([a.ios.id]);
    expect(await ids('imei=8612345')).toEqual([a.android.id]);
    expect(await ids('hirer_phone_number=1391234')).toEqual([a.ios.id]);
    // B's phones share the IMEI prefix and phone number pattern but are never listed for A.
    expect(await ids('imei=356789')).toEqual([a.ios.id]);
    const page = (await call(a.creds, 'GET', '/open/v1/devices?page_size=1&page_num=1')).json();
    expect(page.total).toBe(2);
    expect(page.list).toHaveLength(1);
  });

  it('looks up one device, and answers 404 for another store’s ids on every call', async () => {
    const mine = await call(a.creds, 'GET', `/open/v1/devices/ios/${a.ios.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().id).toBe(a.ios.id);
    expect((await call(a.creds, 'GET', `/open/v1/devices/android/${a.ios.id}`)).statusCode).toBe(404);

    for (const [platform, id] of [
      ['ios', b.ios.id],
      ['android', b.android.id],
    ] as const) {
      expect((await call(a.creds, 'GET', `/open/v1/devices/${platform}/${id}`)).statusCode).toBe(404);
      expect((await call(a.creds, 'POST', `/open/v1/devices/${platform}/${id}/lock`, { message: '请还款' })).statusCode).toBe(404);
      expect((await call(a.creds, 'POST', `/open/v1/devices/${platform}/${id}/unlock`)).statusCode).toBe(404);
      expect((await call(a.creds, 'POST', `/open/v1/devices/${platform}/${id}/hirer`, { hirer_name: '冒名', hirer_phone_number: '' })).statusCode).toBe(404);
    }
    const [bIos] = await t.db.select().from(iosDevice).where(eq(iosDevice.id, b.ios.id));
    expect(bIos).toMatchObject({ hirerName: '张三', lockStatus: LockStatus.UNLOCKED });
    const [bAndroid] = await t.db.select().from(androidDevice).where(eq(androidDevice.id, b.android.id));
    expect(bAndroid.hirerName).toBe('');
    expect(
      await t.db
        .select()
        .from(operationLog)
        .where(and(eq(operationLog.storeId, b.store.id), inArray(operationLog.deviceId, [b.ios.id, b.android.id]))),
    ).toHaveLength(0);
    expect(await t.db.select().from(mdmCommand).where(eq(mdmCommand.deviceId, b.ios.id))).toHaveLength(0);
  });

  it('updates the hirer and logs it with no clerk, marked as via open-api', async () => {
    const res = await call(a.creds, 'POST', `/open/v1/devices/android/${a.android.id}/hirer`, { hirer_name: '李四', hirer_phone_number: '13800138000' });
    expect(res.statusCode).toBe(200);
    const [d] = await t.db.select().from(androidDevice).where(eq(androidDevice.id, a.android.id));
    expect(d).toMatchObject({ hirerName: '李四', hirerPhoneNumber: '13800138000' });
    const [op] = await t.db.select().from(operationLog).where(eq(operationLog.id, res.json().operation_log_id));
    expect(op).toMatchObject({ clerkId: null, action: 'update-hirer', platform: 'android', status: OperationStatus.DONE });
    expect(op.detail).toMatchObject({ via: 'open-api', hirer_name: '李四' });
  });

  it('locks and unlocks an Android phone through the Android operation service, logged via open-api', async () => {
    const badPhone = await call(a.creds, 'POST', `/open/v1/devices/android/${a.android.id}/lock`, { message: '请还款', phone_number: '075512' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().message).toContain('固定电话');

    const res = await call(a.creds, 'POST', `/open/v1/devices/android/${a.android.id}/lock`, { message: '请还款', phone_number: '13800138000' });
    expect(res.statusCode).toBe(200);
    const [cmd] = await t.db.select().from(androidCommand).where(eq(androidCommand.operationLogId, res.json().operation_log_id));
    expect(cmd).toMatchObject({ deviceId: a.android.id, type: 'lock', payload: { message: '请还款', phone_number: '13800138000' } });
    const [op] = await t.db.select().from(operationLog).where(eq(operationLog.id, res.json().operation_log_id));
    expect(op).toMatchObject({ clerkId: null, action: 'lock', platform: 'android' });
    expect(op.detail).toMatchObject({ via: 'open-api' });
    const [d] = await t.db.select().from(androidDevice).where(eq(androidDevice.id, a.android.id));
    expect(d.lockStatus).toBe(LockStatus.LOCKING);

    const unlock = await call(a.creds, 'POST', `/open/v1/devices/android/${a.android.id}/unlock`);
    expect(unlock.statusCode).toBe(200);
    const [un] = await t.db.select().from(androidCommand).where(eq(androidCommand.operationLogId, unlock.json().operation_log_id));
    expect(un.type).toBe('unlock');
  });
});

describe('open API lock reaches the iPhone', () => {
  it('queues EnableLostMode, the simulated iPhone enters Lost Mode, and the store hears device.locked', async () => {
    const store = await t.newStore({ storeName: '真机门店' });
    const { headers } = await t.signedIn({ storeId: store.id, isAdmin: true });
    const creds = await enableOpenApi(t, headers, { callback_url: 'http://127.0.0.1:9/hook' });
    const { phone, deviceId } = await h.newPhone(headers);
    await waitFor(async () => (await t.db.select().from(iosDevice).where(eq(iosDevice.id, deviceId)))[0]?.factsUpdatedAt);

    const res = await call(creds, 'POST', `/open/v1/devices/ios/${deviceId}/lock`, { message: '请尽快联系门店', phone_number: '4008001234' });
    expect(res.statusCode).toBe(200);
    const { operation_log_id } = res.json();
    const [cmd] = await t.db
      .select()
      .from(mdmCommand)
      .where(and(eq(mdmCommand.deviceId, deviceId), eq(mdmCommand.requestType, 'EnableLostMode')));
    expect(cmd.operationLogId).toBe(operation_log_id);

    await waitFor(() => phone.state.lostMode.enabled);
    expect(phone.state.lostMode).toMatchObject({ message: '请尽快联系门店', phoneNumber: '4008001234' });
    await waitFor(async () => (await t.db.select().from(operationLog).where(eq(operationLog.id, operation_log_id)))[0].status === OperationStatus.DONE);
    const [op] = await t.db.select().from(operationLog).where(eq(operationLog.id, operation_log_id));
    expect(op).toMatchObject({ clerkId: null, action: 'lock' });
    expect(op.detail).toMatchObject({ via: 'open-api', message: '请尽快联系门店' });

    const events = await t.db
      .select()
      .from(webhookEvent)
      .where(and(eq(webhookEvent.storeId, store.id), eq(webhookEvent.type, 'device.locked')));
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ type: 'device.locked', platform: 'ios', device: { id: deviceId, lock_status: LockStatus.LOCKED } });

    const unlock = await call(creds, 'POST', `/open/v1/devices/ios/${deviceId}/unlock`);
    expect(unlock.statusCode).toBe(200);
    await waitFor(() => !phone.state.lostMode.enabled);
    await waitFor(
      async () =>
        (
          await t.db
            .select()
            .from(webhookEvent)
            .where(and(eq(webhookEvent.storeId, store.id), eq(webhookEvent.type, 'device.unlocked')))
        ).length === 1,
    );
  });
});

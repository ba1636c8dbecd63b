import { createHmac, createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EnrollmentStatus } from '@lease/shared';
import { TEST_PASSWORD, type TestApp } from '../../test/build-test-app.ts';
import { type MdmHarness, startMdmHarness, waitFor } from '../../test/mdm-harness.ts';
import { applyDeviceInformation } from '../../mdm/apple/device-facts.ts';
import { androidDevice } from '../../domain/android-device.table.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { enableOpenApi } from '../open-api/open-api.test-kit.ts';
import { emitDeviceEvent } from '../../domain/webhook-outbox.ts';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, WEBHOOK_RETENTION_DAYS, retryDelay, webhookRetentionJob } from './webhook-delivery.ts';
import { createWebhookRepo } from './webhook.repo.ts';
import { createOfflineWatch } from './webhook-offline.job.ts';
import { type Receiver, startReceiver } from './webhook-receiver.test-kit.ts';
import { webhookAttempt, webhookEvent } from '../../domain/webhook.table.ts';

let h: MdmHarness;
let t: TestApp;
const receivers: Receiver[] = [];
beforeAll(async () => {
  h = await startMdmHarness({ WEBHOOK_ALLOW_PRIVATE: '1' });
  t = h.t;
});
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
afterAll(() => h.close());

type Headers = { authorization: string };
const MINUTE = 60_000;

async function receiver(script: number[]) {
  const r = await startReceiver(script);
  receivers.push(r);
  return r;
}

/** A store whose API is on and whose callback points at `url`, with one iPhone. */
async function shop(url: string, offlineHours: number | null = null) {
  const store = await t.newStore();
  const { headers } = await t.signedIn({ storeId: store.id, isAdmin: true });
  const creds = await enableOpenApi(t, headers, { callback_url: url, offline_hours: offlineHours });
  const device = await t.newIosDevice({ storeId: store.id, enrolled: true, hirerName: '张三' });
  return { store, headers, creds, device };
}

const events = (storeId: string, type?: string) =>
  t.db
    .select()
    .from(webhookEvent)
    .where(and(eq(webhookEvent.storeId, storeId), type ? eq(webhookEvent.type, type) : undefined))
    .orderBy(asc(webhookEvent.dateCreated));
const deliveries = (headers: Headers, query = '') => t.app.inject({ method: 'GET', url: `/api/store/api-key/webhook-deliveries${query}`, headers });
// +1 ms: the database keeps microseconds, so an event queued in the same millisecond as Date.now() is due
// a fraction of a millisecond after it.
const deliverAt = (at: number) => t.webhookDelivery.deliverDue(new Date(at + 1));

describe('webhook delivery', () => {
  it('retries a failing receiver with backoff: 2 failures then success = 3 attempts, exactly one delivered entry', async () => {
    const r = await receiver([500, 503, 200]);
    const s = await shop(r.url());
    await emitDeviceEvent(t.db, { storeId: s.store.id, type: 'device.locked', platform: 'ios', deviceId: s.device.id });
    const start = Date.now();

    expect(await deliverAt(start)).toBe(1);
    expect(r.received).toHaveLength(1);
    const [afterFirst] = await events(s.store.id);
    expect(afterFirst).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    const wait = afterFirst.nextAttemptAt.getTime() - start;
    expect(wait).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[0] * 0.8);
    expect(wait).toBeLessThanOrEqual(RETRY_DELAYS_MS[0] * 1.2);

    expect(await deliverAt(start + 1000)).toBe(0); // not due yet
    expect(await deliverAt(start + MINUTE)).toBe(1);
    expect(await deliverAt(start + 20 * MINUTE)).toBe(1);
    expect(await deliverAt(start + 24 * 60 * MINUTE)).toBe(0); // delivered events are never sent again
    expect(r.received).toHaveLength(3);

    const [done] = await events(s.store.id);
    expect(done).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200, lastError: '' });
    const attempts = await t.db.select().from(webhookAttempt).where(eq(webhookAttempt.eventId, done.id)).orderBy(asc(webhookAttempt.attemptNo));
    expect(attempts.map((a) => [a.attemptNo, a.statusCode])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
    expect(attempts[0].error).toContain('HTTP 500');

    const delivered = (await deliveries(s.headers, '?status=delivered')).json();
    expect(delivered.total).toBe(1);
    expect(delivered.list[0]).toMatchObject({ id: done.id, type: 'device.locked', status: 'delivered', attempts: 3, serial_number: s.device.serialNumber });
    expect(delivered.list[0].attempt_list).toHaveLength(3);
    expect((await deliveries(s.headers, '?status=failed')).json().total).toBe(0);
  });

  it('sends each event once when several senders run at the same time (SKIP LOCKED claim)', async () => {
    const r = await receiver([200]);
    const s = await shop(r.url());
    for (let i = 0; i < 6; i++) await emitDeviceEvent(t.db, { storeId: s.store.id, type: 'device.locked', platform: 'ios', deviceId: s.device.id });
    const now = Date.now();
    const counts = await Promise.all([deliverAt(now), deliverAt(now), deliverAt(now)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(6);
    expect(r.received).toHaveLength(6);
    expect(new Set(r.received.map((x) => x.headers['x-event-id'])).size).toBe(6);
    const rows = await events(s.store.id);
    expect(rows.every((e) => e.status === 'delivered' && e.attempts === 1)).toBe(true);
  });

  it('signs each delivery with the store secret, over the exact body, with the documented headers', async () => {
    const r = await receiver([200]);
    const s = await shop(r.url('/cb/lease?token=abc'));
    await emitDeviceEvent(t.db, {
      storeId: s.store.id,
      type: 'device.location',
      platform: 'ios',
      deviceId: s.device.id,
      data: { latitude: 22.54, longitude: 114.05 },
    });
    await deliverAt(Date.now());
    const [req] = r.received;
    const body = JSON.parse(req.body);
    expect(body).toMatchObject({
      type: 'device.location',
      platform: 'ios',
      device: { id: s.device.id, serial_number: s.device.serialNumber, hirer_name: '张三' },
      data: { latitude: 22.54, longitude: 114.05 },
    });
    expect(body.id).toBe(req.headers['x-event-id']);
    expect(Date.parse(body.created_at)).not.toBeNaN();
    expect(req.headers['x-api-key']).toBe(s.creds.apiKey);
    expect(Math.abs(Number(req.headers['x-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(String(req.headers['x-nonce'])).toMatch(/^[0-9a-f]{32}$/);

    // What a receiver does, written out by hand from the docs.
    const canonical = [
      'POST',
      '/cb/lease?token=abc',
      req.headers['x-timestamp'],
      req.headers['x-nonce'],
      createHash('sha256').update(req.body).digest('hex'),
    ].join('\n');
    expect(req.headers['x-signature']).toBe(createHmac('sha256', s.creds.secret).update(canonical).digest('hex'));
    expect(req.headers['x-signature']).not.toBe(createHmac('sha256', 'sk_other').update(canonical).digest('hex'));
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts, then an admin re-sends it and it is delivered once`, async () => {
    const r = await receiver([500]);
    const s = await shop(r.url());
    await emitDeviceEvent(t.db, { storeId: s.store.id, type: 'device.offline', platform: 'ios', deviceId: s.device.id });
    let at = Date.now();
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      expect(await deliverAt(at)).toBe(1);
      at += 8 * 60 * MINUTE; // past the longest wait (6 h + 20 % jitter = 7.2 h)
    }
    expect(await deliverAt(at)).toBe(0);
    const [failed] = await events(s.store.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect((await deliveries(s.headers, '?status=failed')).json().list[0].id).toBe(failed.id);

    // Another store's admin cannot re-send it; re-sending a delivered or pending one is refused.
    const other = await t.signedIn({ isAdmin: true });
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/store/api-key/webhook-deliveries/resend',
      headers: other.headers,
      payload: { id: failed.id },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await events(s.store.id))[0].status).toBe('failed');

    r.script([200]);
    const resend = await t.app.inject({ method: 'POST', url: '/api/store/api-key/webhook-deliveries/resend', headers: s.headers, payload: { id: failed.id } });
    expect(resend.statusCode).toBe(200);
    expect(await deliverAt(Date.now())).toBe(1);
    const [done] = await events(s.store.id);
    expect(done).toMatchObject({ status: 'delivered', attempts: MAX_ATTEMPTS + 1 });
    const again = await t.app.inject({ method: 'POST', url: '/api/store/api-key/webhook-deliveries/resend', headers: s.headers, payload: { id: failed.id } });
    expect(again.statusCode).toBe(409);
    expect(r.received).toHaveLength(MAX_ATTEMPTS + 1);
  });

  it('does not send when the store turned its API off; the event is marked failed with the reason', async () => {
    const r = await receiver([200]);
    const s = await shop(r.url());
    await emitDeviceEvent(t.db, { storeId: s.store.id, type: 'device.locked', platform: 'ios', deviceId: s.device.id });
    await t.app.inject({ method: 'POST', url: '/api/store/api-key/enabled', headers: s.headers, payload: { enabled: false, password: TEST_PASSWORD } });
    await deliverAt(Date.now());
    expect(r.received).toHaveLength(0);
    const [e] = await events(s.store.id);
    expect(e.status).toBe('failed');
    expect(e.lastError).toContain('已关闭开放接口');
  });

  it('queues nothing for a store without a callback URL or with the API off', async () => {
    const quiet = await shop('');
    await emitDeviceEvent(t.db, { storeId: quiet.store.id, type: 'device.locked', platform: 'ios', deviceId: quiet.device.id });
    expect(await events(quiet.store.id)).toHaveLength(0);
    const r = await receiver([200]);
    const off = await shop(r.url());
    await t.app.inject({ method: 'POST', url: '/api/store/api-key/enabled', headers: off.headers, payload: { enabled: false, password: TEST_PASSWORD } });
    await emitDeviceEvent(t.db, { storeId: off.store.id, type: 'device.locked', platform: 'ios', deviceId: off.device.id });
    expect(await events(off.store.id)).toHaveLength(0);
  });

  it(`drops finished events after ${WEBHOOK_RETENTION_DAYS} days and keeps pending ones`, async () => {
    const s = await shop('http://127.0.0.1:9/hook');
    for (let i = 0; i < 3; i++) await emitDeviceEvent(t.db, { storeId: s.store.id, type: 'device.locked', platform: 'ios', deviceId: s.device.id });
    const [a, b] = await events(s.store.id);
    const old = new Date(Date.now() - (WEBHOOK_RETENTION_DAYS + 1) * 86_400_000);
    await t.db.update(webhookEvent).set({ dateCreated: old, status: 'delivered' }).where(eq(webhookEvent.id, a.id));
    await t.db.update(webhookEvent).set({ dateCreated: old }).where(eq(webhookEvent.id, b.id)); // still pending
    await webhookRetentionJob(createWebhookRepo(t.db)).run();
    const left = (await events(s.store.id)).map((e) => e.id);
    expect(left).not.toContain(a.id);
    expect(left).toContain(b.id);
    expect(left).toHaveLength(2);
  });

  it('spreads retries with jitter inside ±20 %', () => {
    expect(retryDelay(1, () => 0)).toBe(RETRY_DELAYS_MS[0] * 0.8);
    expect(retryDelay(1, () => 1)).toBe(RETRY_DELAYS_MS[0] * 1.2);
    expect(retryDelay(5, () => 0.5)).toBe(RETRY_DELAYS_MS[4]);
  });
});

describe('Apple engine events', () => {
  it('raises device.enrolled, locked, location, sim_changed and released where the facts change', async () => {
    const r = await receiver([200]);
    const store = await t.newStore();
    const { headers } = await t.signedIn({ storeId: store.id, isAdmin: true });
    await enableOpenApi(t, headers, { callback_url: r.url() });
    const { phone, deviceId } = await h.newPhone(headers);
    await waitFor(async () => (await t.db.select().from(iosDevice).where(eq(iosDevice.id, deviceId)))[0]?.factsUpdatedAt);
    const enrolled = await events(store.id, 'device.enrolled');
    expect(enrolled).toHaveLength(1);
    expect(enrolled[0].payload).toMatchObject({ device: { id: deviceId, serial_number: phone.serialNumber } });

    // Location comes with Lost Mode: lock, then ask where the phone is.
    const post = (name: string, body: object) => t.app.inject({ method: 'POST', url: `/api/device/ios/command/${name}`, headers, payload: body });
    phone.setLocation({ latitude: 22.543, longitude: 114.057 });
    expect((await post('lock', { device_id: deviceId, message: '请还款' })).statusCode).toBe(200);
    await waitFor(async () => (await events(store.id, 'device.locked')).length === 1);
    expect((await post('get-location', { device_id: deviceId })).statusCode).toBe(200);
    const [located] = await waitFor(async () => {
      const rows = await events(store.id, 'device.location');
      return rows.length ? rows : false;
    });
    expect(located.payload).toMatchObject({ data: { latitude: expect.closeTo(22.543, 3), longitude: expect.closeTo(114.057, 3) } });

    // A SIM swap seen in DeviceInformation (the same function the engine calls, in its transaction).
    await t.db.transaction((tx) =>
      applyDeviceInformation(tx, deviceId, { ServiceSubscriptions: [{ ICCID: '89860012345678901234', PhoneNumber: '+8613900000000' }] }),
    );
    const swapped = await events(store.id, 'device.sim_changed');
    expect(swapped).toHaveLength(1);
    expect(swapped[0].payload).toMatchObject({ data: { sim_1: { iccid: '89860012345678901234' } } });

    // Removed from the recycle bin by a clerk: released.
    expect((await post('move-to-recycle-bin', { device_id: deviceId })).statusCode).toBe(200);
    expect((await post('remove', { device_id: deviceId })).statusCode).toBe(200);
    const removed = await events(store.id, 'device.released');
    expect(removed).toHaveLength(1);
    expect(removed[0].payload).toMatchObject({ device: { serial_number: phone.serialNumber }, data: { reason: 'removed' } });

    // The hirer removes the profile of an unsupervised phone (CheckOut): released too.
    const other = await h.newPhone(headers, { supervised: false });
    await waitFor(async () => (await events(store.id, 'device.enrolled')).length === 2);
    await other.phone.removeMdmProfile();
    await waitFor(async () => (await events(store.id, 'device.released')).length === 2);
    expect((await events(store.id, 'device.released'))[1].payload).toMatchObject({ device: { id: other.deviceId }, data: { reason: 'checkout' } });

    await deliverAt(Date.now());
    expect(r.received.map((x) => JSON.parse(x.body).type)).toEqual(
      expect.arrayContaining(['device.enrolled', 'device.locked', 'device.location', 'device.sim_changed', 'device.released']),
    );
  });
});

describe('offline watch', () => {
  it('raises device.offline once per offline spell, for iPhones and Android phones past the store’s hours', async () => {
    const s = await shop('http://127.0.0.1:9/hook', 3);
    const hoursAgo = (n: number) => new Date(Date.now() - n * 3_600_000);
    await t.db
      .update(iosDevice)
      .set({ lastActiveTime: hoursAgo(4) })
      .where(eq(iosDevice.id, s.device.id));
    const fresh = await t.newIosDevice({ storeId: s.store.id, enrolled: true, lastActiveTime: hoursAgo(1) });
    const released = await t.newIosDevice({ storeId: s.store.id, lastActiveTime: hoursAgo(10), enrollmentStatus: EnrollmentStatus.CHECKED_OUT });
    const [android] = await t.db
      .insert(androidDevice)
      .values({ storeId: s.store.id, serialNumber: 'ANDOFF01', lastActiveTime: hoursAgo(5) })
      .returning();
    const watch = createOfflineWatch(t.db);

    expect(await watch.scan()).toBe(2);
    const first = await events(s.store.id, 'device.offline');
    expect(first.map((e) => e.deviceId).sort()).toEqual([s.device.id, android.id].sort());
    expect(first.find((e) => e.deviceId === s.device.id)!.payload).toMatchObject({ data: { offline_hours: 3 } });
    expect(first.map((e) => e.deviceId)).not.toContain(fresh.id);
    expect(first.map((e) => e.deviceId)).not.toContain(released.id);

    expect(await watch.scan()).toBe(0); // same spell: nothing new
    // The phone comes back, then goes silent again: a new spell, one new event.
    await t.db.update(iosDevice).set({ lastActiveTime: new Date() }).where(eq(iosDevice.id, s.device.id));
    expect(await watch.scan()).toBe(0);
    await t.db
      .update(iosDevice)
      .set({ lastActiveTime: hoursAgo(3.5) })
      .where(eq(iosDevice.id, s.device.id));
    expect(await watch.scan()).toBe(1);
    expect(await events(s.store.id, 'device.offline')).toHaveLength(3);
  });

  it('stays quiet for a store that chose no offline hours', async () => {
    const s = await shop('http://127.0.0.1:9/hook', null);
    await t.db
      .update(iosDevice)
      .set({ lastActiveTime: new Date(Date.now() - 100 * 3_600_000) })
      .where(eq(iosDevice.id, s.device.id));
    await createOfflineWatch(t.db).scan();
    expect(await events(s.store.id, 'device.offline')).toHaveLength(0);
  });
});

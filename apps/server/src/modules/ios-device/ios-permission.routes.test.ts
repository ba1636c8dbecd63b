import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LockStatus, RecycledStatus } from '@lease/shared';
import { mdmCommand } from '../../mdm/apple/mdm.table.ts';
import { TEST_PASSWORD, type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { operationLog } from '../logs/logs.table.ts';
import { iosDevice } from './ios-device.table.ts';

// The permission matrix of the Apple device calls (spec §3), like the Android one in android-operation.routes.test.ts:
// each call refused with 403 PERMISSION_DENIED to a clerk holding every other code, with nothing queued, logged or
// changed, and answered to a clerk holding only that code (with Aa3 to see the store's phones).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = { authorization: string };
interface Ctx {
  storeId: string;
  deviceId: string;
  targetClerkId: string;
  scheduledOpId: string;
}
interface Call {
  name: string;
  perm: string;
  /** the device the call needs: enrolled, locked (lost mode) or in the recycle bin. */
  device?: Partial<typeof iosDevice.$inferInsert>;
  request: (c: Ctx) => { method: 'GET' | 'POST'; url: string; payload?: object };
}

const command = (name: string, body: (c: Ctx) => object = () => ({})) => (c: Ctx) => ({
  method: 'POST' as const,
  url: `/api/device/ios/command/${name}`,
  payload: { device_id: c.deviceId, ...body(c) },
});

const CALLS: Call[] = [
  { name: 'lock', perm: 'Ab4', request: command('lock', () => ({ message: '请联系门店' })) },
  { name: 'unlock', perm: 'Ab5', device: { lockStatus: LockStatus.LOCKED }, request: command('unlock') },
  { name: 'play-lost-mode-sound', perm: 'Ab8', device: { lockStatus: LockStatus.LOCKED }, request: command('play-lost-mode-sound') },
  { name: 'reboot', perm: 'Ab6', request: command('reboot') },
  { name: 'clear-passcode', perm: 'Ab9', request: command('clear-passcode', () => ({ password: TEST_PASSWORD })) },
  { name: 'move-to-recycle-bin', perm: 'Ab21', request: command('move-to-recycle-bin') },
  { name: 'restore-from-recycle-bin', perm: 'Ab21', device: { recycledStatus: RecycledStatus.RECYCLED }, request: command('restore-from-recycle-bin') },
  { name: 'remove', perm: 'Ab21', device: { recycledStatus: RecycledStatus.RECYCLED }, request: command('remove') },
  {
    name: 'cancel-schedule-enable-lost-mode',
    perm: 'Ab4',
    request: (c) => ({ method: 'POST', url: '/api/device/ios/operation-log/cancel-schedule-enable-lost-mode', payload: { operation_log_id: c.scheduledOpId } }),
  },
  { name: 'change-for-clerk', perm: 'Aa4', request: (c) => ({ method: 'POST', url: '/api/device/ios/change-for-clerk', payload: { device_ids: [c.deviceId], for_clerk: c.targetClerkId } }) },
  { name: 'new', perm: 'Aa2', request: () => ({ method: 'POST', url: '/api/device/ios/new', payload: { serial_numbers: [`PERM${Date.now().toString(36).toUpperCase().slice(-8)}`] } }) },
  { name: 'enrollment-profile', perm: 'Aa2', request: () => ({ method: 'GET', url: '/api/device/ios/enrollment-profile' }) },
];
const ALL_PERMS = [...new Set(['Aa3', 'Db1', ...CALLS.map((c) => c.perm)])];

const send = (headers: Headers, r: { method: 'GET' | 'POST'; url: string; payload?: object }) => t.app.inject({ ...r, headers });
const commandsOf = (deviceId: string) => t.db.select().from(mdmCommand).where(eq(mdmCommand.deviceId, deviceId));
const logsOf = (deviceId: string) => t.db.select().from(operationLog).where(eq(operationLog.deviceId, deviceId));
const rowOf = async (deviceId: string) => (await t.db.select().from(iosDevice).where(eq(iosDevice.id, deviceId)))[0];
const storeDevices = (storeId: string) => t.db.select().from(iosDevice).where(eq(iosDevice.storeId, storeId));

/** setUp: a store, a phone as the call needs it, a colleague to hand it to, and a scheduled lock to cancel. */
async function setUp(call: Call) {
  const s = await t.newStore();
  const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
  const target = await t.newClerk({ storeId: s.id });
  const d = await t.newIosDevice({ storeId: s.id, enrolled: true, ...call.device });
  let scheduledOpId = '';
  if (call.name === 'cancel-schedule-enable-lost-mode') {
    const when = new Date(Date.now() + 3_600_000).toISOString();
    const res = await send(admin.headers, { method: 'POST', url: '/api/device/ios/command/lock', payload: { device_id: d.id, message: '到期未还款', when } });
    expect(res.statusCode, res.body).toBe(200);
    scheduledOpId = res.json().operation_log_id;
  }
  return { s, d: (await rowOf(d.id))!, ctx: { storeId: s.id, deviceId: d.id, targetClerkId: target.id, scheduledOpId } };
}

describe('Apple permission codes', () => {
  it.each(CALLS)('$name needs $perm: a clerk lacking it gets 403 PERMISSION_DENIED and nothing happens; holding only it works', async (call) => {
    const { s, d, ctx } = await setUp(call);
    const logsBefore = await logsOf(d.id);
    const lacking = await t.signedIn({ storeId: s.id, permission: ALL_PERMS.filter((p) => p !== call.perm).join(',') });
    const holding = await t.signedIn({ storeId: s.id, permission: `Aa3,${call.perm}` });

    const refused = await send(lacking.headers, call.request(ctx));
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe('PERMISSION_DENIED');
    expect(await commandsOf(d.id)).toHaveLength(0);
    expect(await logsOf(d.id)).toEqual(logsBefore);
    expect(await rowOf(d.id)).toEqual(d);
    expect(await storeDevices(s.id)).toHaveLength(1);

    const allowed = await send(holding.headers, call.request(ctx));
    expect(allowed.statusCode, allowed.body).toBe(200);
  });
});

describe('a clerk without Aa3', () => {
  it('gets 404 on a colleague’s iPhone for every call, and reaches their own', async () => {
    const s = await t.newStore();
    const colleague = await t.newClerk({ storeId: s.id });
    const me = await t.signedIn({ storeId: s.id, permission: ALL_PERMS.filter((p) => p !== 'Aa3').join(',') });
    const theirs = await t.newIosDevice({ storeId: s.id, enrolled: true, clerkId: colleague.id, lockStatus: LockStatus.LOCKED });
    const before = await rowOf(theirs.id);
    const ctx = { storeId: s.id, deviceId: theirs.id, targetClerkId: me.clerk.id, scheduledOpId: '' };
    const names = ['lock', 'unlock', 'play-lost-mode-sound', 'reboot', 'clear-passcode', 'move-to-recycle-bin', 'change-for-clerk'];
    for (const call of CALLS.filter((c) => names.includes(c.name))) {
      const res = await send(me.headers, call.request(ctx));
      expect(res.statusCode, `${call.name}: ${res.body}`).toBe(404);
    }
    for (const url of [`/api/device/ios/${theirs.id}`, `/api/device/ios/operation-log?device_id=${theirs.id}`]) {
      expect((await send(me.headers, { method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect((await send(me.headers, { method: 'POST', url: '/api/device/ios/command/get-hirer-phone', payload: { device_id: theirs.id } })).statusCode).toBe(404);
    expect(await rowOf(theirs.id)).toEqual(before);
    expect(await commandsOf(theirs.id)).toHaveLength(0);
    expect(await logsOf(theirs.id)).toHaveLength(0);

    const mine = await t.newIosDevice({ storeId: s.id, enrolled: true, clerkId: me.clerk.id });
    expect((await send(me.headers, command('lock', () => ({ message: '请联系门店' }))({ ...ctx, deviceId: mine.id }))).statusCode).toBe(200);
    expect((await send(me.headers, { method: 'GET', url: `/api/device/ios/${mine.id}` })).statusCode).toBe(200);
  });
});

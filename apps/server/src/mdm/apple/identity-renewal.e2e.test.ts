import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SimulatedIphone } from '@lease/device-sim';
import { LockStatus } from '@lease/shared';
import { mdmSignature } from '../../../../../packages/device-sim/src/ios/mdm-signature.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { type MdmHarness, startMdmHarness, waitFor } from '../../test/mdm-harness.ts';
import { Priority } from './commander.ts';
import { disableLostMode, enableLostMode } from './commands.ts';
import { createExpiryWatch } from '../../modules/system/expiry-watch.ts';
import { mdmCommand, mdmEnrollment } from './mdm.table.ts';
import { buildPlist, parsePlistDict } from './plist.ts';
import { validateCommand } from './schema/validate.ts';

/**
 * A lease longer than an identity certificate: the clock (Date only) is moved forward in steps, the phone checks in
 * as a real one would at each step, and the renewal job runs. The phone must stay manageable at day 400 and 800.
 */
const DAY = 86_400_000;
let h: MdmHarness;
let storeId: string;
let headers: { authorization: string };
const realStart = Date.now();

beforeAll(async () => {
  // Only Date is faked (and keeps ticking), so timers, sockets and the database behave as usual.
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  h = await startMdmHarness();
  storeId = (await h.t.newStore()).id;
  headers = (await h.t.signedIn({ storeId, isAdmin: true })).headers;
});
afterAll(async () => {
  await h.close();
  vi.useRealTimers();
});

const moveClock = (days: number) => vi.setSystemTime(Date.now() + days * DAY);
const enrolment = async (deviceId: string) => (await h.t.db.select().from(mdmEnrollment).where(eq(mdmEnrollment.deviceId, deviceId)))[0];
const lockStatus = async (deviceId: string) => (await h.t.db.select().from(iosDevice).where(eq(iosDevice.id, deviceId)))[0].lockStatus;

/**
 * lockAndUnlock queues Lost Mode and its end through the engine, as the console's lock does. Console sessions are
 * left out on purpose: PostgreSQL's clock does not move with the test's, so no session would look valid.
 */
async function lockAndUnlock(phone: SimulatedIphone, deviceId: string) {
  const { commander } = h.t.app.mdm;
  await commander.enqueue([{ deviceId, build: (uuid) => enableLostMode({ message: '请联系门店' }, { uuid }) }], { priority: Priority.SECURITY });
  await waitFor(() => phone.state.lostMode.enabled);
  await waitFor(async () => (await lockStatus(deviceId)) === LockStatus.LOCKED);
  await commander.enqueue([{ deviceId, build: (uuid) => disableLostMode({ uuid }) }], { priority: Priority.SECURITY });
  await waitFor(() => !phone.state.lostMode.enabled);
  await waitFor(async () => (await lockStatus(deviceId)) === LockStatus.UNLOCKED);
}

describe('identity renewal over a lease', () => {
  it('renews the identity inside the window, binds the new certificate, refuses the old one, and stays lockable at day 400 and 800', async () => {
    const { phone, deviceId } = await h.newPhone(headers);
    await waitFor(async () => (await enrolment(deviceId))?.enabled);
    const identities = [phone.identity];
    const renewals: Buffer[] = [];
    phone.onCommand((event) => {
      if (event.requestType === 'InstallProfile') renewals.push(event.request.Payload as Buffer);
    });
    let day = 0;
    while (day < 800) {
      moveClock(30);
      day += 30;
      await h.t.app.mdm.renewal.run();
      // A real phone connects on its own now and then (and on pushes); the old identity still works until replaced.
      await phone.connect();
      await phone.whenIdle();
      if (phone.identity !== identities[identities.length - 1]) identities.push(phone.identity);
      if (day === 390) await lockAndUnlock(phone, deviceId);
    }
    await lockAndUnlock(phone, deviceId);
    // 365-day identities, 60-day window, 30-day steps: renewed at day 330 and again at day 660.
    expect(identities).toHaveLength(3);
    expect(renewals).toHaveLength(2);
    const row = await enrolment(deviceId);
    expect(row).toMatchObject({ enabled: true, renewalSentAt: null });
    expect(row.renewedAt).not.toBeNull();
    // Every renewal command validates against Apple's schema.
    const commands = await h.t.db.select().from(mdmCommand).where(eq(mdmCommand.deviceId, deviceId));
    for (const cmd of commands.filter((c) => c.requestType === 'InstallProfile')) expect(validateCommand(parsePlistDict(cmd.payload))).toEqual([]);

    // The replaced identity is refused from now on (403, never 401), even before it expires.
    const old = identities[1];
    if (!old) throw new Error('no old identity');
    const body = Buffer.from(buildPlist({ UDID: phone.udid, Status: 'Idle' }));
    const res = await h.t.app.inject({
      method: 'PUT',
      url: '/mdm/connect',
      headers: { 'content-type': 'application/x-apple-aspen-mdm', 'mdm-signature': mdmSignature(body, old) },
      payload: body,
    });
    expect(res.statusCode).toBe(403);
  });

  it('reports a phone that never took up its renewal, in the expiry warnings the console reads', async () => {
    // Back to today: this phone enrols through the console, whose session PostgreSQL judges by its own clock.
    vi.setSystemTime(new Date(realStart));
    const { phone, deviceId } = await h.newPhone(headers);
    await waitFor(async () => (await enrolment(deviceId))?.enabled);
    await phone.stop(); // switched off for good: it will never answer
    moveClock(320);
    expect(await h.t.app.mdm.renewal.run()).toBeGreaterThanOrEqual(1);
    expect(await h.t.app.mdm.renewal.unanswered(storeId)).toEqual([]);
    moveClock(4);
    const unanswered = await h.t.app.mdm.renewal.unanswered(storeId);
    expect(unanswered.map((u) => u.deviceId)).toContain(deviceId);
    const watch = createExpiryWatch({ db: h.t.db, keys: h.t.app.mdm.keys, renewal: h.t.app.mdm.renewal, log: h.t.app.log });
    const renewal = (await watch.warnings(storeId)).find((w) => w.kind === 'identity-renewal');
    expect(renewal?.devices?.map((d) => d.id)).toContain(deviceId);
    expect(renewal?.days_left).toBeLessThanOrEqual(41);
  });
});

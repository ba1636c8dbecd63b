import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deviceInformation, installProfile, securityInfo } from '../../../../apps/server/src/mdm/apple/commands.ts';
import { type MockApns, startMockApns } from '../apns/mock-apns-server.ts';
import { type MiniServer, UNRECOGNIZED_BODY, startMiniServer } from './test/mini-server.ts';
import { enrolledPhone, mobileconfig, nextSession, rawCommand, runCommand } from './test/phone-harness.ts';

const profileList = () => rawCommand('ProfileList');

let apns: MockApns;
let server: MiniServer;
beforeAll(async () => {
  apns = await startMockApns();
  server = await startMiniServer({ apnsOrigin: apns.origin });
});
afterAll(async () => {
  await server.close();
  await apns.close();
});
afterEach(() => {
  expect(server.problems).toEqual([]);
});

describe('waking up', () => {
  it('drains three queued commands in one session when a push arrives', async () => {
    const phone = await enrolledPhone(server);
    phone.attachPush(apns);
    const queries = ['UDID', 'SerialNumber', 'ModelNumber', 'IMEI'];
    const [info, security, profiles] = server.enqueue(phone.udid, deviceInformation({ queries }), securityInfo(), profileList());
    const session = nextSession(phone);
    expect(await server.push(phone.udid)).toBe(200);
    expect(await session).toMatchObject({ outcome: 'idle', commands: 3 });
    expect(server.resultOf(phone.udid, info)?.result?.QueryResponses).toEqual({
      UDID: phone.udid,
      SerialNumber: phone.serialNumber,
      ModelNumber: phone.state.modelNumber,
      IMEI: expect.stringMatching(/^\d{15}$/),
    });
    expect(server.resultOf(phone.udid, security)?.status).toBe('Acknowledged');
    expect(server.resultOf(phone.udid, profiles)?.status).toBe('Acknowledged');
    expect(phone.state.commandLog.map((e) => e.requestType)).toEqual(['DeviceInformation', 'SecurityInfo', 'ProfileList']);
    await phone.stop();
  });

  it('coalesces pushes that arrive during a session into one more session', async () => {
    const phone = await enrolledPhone(server);
    phone.attachPush(apns);
    let sessions = 0;
    phone.onSession(() => (sessions += 1));
    server.enqueue(phone.udid, securityInfo());
    await Promise.all([server.push(phone.udid), server.push(phone.udid), server.push(phone.udid)]);
    await vi.waitFor(() => expect(sessions).toBeGreaterThan(0));
    await phone.whenIdle();
    expect(sessions).toBeLessThanOrEqual(2);
    expect(phone.state.commandLog).toHaveLength(1);
    await phone.stop();
  });

  it('ignores a push for its token that carries the wrong PushMagic', async () => {
    const phone = await enrolledPhone(server);
    const token = phone.state.enrollment.pushToken ?? '';
    expect(phone.deliverPush({ token, topic: server.topic, body: { mdm: 'not-my-magic' } })).toBe(false);
    expect(phone.deliverPush({ token, topic: server.topic, body: { mdm: phone.state.enrollment.pushMagic } })).toBe(true);
    await phone.whenIdle();
    expect(phone.diagnostics.some((line) => line.includes('wrong PushMagic'))).toBe(true);
  });

  it('connects on its own every pollIntervalMs', async () => {
    const phone = await enrolledPhone(server, { pollIntervalMs: 30 });
    server.enqueue(phone.udid, securityInfo());
    phone.startPolling();
    await vi.waitFor(() => expect(phone.state.commandLog).toHaveLength(1));
    await phone.stop();
  });
});

describe('a user-locked phone', () => {
  it('answers NotNow while locked and runs the command once unlocked', async () => {
    const phone = await enrolledPhone(server);
    phone.notNowFor(['InstallProfile', 'SecurityInfo']);
    const [uuid] = server.enqueue(phone.udid, securityInfo());
    await phone.connect();
    expect(server.resultOf(phone.udid, uuid)?.status).toBe('NotNow');
    const session = nextSession(phone);
    phone.setUserLocked(false);
    await session;
    expect(server.resultOf(phone.udid, uuid)?.status).toBe('Acknowledged');
    expect(phone.state.commandLog.map((e) => e.status)).toEqual(['NotNow', 'Acknowledged']);
  });
});

describe('losing the network mid-session', () => {
  it('leaves the command unanswered, and gets the same CommandUUID again next time', async () => {
    const phone = await enrolledPhone(server);
    const seen: string[] = [];
    phone.onCommand((event) => seen.push(event.commandUuid));
    const [first, second] = server.enqueue(phone.udid, securityInfo(), profileList());
    phone.crashAfterReceiving(1);
    expect(await phone.connect()).toMatchObject({ outcome: 'dropped', commandUuid: first });
    expect(server.resultOf(phone.udid, first)).toMatchObject({ timesSent: 1, status: undefined });
    expect(await phone.connect()).toMatchObject({ outcome: 'idle', commands: 2 });
    expect(seen).toEqual([first, second]);
    expect(server.resultOf(phone.udid, first)).toMatchObject({ timesSent: 2, status: 'Acknowledged' });
  });
});

describe('HTTP answers', () => {
  it('unenrols itself on 403 com.apple.unrecognized.device (iOS 17+)', async () => {
    const phone = await enrolledPhone(server, { osVersion: '17.5.1' });
    server.answerNextConnects(UNRECOGNIZED_BODY);
    await phone.connect();
    expect(phone.state.enrollment).toMatchObject({ status: 'unenrolled', reason: 'unrecognized-device' });
    expect(Object.keys(phone.state.profiles)).toEqual([]);
  });

  it('reads the unrecognized-device code from a plist body too', async () => {
    const phone = await enrolledPhone(server);
    const body = '<?xml version="1.0"?><plist version="1.0"><dict><key>code</key><string>com.apple.unrecognized.device</string></dict></plist>';
    server.answerNextConnects({ status: 403, contentType: 'application/xml', body });
    await phone.connect();
    expect(phone.state.enrollment.reason).toBe('unrecognized-device');
  });

  it('removes its MDM profile at once on 401, like a real iPhone', async () => {
    const phone = await enrolledPhone(server);
    server.answerNextConnects({ status: 401 });
    await phone.connect();
    expect(phone.state.enrollment).toMatchObject({ status: 'unenrolled', reason: 'http-401' });
  });

  it('logs any other 4xx, stops the session and stays enrolled', async () => {
    const phone = await enrolledPhone(server, { osVersion: '16.7.10' });
    server.answerNextConnects(UNRECOGNIZED_BODY, { status: 404, body: 'no such route' });
    expect(await phone.connect()).toMatchObject({ outcome: 'http-error', http: { status: 403 } });
    expect(await phone.connect()).toMatchObject({ outcome: 'http-error', http: { status: 404 } });
    expect(phone.state.enrollment.status).toBe('enrolled');
    expect(phone.diagnostics.filter((line) => line.includes('session stopped'))).toHaveLength(2);
  });

  it('retries with backoff on 5xx and network errors, and stays enrolled', async () => {
    const phone = await enrolledPhone(server, { retry: { initialMs: 20, maxMs: 100 } });
    const [uuid] = server.enqueue(phone.udid, securityInfo());
    server.answerNextConnects({ status: 500 }, { status: 503 });
    const before = server.connectRequests;
    expect(await phone.connect()).toMatchObject({ outcome: 'http-error', http: { kind: 'server-error', status: 500 } });
    await vi.waitFor(() => expect(server.resultOf(phone.udid, uuid)?.status).toBe('Acknowledged'));
    expect(server.connectRequests - before).toBe(4);
    expect(phone.state.enrollment.status).toBe('enrolled');
    const retries = phone.diagnostics.filter((line) => line.includes('retrying in'));
    expect(retries).toEqual([expect.stringContaining('in 20 ms'), expect.stringContaining('in 40 ms')]);
    await phone.stop();
  });

  it('comes back no sooner than a 503 Retry-After asks, even when its own backoff is shorter', async () => {
    const phone = await enrolledPhone(server, { retry: { initialMs: 20, maxMs: 100 } });
    server.answerNextConnects({ status: 503, headers: { 'Retry-After': '1' } });
    const before = server.connectRequests;
    await phone.connect();
    expect(phone.diagnostics.filter((line) => line.includes('retrying in'))).toEqual([expect.stringContaining('HTTP 503; retrying in 1000 ms')]);
    await new Promise((r) => setTimeout(r, 300));
    expect(server.connectRequests - before).toBe(1);
    await vi.waitFor(() => expect(server.connectRequests - before).toBe(2), { timeout: 3000 });
    await phone.stop();
  });
});

describe('removing the MDM profile', () => {
  it('sends a schema-valid CheckOut and drops what MDM installed', async () => {
    const phone = await enrolledPhone(server);
    const restrictions = server.signWithCa(mobileconfig('com.lease.restrictions', { PayloadType: 'com.apple.applicationaccess', allowCamera: false }));
    expect((await runCommand(server, phone, installProfile(restrictions))).Status).toBe('Acknowledged');
    await phone.removeMdmProfile();
    expect(server.checkins.at(-1)).toEqual({ MessageType: 'CheckOut', Topic: server.topic, UDID: phone.udid });
    expect(phone.state.enrollment).toMatchObject({ status: 'unenrolled', reason: 'user-removed' });
    expect(phone.state.profiles).toEqual({});
    expect(await phone.connect()).toMatchObject({ outcome: 'not-enrolled' });
  });
});

describe('erasing with Return to Service', () => {
  it('enrols again by itself, but not while Activation Lock holds the erased phone', async () => {
    const free = await enrolledPhone(server);
    const locked = await enrolledPhone(server, { activationLockEnabled: true });
    for (const phone of [free, locked]) {
      server.enqueue(phone.udid, rawCommand('EraseDevice', { ReturnToService: { Enabled: true, MDMProfileData: server.enrollmentProfile() } }));
      await phone.connect();
      expect(phone.state.erasedCount).toBe(1);
    }
    expect(free.state.enrollment.status).toBe('enrolled');
    expect(locked.state.enrollment).toMatchObject({ status: 'unenrolled', reason: 'erased' });
    expect(locked.diagnostics.at(-1)).toContain('Return to Service stopped at the Activation Lock screen');
    await Promise.all([free.stop(), locked.stop()]);
  });
});

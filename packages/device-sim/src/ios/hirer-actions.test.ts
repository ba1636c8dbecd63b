import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enableLostMode } from '../../../../apps/server/src/mdm/apple/commands.ts';
import { openCms } from './cms.ts';
import { decodePlistDict } from './plist-codec.ts';
import { type MiniServer, startMiniServer } from './test/mini-server.ts';
import { enrolledPhone, runCommand } from './test/phone-harness.ts';
import { fetchAbmProfile } from './hirer-actions.ts';
import { createDeviceState } from './device-state.ts';

let server: MiniServer;
beforeAll(async () => {
  server = await startMiniServer();
});
afterAll(() => server.close());

describe('the hirer erases the phone', () => {
  it('drops Lost Mode and management without telling the server, and can enrol again', async () => {
    const phone = await enrolledPhone(server);
    expect((await runCommand(server, phone, enableLostMode({ message: '请联系门店' }))).Status).toBe('Acknowledged');
    expect(phone.state.lostMode.enabled).toBe(true);
    const checkins = server.checkins.length;

    await phone.eraseByHirer();
    expect(phone.state.lostMode.enabled).toBe(false);
    expect(phone.state.enrollment).toMatchObject({ status: 'unenrolled', reason: 'erased' });
    expect(phone.state.erasedCount).toBe(1);
    expect(server.checkins.length).toBe(checkins);

    await phone.enroll(server.enrollmentProfile(), [server.caCertDer]);
    expect(phone.enrollmentStatus).toBe('enrolled');
    expect(server.checkins.slice(checkins).map((m) => m.MessageType)).toEqual(['Authenticate', 'TokenUpdate']);
    await phone.stop();
  });
});

describe('Setup Assistant on an ABM phone', () => {
  const state = createDeviceState({ serialNumber: 'F2LABMTEST01' });

  it('posts its signed MachineInfo to the DEP profile URL and takes the profile it gets', async () => {
    let sent: { url: string; type: string | null; body: Buffer } | undefined;
    const profile = await fetchAbmProfile(
      async (url, init) => {
        sent = { url, type: new Headers(init.headers).get('content-type'), body: Buffer.from(init.body as Uint8Array) };
        return new Response(new Uint8Array(Buffer.from('<plist/>')), { status: 200 });
      },
      state,
      'https://mdm.example.com/mdm/dep/enroll/store',
    );
    expect(profile.toString()).toBe('<plist/>');
    expect(sent).toMatchObject({ url: 'https://mdm.example.com/mdm/dep/enroll/store', type: 'application/pkcs7-signature' });
    const info = decodePlistDict(openCms(sent!.body).content);
    expect(info).toMatchObject({ SERIAL: 'F2LABMTEST01', UDID: state.hardware.udid, PRODUCT: state.hardware.model.productName });
  });

  it('stops when the server refuses it', async () => {
    const refuse = async () => new Response('{"code":"lease.not-assigned"}', { status: 403 });
    await expect(fetchAbmProfile(refuse, state, 'https://mdm.example.com/x')).rejects.toThrow(/HTTP 403/);
  });
});

import { X509Certificate, createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnrollmentError } from './enrolment.ts';
import { rawCommand, runCommand } from './test/phone-harness.ts';
import { generateDeviceKey } from './identity.ts';
import { createSimulatedIphone } from './simulated-iphone.ts';
import { type MiniServer, startMiniServer } from './test/mini-server.ts';

let server: MiniServer;
beforeAll(async () => {
  server = await startMiniServer();
});
afterAll(() => server.close());

describe('enrolment', () => {
  it('gets its identity over SCEP, then sends a schema-valid signed Authenticate and TokenUpdate', async () => {
    const phone = createSimulatedIphone({ serialNumber: 'F2LTEST00001', model: 'iPhone16,1', osVersion: '17.5.1' });
    const started = performance.now();
    const result = await phone.enroll(server.enrollmentProfile(), [server.caCertDer]);
    console.log(`one phone enrolled in ${Math.round(performance.now() - started)} ms`);

    expect(server.problems).toEqual([]);
    const device = server.devices.get(phone.udid);
    expect(device?.authenticate).toMatchObject({
      MessageType: 'Authenticate',
      SerialNumber: 'F2LTEST00001',
      ProductName: 'iPhone16,1',
      OSVersion: '17.5.1',
      BuildVersion: '21F90',
      Topic: server.topic,
    });
    expect(device?.tokenUpdate).toMatchObject({ MessageType: 'TokenUpdate', UDID: phone.udid, PushMagic: result.pushMagic, AwaitingConfiguration: false });
    expect((device?.tokenUpdate?.Token as Buffer | undefined)?.toString('hex')).toBe(result.pushToken);
    expect(result.pushToken).toMatch(/^[0-9a-f]{64}$/);
    expect(new X509Certificate(result.certificateDer).verify(new X509Certificate(server.caCertDer).publicKey)).toBe(true);
    expect(phone.udid).toMatch(/^00008130-[0-9A-F]{16}$/);
    expect(phone.state.enrollment).toMatchObject({ status: 'enrolled', topic: server.topic, pushToken: result.pushToken });
    expect(phone.state.profiles['com.example.mini.enroll'].payloadTypes).toEqual(['com.apple.security.root', 'com.apple.security.scep', 'com.apple.mdm']);
  });

  it('uses a pre-generated key, and refuses a profile whose signer it does not trust', async () => {
    const key = generateDeviceKey();
    const phone = createSimulatedIphone({ serialNumber: 'F2LTEST00002', identityKey: key });
    const result = await phone.enroll(server.enrollmentProfile());
    expect(new X509Certificate(result.certificateDer).publicKey.export({ format: 'jwk' })).toEqual(createPublicKey(key).export({ format: 'jwk' }));

    const stranger = createSimulatedIphone({ serialNumber: 'F2LTEST00003', identityKey: key });
    const untrusted = new X509Certificate(fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'openssl-signer.pem'))).raw;
    await expect(stranger.enroll(server.enrollmentProfile(), [untrusted])).rejects.toThrow(EnrollmentError);
    expect(stranger.state.enrollment.status).toBe('unenrolled');
  });

  it('tells the server it awaits configuration (DEP), until DeviceConfigured releases it', async () => {
    const phone = createSimulatedIphone({ serialNumber: 'F2LTEST00006', awaitingConfiguration: true });
    await phone.enroll(server.enrollmentProfile());
    expect(server.devices.get(phone.udid)?.tokenUpdate?.AwaitingConfiguration).toBe(true);
    expect((await runCommand(server, phone, rawCommand('DeviceConfigured'))).Status).toBe('Acknowledged');
    expect(phone.state.awaitingConfiguration).toBe(false);
    expect(server.problems).toEqual([]);
  });

  it('enrols itself again after an EraseDevice with Return to Service', async () => {
    const phone = createSimulatedIphone({ serialNumber: 'F2LTEST00007' });
    await phone.enroll(server.enrollmentProfile());
    const firstToken = phone.pushToken;
    const erase = rawCommand('EraseDevice', { ReturnToService: { Enabled: true, MDMProfileData: server.enrollmentProfile() } });
    server.enqueue(phone.udid, erase);
    await phone.connect();
    // The new Authenticate starts a fresh record on the server, so the phone's own log shows the acknowledgement.
    expect(phone.state.commandLog.at(-1)).toMatchObject({ requestType: 'EraseDevice', status: 'Acknowledged' });
    expect(phone.state).toMatchObject({ erasedCount: 1, enrollment: { status: 'enrolled' } });
    expect(phone.pushToken).not.toBe(firstToken);
    expect(server.problems).toEqual([]);
  });

  it('fails at SCEP when the one-time challenge was already used', async () => {
    const profile = server.enrollmentProfile();
    await createSimulatedIphone({ serialNumber: 'F2LTEST00004' }).enroll(profile);
    const second = createSimulatedIphone({ serialNumber: 'F2LTEST00005' });
    await expect(second.enroll(profile)).rejects.toMatchObject({ step: 'scep' });
  });
});

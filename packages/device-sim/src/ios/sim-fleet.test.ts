import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deviceInformation } from '../../../../apps/server/src/mdm/apple/commands.ts';
import { type MockApns, startMockApns } from '../apns/mock-apns-server.ts';
import { isLuhnValid } from './device-identifiers.ts';
import { type SimFleet, createSimFleet } from './sim-fleet.ts';
import { type MiniServer, startMiniServer } from './test/mini-server.ts';

let apns: MockApns;
let server: MiniServer;
let fleet: SimFleet;
beforeAll(async () => {
  apns = await startMockApns();
  server = await startMiniServer({ apnsOrigin: apns.origin });
});
afterAll(async () => {
  await fleet?.stop();
  await server.close();
  await apns.close();
});

describe('createSimFleet', () => {
  it('enrols 50 distinct phones sharing a key pool, each with its own certificate', { timeout: 120_000 }, async () => {
    fleet = await createSimFleet({ count: 50, mockApns: apns, profileProvider: () => server.enrollmentProfile(), trustedRoots: [server.caCertDer] });
    console.log(`50-phone fleet enrolled in ${Math.round(fleet.enrolmentMs)} ms (${Math.round(fleet.enrolmentMs / 50)} ms per phone)`);
    expect(fleet.failures).toEqual([]);
    expect(fleet.stats()).toMatchObject({ phones: 50, enrolled: 50, failedEnrolments: 0 });
    expect(server.problems).toEqual([]);

    const states = fleet.phones.map((p) => p.state);
    const imeis = fleet.phones.map((p) => String(server.devices.get(p.udid)?.authenticate.IMEI));
    for (const values of [states.map((s) => s.serialNumber), states.map((s) => s.udid), imeis]) expect(new Set(values).size).toBe(50);
    for (const s of states) {
      expect(s.serialNumber).toMatch(/^F2L[0-9A-HJ-NP-Z]{9}$/);
      expect(s.udid).toMatch(/^0000(8110|8120|8130|8140|8150)-[0-9A-F]{16}$/);
    }
    expect(imeis.every(isLuhnValid)).toBe(true);
    const fingerprints = new Set(fleet.phones.map((p) => server.devices.get(p.udid)?.certFingerprint));
    expect(fingerprints.size).toBe(50);
  });

  it('routes one push per phone and counts what the fleet handled', { timeout: 60_000 }, async () => {
    for (const phone of fleet.phones) server.enqueue(phone.udid, deviceInformation({ queries: ['BatteryLevel', 'ServiceSubscriptions'] }));
    await Promise.all(fleet.phones.map((p) => server.push(p.udid)));
    await vi.waitFor(() => expect(fleet.stats().commandsByType.DeviceInformation).toBe(50), { timeout: 30_000 });
    await Promise.all(fleet.phones.map((p) => p.whenIdle()));
    expect(fleet.stats()).toMatchObject({ commands: 50, statuses: { Acknowledged: 50 }, errors: 0 });
    expect(fleet.stats().sessions).toBeGreaterThanOrEqual(50);
    expect(server.problems).toEqual([]);
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  activationLockBypassCode,
  availableOSUpdates,
  clearPasscode,
  deviceInformation,
  deviceLocation,
  disableLostMode,
  enableLostMode,
  eraseDevice,
  installApplication,
  installedApplicationList,
  osUpdateStatus,
  playLostModeSound,
  restartDevice,
  scheduleOSUpdate,
  securityInfo,
} from '../../../../../apps/server/src/mdm/apple/commands.ts';
import { isLuhnValid } from '../device-identifiers.ts';
import { type MiniServer, startMiniServer } from '../test/mini-server.ts';
import { enrolledPhone, rawCommand, runCommand, runCommands } from '../test/phone-harness.ts';

let server: MiniServer;
beforeAll(async () => {
  server = await startMiniServer();
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.problems).toEqual([]);
});

const errorOf = (result: { ErrorChain?: unknown }) => (result.ErrorChain as { ErrorCode: number; ErrorDomain: string; USEnglishDescription: string }[])[0];

describe('lost mode', () => {
  it('locks with a message, reports its location, rings, survives a restart and unlocks', async () => {
    const phone = await enrolledPhone(server, { location: { latitude: 22.5431, longitude: 114.0579 } });
    expect(errorOf(await runCommand(server, phone, deviceLocation()))).toMatchObject({ ErrorCode: 12067, ErrorDomain: 'MCMDMErrorDomain' });
    expect(errorOf(await runCommand(server, phone, playLostModeSound()))).toMatchObject({ ErrorCode: 12067 });

    await runCommand(server, phone, enableLostMode({ message: '此设备已被锁定，请联系门店', phoneNumber: '4008001234', footnote: '深圳福田店' }));
    expect(phone.state.lostMode).toEqual({ enabled: true, message: '此设备已被锁定，请联系门店', phoneNumber: '4008001234', footnote: '深圳福田店' });
    const location = await runCommand(server, phone, deviceLocation());
    expect(location).toMatchObject({
      Status: 'Acknowledged',
      Latitude: 22.5431,
      Longitude: 114.0579,
      Speed: -1,
      Course: -1,
      Timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    await runCommand(server, phone, playLostModeSound());
    expect(phone.state.soundPlaying).toBe(true);

    await runCommand(server, phone, restartDevice());
    await phone.whenIdle();
    expect(phone.state).toMatchObject({ rebootCount: 1, lostMode: { enabled: true } });
    const [info] = await runCommands(server, phone, deviceInformation({ queries: ['IsMDMLostModeEnabled'] }), disableLostMode());
    expect(info.QueryResponses).toEqual({ IsMDMLostModeEnabled: true });
    expect(phone.state).toMatchObject({ lostMode: { enabled: false }, soundPlaying: false });
  });

  it('is refused by an unsupervised phone as an invalid request type', async () => {
    const phone = await enrolledPhone(server, { supervised: false });
    const result = await runCommand(server, phone, enableLostMode({ message: 'x' }));
    expect(result.Status).toBe('Error');
    expect(errorOf(result)).toMatchObject({ ErrorCode: 12021, USEnglishDescription: '“EnableLostMode” is not a valid request type.' });
    expect(phone.state.lostMode.enabled).toBe(false);
  });
});

describe('unknown and forced errors', () => {
  it('answers an unknown RequestType with 12021 MCMDMErrorDomain', async () => {
    const phone = await enrolledPhone(server);
    for (const type of ['FlyToTheMoon', 'LOMSetupRequest']) {
      const result = await runCommand(server, phone, rawCommand(type));
      expect(result.Status).toBe('Error');
      expect(errorOf(result)).toEqual({
        ErrorCode: 12021,
        ErrorDomain: 'MCMDMErrorDomain',
        LocalizedDescription: `Unknown command: ${type}`,
        USEnglishDescription: `Unknown command: ${type}`,
      });
    }
  });

  it('fails a RequestType on demand with the error given', async () => {
    const phone = await enrolledPhone(server);
    phone.errorFor('SecurityInfo', { code: 12008, domain: 'MCMDMErrorDomain', message: 'Malformed request' });
    expect(errorOf(await runCommand(server, phone, securityInfo()))).toMatchObject({ ErrorCode: 12008 });
    phone.errorFor('SecurityInfo', undefined);
    expect((await runCommand(server, phone, securityInfo())).SecurityInfo).toMatchObject({ PasscodePresent: true });
  });
});

describe('device information', () => {
  it('answers exactly the requested queries, with China SIM details per slot', async () => {
    const phone = await enrolledPhone(server, { model: 'iPhone15,4', sims: [{ carrier: 'CMCC' }, { carrier: 'CUCC' }] });
    const queries = [
      'UDID',
      'Model',
      'ModelName',
      'ModelNumber',
      'ProductName',
      'IMEI',
      'MEID',
      'BatteryLevel',
      'DeviceCapacity',
      'AvailableDeviceCapacity',
      'IsSupervised',
      'IsActivationLockEnabled',
      'ServiceSubscriptions',
      'ICCID',
      'NoSuchQuery',
    ];
    const { QueryResponses: answers } = await runCommand(server, phone, deviceInformation({ queries }));
    expect(Object.keys(answers as object).sort()).toEqual(queries.filter((q) => !['ICCID', 'NoSuchQuery'].includes(q)).sort());
    expect(answers).toMatchObject({
      ProductName: 'iPhone15,4',
      ModelName: 'iPhone',
      ModelNumber: expect.stringMatching(/^M[A-Z0-9]{4}CH\/A$/),
      IsSupervised: true,
      DeviceCapacity: 128,
    });
    const [one, two] = (answers as { ServiceSubscriptions: Record<string, unknown>[] }).ServiceSubscriptions;
    expect(one).toMatchObject({
      Slot: 'CTSubscriptionSlotOne',
      CurrentCarrierNetwork: '中国移动',
      CurrentMCC: '460',
      IsDataPreferred: true,
      PhoneNumber: expect.stringMatching(/^\+861\d{10}$/),
    });
    expect(two).toMatchObject({ Slot: 'CTSubscriptionSlotTwo', CurrentCarrierNetwork: '中国联通' });
    for (const imei of [one.IMEI, two.IMEI]) expect(isLuhnValid(String(imei))).toBe(true);
    expect(isLuhnValid(String(one.ICCID))).toBe(true);
  });

  it('still answers the top-level SIM keys on iOS 15', async () => {
    const phone = await enrolledPhone(server, { osVersion: '15.8' });
    const { QueryResponses: answers } = await runCommand(
      server,
      phone,
      deviceInformation({ queries: ['ICCID', 'PhoneNumber', 'CurrentCarrierNetwork', 'ModelNumber'] }),
    );
    expect(answers).toEqual({ ICCID: phone.state.sims[0].iccid, PhoneNumber: phone.state.sims[0].phoneNumber, CurrentCarrierNetwork: '中国移动' });
  });
});

describe('passcode, erase and Activation Lock', () => {
  it('clears the passcode only with the UnlockToken it escrowed', async () => {
    const phone = await enrolledPhone(server);
    expect(errorOf(await runCommand(server, phone, clearPasscode(randomBytes(256))))).toMatchObject({ ErrorCode: 5013 });
    const escrowed = server.devices.get(phone.udid)?.tokenUpdate?.UnlockToken as Buffer;
    expect((await runCommand(server, phone, clearPasscode(escrowed))).Status).toBe('Acknowledged');
    expect(phone.state.passcodePresent).toBe(false);
  });

  it('wipes itself after acknowledging EraseDevice, then enrols again with a new profile', async () => {
    const phone = await enrolledPhone(server);
    const firstToken = phone.state.enrollment.pushToken;
    await runCommand(server, phone, installApplication({ iTunesStoreId: 444934666 }));
    const [uuid] = server.enqueue(phone.udid, eraseDevice());
    expect(await phone.connect()).toMatchObject({ outcome: 'after-effect', effect: { kind: 'erase' } });
    expect(server.resultOf(phone.udid, uuid)?.status).toBe('Acknowledged');
    expect(phone.state).toMatchObject({
      erasedCount: 1,
      apps: [],
      profiles: {},
      passcodePresent: false,
      enrollment: { status: 'unenrolled', reason: 'erased' },
    });

    await phone.enroll(server.enrollmentProfile('com.example.mini.enroll.again'));
    expect(phone.state.enrollment.status).toBe('enrolled');
    expect(phone.state.enrollment.pushToken).not.toBe(firstToken);
    expect((await runCommand(server, phone, securityInfo())).Status).toBe('Acknowledged');
  });

  it("hands out its bypass code in Apple's format", async () => {
    const phone = await enrolledPhone(server);
    const { ActivationLockBypassCode: code } = await runCommand(server, phone, activationLockBypassCode());
    expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{3}[0-7]$/);
    expect(code).toBe(phone.state.activationLockBypassCode);
  });
});

describe('apps', () => {
  it('installs from the App Store by id or bundle id and then lists the app as managed', async () => {
    const phone = await enrolledPhone(server);
    expect(await runCommand(server, phone, installApplication({ iTunesStoreId: 444934666 }, { managementFlags: 1 }))).toMatchObject({
      Identifier: 'com.tencent.mqq',
      State: 'Installing',
    });
    expect(errorOf(await runCommand(server, phone, installApplication({ iTunesStoreId: 1 })))).toMatchObject({ ErrorCode: 12023 });
    expect(errorOf(await runCommand(server, phone, installApplication({ identifier: 'com.tencent.xin' })))).toMatchObject({ ErrorCode: 12025 });
    expect(await runCommand(server, phone, installApplication({ identifier: 'com.tencent.xin' }, { takeManagement: true }))).toMatchObject({
      State: 'Managed',
    });
    const { InstalledApplicationList: managed } = await runCommand(server, phone, installedApplicationList({ managedAppsOnly: true }));
    expect((managed as { Identifier: string }[]).map((a) => a.Identifier).sort()).toEqual(['com.tencent.mqq', 'com.tencent.xin']);
    const { InstalledApplicationList: all } = await runCommand(server, phone, installedApplicationList());
    expect(all).toContainEqual(expect.objectContaining({ Identifier: 'com.alipay.iphoneclient', Name: '支付宝' }));
  });
});

describe('OS updates', () => {
  it('offers newer releases, downloads over OSUpdateStatus calls and installs the one scheduled ASAP', async () => {
    const phone = await enrolledPhone(server, { osVersion: '17.5.1' });
    const { AvailableOSUpdates: offered } = await runCommand(server, phone, availableOSUpdates());
    expect((offered as { Version: string }[]).map((u) => u.Version)).toEqual(['17.6.1', '18.1.1']);
    const { UpdateResults } = await runCommand(server, phone, scheduleOSUpdate([{ productVersion: '18.1.1', installAction: 'InstallASAP' }]));
    expect(UpdateResults).toEqual([{ ProductKey: 'iOSUpdate22B91', InstallAction: 'InstallASAP', Status: 'Downloading' }]);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await runCommand(server, phone, osUpdateStatus())).OSUpdateStatus);
    expect(statuses).toEqual([
      [{ ProductKey: 'iOSUpdate22B91', IsDownloaded: false, DownloadPercentComplete: 0.5, Status: 'Downloading' }],
      [{ ProductKey: 'iOSUpdate22B91', IsDownloaded: true, DownloadPercentComplete: 1, Status: 'Installing' }],
      [],
    ]);
    expect(phone.state).toMatchObject({ osVersion: '18.1.1', buildVersion: '22B91', rebootCount: 1 });
  });

  it('only downloads with DownloadOnly, and refuses an update it does not offer', async () => {
    const phone = await enrolledPhone(server, { osVersion: '17.5.1' });
    const { UpdateResults: refused } = await runCommand(server, phone, scheduleOSUpdate([{ productKey: 'iOSUpdate99Z1', installAction: 'InstallASAP' }]));
    expect((refused as Record<string, unknown>[])[0]).toMatchObject({ InstallAction: 'Error', ErrorChain: [expect.objectContaining({ ErrorCode: 12048 })] });
    await runCommand(server, phone, scheduleOSUpdate([{ productKey: 'iOSUpdate21G93', installAction: 'DownloadOnly' }]));
    await runCommands(server, phone, osUpdateStatus(), osUpdateStatus());
    expect((await runCommand(server, phone, osUpdateStatus())).OSUpdateStatus).toEqual([
      { ProductKey: 'iOSUpdate21G93', IsDownloaded: true, DownloadPercentComplete: 1, Status: 'Idle' },
    ]);
    expect(phone.state.osVersion).toBe('17.5.1');
  });
});

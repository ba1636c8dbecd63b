import { createHash, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installProfile, removeProfile, wallpaperSettings } from '../../../../../apps/server/src/mdm/apple/commands.ts';
import type { PlistDict } from '../../../../../apps/server/src/mdm/apple/plist.ts';
import { type MiniServer, startMiniServer } from '../test/mini-server.ts';
import { enrolledPhone, mobileconfig, rawCommand, runCommand, runCommands } from '../test/phone-harness.ts';

let server: MiniServer;
beforeAll(async () => {
  server = await startMiniServer();
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.problems).toEqual([]);
});

const restrictions = (keys: PlistDict) => ({ PayloadType: 'com.apple.applicationaccess', ...keys });
const errorCodes = (result: PlistDict) => (result.ErrorChain as PlistDict[]).map((e) => e.ErrorCode);
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(2048)]);
const JPEG = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), randomBytes(1024)]);
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('configuration profiles', () => {
  it('installs a signed restrictions profile, lists it as managed, replaces it by identifier and removes it', async () => {
    const phone = await enrolledPhone(server);
    const first = server.signWithCa(mobileconfig('com.lease.restrictions', restrictions({ allowCamera: false, allowEraseContentAndSettings: false })));
    expect((await runCommand(server, phone, installProfile(first))).Status).toBe('Acknowledged');
    expect(phone.state.profiles['com.lease.restrictions']).toEqual({
      managed: true,
      payloadTypes: ['com.apple.applicationaccess'],
      restrictions: ['allowCamera', 'allowEraseContentAndSettings'],
    });

    const proxy = { PayloadType: 'com.apple.proxy.http.global', ProxyType: 'Manual', ProxyServer: '10.0.0.1', ProxyServerPort: 8080 };
    const second = mobileconfig('com.lease.restrictions', restrictions({ allowAppRemoval: false }), proxy);
    await runCommand(server, phone, installProfile(Buffer.from(second)));
    const { ProfileList: list } = await runCommand(server, phone, rawCommand('ProfileList', { ManagedOnly: true }));
    expect(list).toEqual([
      expect.objectContaining({
        PayloadIdentifier: 'com.lease.restrictions',
        IsManaged: true,
        SignerCertificates: [],
        PayloadContent: [
          expect.objectContaining({ PayloadType: 'com.apple.applicationaccess' }),
          expect.objectContaining({ PayloadType: 'com.apple.proxy.http.global' }),
        ],
      }),
    ]);
    expect(phone.state.profiles['com.lease.restrictions'].restrictions).toEqual(['allowAppRemoval']);

    expect((await runCommand(server, phone, removeProfile('com.lease.restrictions'))).Status).toBe('Acknowledged');
    const again = await runCommand(server, phone, removeProfile('com.lease.restrictions'));
    expect(again.ErrorChain).toEqual([expect.objectContaining({ ErrorCode: 12075, ErrorDomain: 'MDMErrorDomain' })]);
    expect(errorCodes(await runCommand(server, phone, removeProfile('com.example.mini.enroll.ca')))).toEqual([12075]);
  });

  it('refuses garbage, and a global proxy on an unsupervised phone', async () => {
    const phone = await enrolledPhone(server, { supervised: false });
    const notAProfile = Buffer.from('<?xml version="1.0"?><plist><string>x</string></plist>');
    expect(errorCodes(await runCommand(server, phone, installProfile(notAProfile)))).toEqual([4001, 1000]);
    const tampered = server.signWithCa(mobileconfig('com.lease.x', restrictions({ allowCamera: false })));
    tampered[tampered.indexOf('allowCamera')] ^= 1;
    expect(errorCodes(await runCommand(server, phone, installProfile(tampered)))).toEqual([4001, 1004]);
    const proxy = mobileconfig('com.lease.proxy', { PayloadType: 'com.apple.proxy.http.global', ProxyType: 'Auto', ProxyPACURL: 'https://pac.example.com' });
    expect(errorCodes(await runCommand(server, phone, installProfile(Buffer.from(proxy))))).toEqual([4001, 4025]);
    expect(Object.keys(phone.state.profiles)).toEqual(['com.example.mini.enroll']);
  });

  it('unenrols after acknowledging the removal of its own MDM profile, checking out first', async () => {
    const phone = await enrolledPhone(server);
    const [uuid] = server.enqueue(phone.udid, removeProfile('com.example.mini.enroll'));
    expect(await phone.connect()).toMatchObject({ outcome: 'after-effect', effect: { kind: 'unenroll' } });
    expect(server.resultOf(phone.udid, uuid)?.status).toBe('Acknowledged');
    expect(server.devices.get(phone.udid)?.checkedOut).toBe(true);
    expect(phone.state.enrollment).toMatchObject({ status: 'unenrolled', reason: 'server-removed' });
  });
});

describe('Settings', () => {
  it('sets the wallpaper: the first one on both screens (iOS 16+), then each screen as asked', async () => {
    const phone = await enrolledPhone(server, { osVersion: '17.5.1' });
    const first = await runCommand(server, phone, wallpaperSettings(PNG, 1));
    expect(first).toMatchObject({ Status: 'Acknowledged', Settings: { Status: 'Acknowledged' } });
    const png = { bytes: PNG.length, sha256: sha256(PNG) };
    expect(phone.state.wallpaper).toEqual({ where: 1, lockScreen: png, homeScreen: png });
    await runCommand(server, phone, wallpaperSettings(JPEG, 2));
    expect(phone.state.wallpaper).toEqual({ where: 2, lockScreen: png, homeScreen: { bytes: JPEG.length, sha256: sha256(JPEG) } });
  });

  it('reports a bad image, an unknown item and a supervised-only item per item', async () => {
    const phone = await enrolledPhone(server);
    const teleport = rawCommand('Settings', { Settings: [{ Item: 'Teleport', Enabled: true }] });
    const [bad, unknown] = await runCommands(server, phone, wallpaperSettings(Buffer.from('GIF89a'), 3), teleport);
    const badImage = expect.objectContaining({ ErrorCode: 28001, ErrorDomain: 'MCSettingsErrorDomain' });
    expect(bad).toMatchObject({ Status: 'Acknowledged', Settings: { Status: 'Error', ErrorChain: [badImage] } });
    expect(unknown).toMatchObject({ Settings: { Status: 'Error', ErrorChain: [expect.objectContaining({ ErrorCode: 28000 })] } });
    const unsupervised = await enrolledPhone(server, { supervised: false });
    const rename = rawCommand('Settings', {
      Settings: [
        { Item: 'DeviceName', DeviceName: '张三的 iPhone' },
        { Item: 'DataRoaming', Enabled: false },
      ],
    });
    const [refused] = await runCommands(server, unsupervised, rename);
    expect(refused).toMatchObject({ Settings: { Status: 'Error', ErrorChain: [expect.objectContaining({ ErrorCode: 29000 })] } });
    expect(unsupervised.state).toMatchObject({ deviceName: 'iPhone', settings: { DataRoaming: false } });
  });

  it('answers per item in an array when asked to behave like phones in the field', async () => {
    const phone = await enrolledPhone(server, { settingsResultShape: 'array' });
    const settings = rawCommand('Settings', { Settings: [{ Item: 'DeviceName', DeviceName: '门店样机' }, { Item: 'Bluetooth' }] });
    const result = await runCommand(server, phone, settings);
    expect(result.Settings).toEqual([
      { Item: 'DeviceName', Status: 'Acknowledged' },
      { Item: 'Bluetooth', Status: 'CommandFormatError' },
    ]);
    expect(phone.state.deviceName).toBe('门店样机');
    // Apple's schema types Settings as a dictionary, so the validator flags the field shape; that is the point of this mode.
    expect(server.problems.splice(0)).toEqual(['Settings: Settings expected <dictionary>']);
  });
});

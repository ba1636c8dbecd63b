import { describe, expect, it } from 'vitest';
import * as commands from './commands.ts';
import { type MdmCommand, WallpaperWhere } from './commands.ts';
import { buildPlist, parsePlistDict } from './plist.ts';
import { validateCommand } from './schema/validate.ts';

const png = Buffer.from('89504e470d0a1a0a', 'hex');

const built: [string, MdmCommand][] = [
  ['DeviceInformation', commands.deviceInformation()],
  ['SecurityInfo', commands.securityInfo()],
  ['InstalledApplicationList', commands.installedApplicationList({ managedAppsOnly: false, identifiers: ['com.example.app'] })],
  ['EnableLostMode', commands.enableLostMode({ message: '此设备已锁定', phoneNumber: '4001234567', footnote: '请联系门店' })],
  ['DisableLostMode', commands.disableLostMode()],
  ['PlayLostModeSound', commands.playLostModeSound()],
  ['DeviceLocation', commands.deviceLocation()],
  ['RestartDevice', commands.restartDevice()],
  ['ClearPasscode', commands.clearPasscode(Buffer.from('unlock-token'))],
  ['EraseDevice', commands.eraseDevice({ preserveDataPlan: true, disallowProximitySetup: true })],
  ['InstallProfile', commands.installProfile(Buffer.from('<plist/>'))],
  ['RemoveProfile', commands.removeProfile('com.lease.restrictions')],
  ['Settings', commands.wallpaperSettings(png, WallpaperWhere.BOTH)],
  ['AvailableOSUpdates', commands.availableOSUpdates()],
  [
    'ScheduleOSUpdate',
    commands.scheduleOSUpdate([
      { productKey: 'iOSUpdate22A3354', installAction: 'InstallASAP' },
      { productVersion: '18.1', installAction: 'DownloadOnly' },
    ]),
  ],
  ['OSUpdateStatus', commands.osUpdateStatus()],
  ['ActivationLockBypassCode', commands.activationLockBypassCode()],
  [
    'InstallApplication',
    commands.installApplication({ iTunesStoreId: 414478124 }, { managementFlags: 1, purchaseMethod: 1, removable: false, takeManagement: true }),
  ],
  ['InstallApplication (manifest)', commands.installApplication({ manifestUrl: 'https://apps.example.com/manifest.plist' })],
  ['InstallApplication (identifier)', commands.installApplication({ identifier: 'com.tencent.xin' })],
];

describe('command builders', () => {
  it.each(built)('%s matches Apple’s schema', (_name, cmd) => {
    expect(validateCommand(cmd)).toEqual([]);
  });

  it.each(built)('%s survives a plist round trip unchanged', (_name, cmd) => {
    expect(parsePlistDict(buildPlist(cmd))).toEqual(cmd);
  });

  it('draws a fresh upper-case CommandUUID unless the caller gives one', () => {
    const a = commands.restartDevice();
    expect(a.CommandUUID).toMatch(/^[0-9A-F-]{36}$/);
    expect(commands.restartDevice().CommandUUID).not.toBe(a.CommandUUID);
    expect(commands.restartDevice({ uuid: 'queue-row-7' }).CommandUUID).toBe('queue-row-7');
  });

  it('asks DeviceInformation for every fact the console shows', () => {
    const queries = commands.deviceInformation().Command.Queries;
    for (const q of ['IMEI', 'MEID', 'ServiceSubscriptions', 'BatteryLevel', 'ModelNumber', 'IsSupervised', 'IsActivationLockEnabled']) {
      expect(queries).toContain(q);
    }
  });

  it('refuses lost mode without a message or phone number, and leaves out empty fields', () => {
    expect(() => commands.enableLostMode({ message: '', phoneNumber: '' })).toThrow(/message or a phone number/);
    expect(commands.enableLostMode({ phoneNumber: '110', message: '' }).Command).toEqual({ RequestType: 'EnableLostMode', PhoneNumber: '110' });
  });
});

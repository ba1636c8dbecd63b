import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installProfile } from '../../../../../apps/server/src/mdm/apple/commands.ts';
import type { PlistDict } from '../../../../../apps/server/src/mdm/apple/plist.ts';
import { canLaunchApp, readConfigurationProfile, restrictionsInForce } from '../installed-profile.ts';
import { type MiniServer, startMiniServer } from '../test/mini-server.ts';
import { enrolledPhone, mobileconfig, runCommand } from '../test/phone-harness.ts';

let server: MiniServer;
beforeAll(async () => {
  server = await startMiniServer();
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.problems).toEqual([]);
});

const restrictions = (keys: PlistDict) => ({ PayloadType: 'com.apple.applicationaccess', ...keys });
const profile = (id: string, keys: PlistDict, supervised = true) =>
  readConfigurationProfile(Buffer.from(mobileconfig(id, restrictions(keys))), true, supervised);

describe('restrictions on the simulated iPhone', () => {
  it('applies only restricting values: an explicit allow or a force… at its default changes nothing', async () => {
    const phone = await enrolledPhone(server);
    const body = {
      allowEraseContentAndSettings: false,
      allowCamera: true,
      forceWiFiPowerOn: true,
      forceAutomaticDateAndTime: false,
      allowListedAppBundleIDs: ['com.apple.Preferences', 'com.tencent.xin'],
    };
    expect((await runCommand(server, phone, installProfile(Buffer.from(mobileconfig('com.lease.r', restrictions(body)))))).Status).toBe('Acknowledged');
    expect(phone.state.profiles['com.lease.r'].restrictions).toEqual(['allowEraseContentAndSettings', 'forceWiFiPowerOn', 'allowListedAppBundleIDs']);
  });

  it('installs on an unsupervised phone but ignores what needs supervision, as iOS does', async () => {
    const phone = await enrolledPhone(server, { supervised: false });
    const body = { allowEraseContentAndSettings: false, allowScreenShot: false, allowCamera: false, blockedAppBundleIDs: ['com.ss.iphone.ugc.Aweme'] };
    expect((await runCommand(server, phone, installProfile(Buffer.from(mobileconfig('com.lease.r', restrictions(body)))))).Status).toBe('Acknowledged');
    expect(phone.state.profiles['com.lease.r'].restrictions).toEqual(['allowScreenShot', 'allowCamera']);
    expect(profile('x', body, false).ignoredRestrictions).toEqual(['allowEraseContentAndSettings', 'blockedAppBundleIDs']);
  });

  it('combines profiles the most restrictive way: allow-lists intersect, block-lists add up', () => {
    const a = profile('a', { allowListedAppBundleIDs: ['com.apple.mobilephone', 'com.tencent.xin', 'com.alipay.iphoneclient'], allowCamera: false });
    const b = profile('b', { whitelistedAppBundleIDs: ['com.apple.mobilephone', 'com.tencent.xin'], blockedAppBundleIDs: ['com.tencent.xin'] });
    const inForce = restrictionsInForce([a, b]);
    expect(inForce.keys).toEqual(['allowCamera', 'allowListedAppBundleIDs', 'blockedAppBundleIDs', 'whitelistedAppBundleIDs']);
    expect(canLaunchApp(inForce, 'com.apple.mobilephone')).toBe(true);
    expect(canLaunchApp(inForce, 'com.alipay.iphoneclient')).toBe(false);
    expect(canLaunchApp(inForce, 'com.tencent.xin')).toBe(false);
    expect(canLaunchApp(restrictionsInForce([profile('c', { allowCamera: false })]), 'com.tencent.xin')).toBe(true);
  });
});

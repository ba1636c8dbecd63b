import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { APPLE_APP_LIST_KEYS, APPLE_RESTRICTIONS, type AppleAppRestriction, ESSENTIAL_APPLE_APPS, diffAppleRestrictionKeys } from '@lease/shared';
import { installProfile } from '../../mdm/apple/commands.ts';
import { buildPlist, isPlistDict, parsePlistDict } from '../../mdm/apple/plist.ts';
import { resolveSchemaDir } from '../../mdm/apple/schema/schema-dir.ts';
import { validateCommand, validateProfile, validateProfilePayload } from '../../mdm/apple/schema/validate.ts';
import { type RestrictionInputs, buildRestrictionPayload, compareVersions, ignoredWithoutSupervision } from './restriction-payload.ts';
import { RESTRICTIONS_PROFILE_ID, describePayload, payloadOfCommand, restrictionCommand, restrictionsProfile } from './restriction-profile.ts';

const NONE: AppleAppRestriction = { enable: false, type: 0, list: [] };
const inputs = (over: Partial<RestrictionInputs> = {}): RestrictionInputs => ({
  systemRestriction: {},
  appRule: NONE,
  globalWhiteList: [],
  wallpaperAllowModify: true,
  enterpriseAppTrustUntil: null,
  osVersion: '17.5.1',
  ...over,
});
const NOW = new Date('2026-03-01T08:00:00Z');
const WECHAT = { app_name: '微信', bundle_id: 'com.tencent.xin' };
const DOUYIN = { app_name: '抖音', bundle_id: 'com.ss.iphone.ugc.Aweme' };
const ALIPAY = { app_name: '支付宝', bundle_id: 'com.alipay.iphoneclient' };

interface YamlKey {
  key: string;
  type: string;
  default?: unknown;
  supportedOS?: { iOS?: { introduced?: string; supervised?: boolean; deprecated?: string } };
}
const yamlKeys = (): Map<string, YamlKey> => {
  const file = path.join(resolveSchemaDir(), 'mdm', 'profiles', 'com.apple.applicationaccess.yaml');
  const doc = parse(fs.readFileSync(file, 'utf8')) as { payloadkeys: YamlKey[] };
  return new Map(doc.payloadkeys.map((k) => [k.key, k]));
};

describe('the restriction catalogue, against Apple’s schema', () => {
  const apple = yamlKeys();
  it.each(APPLE_RESTRICTIONS.map((r) => [r.key, r] as const))(
    '%s: a boolean for iOS, restricting against its default, supervision and version as Apple says',
    (key, item) => {
      const spec = apple.get(key);
      expect(spec, `${key} is not in Apple's schema`).toBeDefined();
      expect(spec!.type).toBe('<boolean>');
      const ios = spec!.supportedOS?.iOS ?? {};
      expect(ios.introduced ?? '4.0').not.toBe('n/a');
      expect(ios.deprecated).toBeUndefined();
      expect(item.restrictedValue).toBe(!spec!.default);
      expect(item.supervised).toBe(ios.supervised === true);
      if (ios.introduced) expect(item.minIos).toBe(ios.introduced);
    },
  );

  it('names the app-list keys as Apple does, all supervised, and the legacy ones as deprecated in 15', () => {
    for (const k of Object.values(APPLE_APP_LIST_KEYS)) {
      expect(apple.get(k.current)?.supportedOS?.iOS).toMatchObject({ introduced: '15.0', supervised: true });
      expect(apple.get(k.legacy)?.supportedOS?.iOS).toMatchObject({ introduced: '9.3', supervised: true, deprecated: '15.0' });
    }
  });

  it('diffs maps by what they restrict: an explicit allow equals a missing key', () => {
    expect(
      diffAppleRestrictionKeys(
        { allowCamera: true, allowEraseContentAndSettings: false, forceWiFiPowerOn: true },
        { allowFindMyDevice: false, forceWiFiPowerOn: true },
      ),
    ).toEqual(['allowEraseContentAndSettings', 'allowFindMyDevice']);
  });
});

describe('buildRestrictionPayload', () => {
  it('holds only restricting values of the map, in a stable order, and is a valid Restrictions payload', () => {
    const body = buildRestrictionPayload(
      inputs({ systemRestriction: { allowEraseContentAndSettings: false, allowCamera: true, forceWiFiPowerOn: true, forceAutomaticDateAndTime: false } }),
      NOW,
    );
    expect(body).toEqual({ allowEraseContentAndSettings: false, forceWiFiPowerOn: true });
    expect(Object.keys(body!)).toEqual(['allowEraseContentAndSettings', 'forceWiFiPowerOn']);
  });

  it('is null when nothing is restricted, so the profile is removed instead of installed empty', () => {
    expect(buildRestrictionPayload(inputs({ systemRestriction: { allowCamera: true } }), NOW)).toBeNull();
    expect(buildRestrictionPayload(inputs({ appRule: { enable: true, type: 0, list: [] } }), NOW)).toBeNull();
    expect(buildRestrictionPayload(inputs({ appRule: { enable: false, type: 2, list: [WECHAT] } }), NOW)).toBeNull();
  });

  it('adds allowWallpaperModification false when the wallpaper was set without allow_modify', () => {
    expect(buildRestrictionPayload(inputs({ wallpaperAllowModify: false }), NOW)).toEqual({ allowWallpaperModification: false });
  });

  it('lifts only enterprise trust while the window is open, and puts it back after', () => {
    const base = { systemRestriction: { allowEnterpriseAppTrust: false, allowCamera: false } };
    const open = buildRestrictionPayload(inputs({ ...base, enterpriseAppTrustUntil: new Date(NOW.getTime() + 60_000) }), NOW);
    expect(open).toEqual({ allowCamera: false, allowEnterpriseAppTrust: true });
    expect(buildRestrictionPayload(inputs({ ...base, enterpriseAppTrustUntil: new Date(NOW.getTime() - 1) }), NOW)).toEqual({
      allowCamera: false,
      allowEnterpriseAppTrust: false,
    });
    // Trust alone left open restricts nothing: no profile at all.
    expect(
      buildRestrictionPayload(
        inputs({ systemRestriction: { allowEnterpriseAppTrust: false }, enterpriseAppTrustUntil: new Date(NOW.getTime() + 60_000) }),
        NOW,
      ),
    ).toBeNull();
  });

  it('allow-lists the essential apps and the store white list with the chosen apps, never locking the phone out', () => {
    const body = buildRestrictionPayload(
      inputs({ appRule: { enable: true, type: 2, list: [WECHAT, ALIPAY] }, globalWhiteList: [ALIPAY, { bundle_id: 'com.autonavi.amap' }] }),
      NOW,
    );
    expect(body).toEqual({
      allowListedAppBundleIDs: [...ESSENTIAL_APPLE_APPS.map((a) => a.bundle_id), 'com.alipay.iphoneclient', 'com.autonavi.amap', 'com.tencent.xin'],
    });
    expect(body!.allowListedAppBundleIDs).toEqual(expect.arrayContaining(['com.apple.mobilephone', 'com.apple.Preferences', 'com.apple.MobileSMS']));
  });

  it('block-lists the chosen apps except what the store white list always allows', () => {
    const body = buildRestrictionPayload(inputs({ appRule: { enable: true, type: 1, list: [DOUYIN, ALIPAY] }, globalWhiteList: [ALIPAY] }), NOW);
    expect(body).toEqual({ blockedAppBundleIDs: ['com.ss.iphone.ugc.Aweme'] });
    expect(buildRestrictionPayload(inputs({ appRule: { enable: true, type: 1, list: [ALIPAY] }, globalWhiteList: [ALIPAY] }), NOW)).toBeNull();
  });

  it('uses the pre-iOS 15 key names on older phones', () => {
    expect(Object.keys(buildRestrictionPayload(inputs({ osVersion: '14.8', appRule: { enable: true, type: 2, list: [WECHAT] } }), NOW)!)).toEqual([
      'whitelistedAppBundleIDs',
    ]);
    expect(Object.keys(buildRestrictionPayload(inputs({ osVersion: '12.5.7', appRule: { enable: true, type: 1, list: [DOUYIN] } }), NOW)!)).toEqual([
      'blacklistedAppBundleIDs',
    ]);
    expect(compareVersions('15.0.1', '15.0')).toBeGreaterThan(0);
    expect(compareVersions('9.3', '15.0')).toBeLessThan(0);
  });

  it('knows which restrictions an unsupervised phone ignores', () => {
    const body = buildRestrictionPayload(
      inputs({ systemRestriction: { allowEraseContentAndSettings: false, allowScreenShot: false }, appRule: { enable: true, type: 1, list: [DOUYIN] } }),
      NOW,
    );
    expect(ignoredWithoutSupervision(body)).toEqual(['allowEraseContentAndSettings', 'blockedAppBundleIDs']);
    expect(describePayload(body, false)).toContain('本机未监管，其中 2 项需监管才生效');
    expect(describePayload(body, true)).toBe('设备已应用 3 项限制：禁止抹掉所有内容和设置、禁止截屏和录屏、应用黑名单（1 个应用）');
    expect(describePayload({ forceWiFiPowerOn: true, allowEnterpriseAppTrust: true }, true)).toBe(
      '设备已应用 1 项限制：强制保持 Wi-Fi 开启；临时允许信任企业级应用',
    );
  });
});

describe('the restrictions profile and its commands', () => {
  const every = Object.fromEntries(APPLE_RESTRICTIONS.map((r) => [r.key, r.restrictedValue]));
  const full = buildRestrictionPayload(
    inputs({
      systemRestriction: every,
      wallpaperAllowModify: false,
      appRule: { enable: true, type: 2, list: [WECHAT] },
      enterpriseAppTrustUntil: new Date(NOW.getTime() + 1000),
    }),
    NOW,
  )!;

  it('validates against Apple’s schema with every catalogue key, an allow-list and the trust window', () => {
    const profile = parsePlistDict(restrictionsProfile(full));
    expect(validateProfile(profile)).toEqual([]);
    const [payload] = profile.PayloadContent as unknown[];
    expect(isPlistDict(payload as never) && validateProfilePayload(payload as never)).toEqual([]);
    expect(profile).toMatchObject({ PayloadIdentifier: RESTRICTIONS_PROFILE_ID, PayloadType: 'Configuration' });
    const block = buildRestrictionPayload(inputs({ osVersion: '14.0', appRule: { enable: true, type: 1, list: [DOUYIN] } }), NOW)!;
    expect(validateProfile(parsePlistDict(restrictionsProfile(block)))).toEqual([]);
  });

  it('installs with InstallProfile and removes with RemoveProfile naming the one identifier, both valid commands', () => {
    const install = restrictionCommand(full, 'A1B2C3D4-0000-4000-8000-000000000001');
    expect(validateCommand(install)).toEqual([]);
    const remove = restrictionCommand(null, 'A1B2C3D4-0000-4000-8000-000000000002');
    expect(validateCommand(remove)).toEqual([]);
    expect(remove.Command).toEqual({ RequestType: 'RemoveProfile', Identifier: RESTRICTIONS_PROFILE_ID });
  });

  it('reads back the payload an InstallProfile carried, exactly', () => {
    const xml = buildPlist(installProfile(restrictionsProfile(full), { uuid: 'A1B2C3D4-0000-4000-8000-000000000003' }));
    expect(payloadOfCommand(xml)).toEqual(full);
    expect(payloadOfCommand(buildPlist(restrictionCommand(null, 'A1B2C3D4-0000-4000-8000-000000000004')))).toBeNull();
  });
});

import { EnrollmentStatus, LockStatus, Perm, RecycledStatus } from '@lease/shared';
import { describe, expect, it } from 'vitest';
import { canSetAppRestriction, canSetSystemRestriction, canTrustEnterpriseApps } from './restrictionActions.ts';
import { stateOf } from './restrictionState.fixture.ts';
import {
  appListOf,
  effectiveSystemKeys,
  restrictionRows,
  sameAppList,
  syncSummary,
  systemRestrictionSummary,
  trustRemaining,
  unsupervisedKeys,
} from './restrictionStatus.ts';

describe('restrictionRows', () => {
  it('says per restriction whether the phone has it, is getting it, ignores it or still has to drop it', () => {
    const s = stateOf({
      supervised: false,
      desired_payload: { allowEraseContentAndSettings: false, allowScreenShot: false, forceWiFiPowerOn: true, allowEnterpriseAppTrust: true },
      installed_payload: { allowEraseContentAndSettings: false, allowScreenShot: false, allowCamera: false, blockedAppBundleIDs: ['x.y'] },
      diff_system_restriction_keys: ['allowScreenShot'],
      in_sync: false,
    });
    expect(restrictionRows(s).map((r) => [r.key, r.status, r.differsFromDefault])).toEqual([
      ['allowEraseContentAndSettings', 'ignored', false],
      ['forceWiFiPowerOn', 'not-applied', false],
      ['allowCamera', 'to-remove', false],
      ['allowScreenShot', 'applied', true],
    ]);
    const pending = restrictionRows({
      ...s,
      supervised: true,
      pending: { operation_log_id: 'o', action: 'set-system-restriction', status: 0, date_created: '' },
    });
    expect(pending.map((r) => r.status)).toEqual(['applied', 'pending', 'removing', 'applied']);
  });

  it('reads the app list of either key name and compares lists as sets', () => {
    expect(appListOf({ whitelistedAppBundleIDs: ['a.b'], allowCamera: false })).toEqual({ kind: 'allow', ids: ['a.b'] });
    expect(appListOf({ blockedAppBundleIDs: ['a.b'] })).toEqual({ kind: 'block', ids: ['a.b'] });
    expect(appListOf({ allowCamera: false })).toBeNull();
    expect(sameAppList({ kind: 'allow', ids: ['a', 'b'] }, { kind: 'allow', ids: ['b', 'a'] })).toBe(true);
    expect(sameAppList({ kind: 'allow', ids: ['a'] }, { kind: 'block', ids: ['a'] })).toBe(false);
  });
});

describe('syncSummary and the trust window', () => {
  it('is honest about pending, refused and drifted restrictions', () => {
    expect(syncSummary(stateOf()).type).toBe('success');
    expect(syncSummary(stateOf({ in_sync: false, pending: { operation_log_id: 'o', action: 'x', status: 1, date_created: '' } })).type).toBe('info');
    expect(syncSummary(stateOf({ in_sync: false, last_failure: { message: '设备拒绝', at: '' } })).text).toContain('设备拒绝了最近一次限制设置：设备拒绝');
    expect(syncSummary(stateOf({ in_sync: false })).type).toBe('warning');
  });

  it('counts the window down and is gone once it ends', () => {
    const now = Date.parse('2026-03-01T08:00:00Z');
    expect(trustRemaining('2026-03-01T08:05:07Z', now)).toBe('05:07');
    expect(trustRemaining('2026-03-01T09:30:00Z', now)).toBe('1 小时 30 分');
    expect(trustRemaining('2026-03-01T07:59:59Z', now)).toBeNull();
    expect(trustRemaining(null, now)).toBeNull();
  });

  it('names the chosen restrictions an unsupervised phone ignores', () => {
    expect(unsupervisedKeys(['allowEraseContentAndSettings', 'allowScreenShot'], false)).toEqual(['allowEraseContentAndSettings']);
    expect(unsupervisedKeys(['allowEraseContentAndSettings'], true)).toEqual([]);
  });
});

describe('restriction actions', () => {
  const device = {
    enrollment_status: EnrollmentStatus.ENROLLED,
    lock_status: LockStatus.UNLOCKED,
    recycled_status: RecycledStatus.ACTIVE,
    system_restriction: {},
  };
  it('hides each action without its permission and disables it for a phone not under management', () => {
    expect(canSetSystemRestriction(device, [Perm.APPLE_SET_APP_RESTRICTION]).permitted).toBe(false);
    expect(canSetAppRestriction(device, [Perm.APPLE_SET_SYSTEM_RESTRICTION]).permitted).toBe(false);
    expect(canSetAppRestriction(device, [Perm.APPLE_SET_APP_RESTRICTION]).allowed).toBe(true);
    expect(canSetSystemRestriction({ ...device, recycled_status: RecycledStatus.RECYCLED }, [Perm.APPLE_SET_SYSTEM_RESTRICTION])).toMatchObject({
      allowed: false,
      permitted: true,
    });
  });

  it('offers the trust window only while enterprise trust is restricted', () => {
    expect(canTrustEnterpriseApps(device, [Perm.APPLE_SET_SYSTEM_RESTRICTION])).toMatchObject({
      allowed: false,
      reason: expect.stringContaining('未开启「禁止信任企业级应用」'),
    });
    expect(canTrustEnterpriseApps({ ...device, system_restriction: { allowEnterpriseAppTrust: false } }, [Perm.APPLE_SET_SYSTEM_RESTRICTION]).allowed).toBe(
      true,
    );
  });
});

describe('systemRestrictionSummary', () => {
  it('counts the wallpaper lock of 设置壁纸 and never says 全部解除 while it is on', () => {
    expect(effectiveSystemKeys(new Set(), false)).toEqual(new Set(['allowWallpaperModification']));
    const text = systemRestrictionSummary(new Set(), false);
    expect(text).not.toContain('所有限制都已关闭');
    expect(text).toContain('开启的 1 项在手机上生效');
    expect(text).toContain('由壁纸设置控制');
    expect(systemRestrictionSummary(new Set(['allowScreenShot']), false)).toContain('开启的 2 项');
  });

  it('says all is off only when nothing is, and counts a wallpaper key chosen here once', () => {
    expect(systemRestrictionSummary(new Set(), true)).toMatch(/^所有限制都已关闭/);
    const both = systemRestrictionSummary(new Set(['allowWallpaperModification']), false);
    expect(both).toContain('开启的 1 项');
    expect(both).not.toContain('由壁纸设置控制');
  });
});

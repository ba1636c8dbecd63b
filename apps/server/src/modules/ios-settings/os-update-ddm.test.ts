import { describe, expect, it } from 'vitest';
import { type OsUpdateProgress, OsUpdateStatus, SuperviseStatus } from '@lease/shared';
import type { OsRelease } from '../../adapters/apple-software-lookup/pmv.ts';
import {
  ENFORCEMENT_TYPE,
  SETTINGS_TYPE,
  Status,
  deadlineOf,
  deferralProblem,
  effectiveDeferral,
  enforcementDeclaration,
  fromDdmStatus,
  heldBackReleases,
  installStateText,
  localDateTime,
  offeredReleases,
  settingsDeclaration,
  updatePathOf,
} from './os-update-ddm.ts';

const now = new Date('2026-03-01T08:00:00Z');

describe('updatePathOf', () => {
  it('sends iOS 17 and later through declarations, older phones through the MDM commands', () => {
    expect(updatePathOf('16.7.10')).toBe('command');
    expect(updatePathOf('15.8')).toBe('command');
    expect(updatePathOf('17.0')).toBe('ddm');
    expect(updatePathOf('18.1')).toBe('ddm');
    expect(updatePathOf('26')).toBe('ddm');
    expect(updatePathOf('')).toBeNull();
    expect(updatePathOf(null)).toBeNull();
  });
  it('asks the engine whether the phone is capable', () => {
    expect(updatePathOf('18.1', () => false)).toBe('command');
  });
});

describe('deferralProblem', () => {
  it('needs iOS 18 and supervision', () => {
    expect(deferralProblem('18.0', SuperviseStatus.SUPERVISED)).toBeNull();
    expect(deferralProblem('17.7', SuperviseStatus.SUPERVISED)).toContain('iOS 18');
    expect(deferralProblem('18.0', SuperviseStatus.UNSUPERVISED)).toContain('监管');
    expect(deferralProblem('', SuperviseStatus.SUPERVISED)).toContain('系统版本');
  });
});

describe('deadlines', () => {
  it('writes Apple’s local date time in the phone’s time zone, without an offset', () => {
    expect(localDateTime(new Date('2026-03-01T16:30:05Z'))).toBe('2026-03-02T00:30:05');
    expect(localDateTime(new Date('2026-03-01T16:30:05Z'), 'UTC')).toBe('2026-03-01T16:30:05');
  });
  it('installs soon for InstallASAP and a week on for DownloadOnly, in whole minutes', () => {
    expect(deadlineOf('InstallASAP', new Date('2026-03-01T08:00:20Z'))).toBe('2026-03-01T16:31:00');
    expect(deadlineOf('DownloadOnly', now)).toBe('2026-03-08T16:00:00');
    expect(deadlineOf('InstallASAP', now)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });
});

describe('declarations', () => {
  it('enforces the target version, build and deadline', () => {
    expect(enforcementDeclaration({ version: '18.6.2', build: '22G100', deadline: '2026-03-01T16:30:00' })).toEqual({
      type: ENFORCEMENT_TYPE,
      identifier: 'lease.os-update.enforcement',
      payload: { TargetOSVersion: '18.6.2', TargetBuildVersion: '22G100', TargetLocalDateTime: '2026-03-01T16:30:00' },
    });
    expect(enforcementDeclaration({ version: '18.6.2', deadline: 'x' }).payload).not.toHaveProperty('TargetBuildVersion');
  });
  it('holds updates back 1-90 days and refuses anything else', () => {
    expect(settingsDeclaration(30)).toEqual({
      type: SETTINGS_TYPE,
      identifier: 'lease.os-update.settings',
      payload: { Deferrals: { CombinedPeriodInDays: 30 } },
    });
    expect(() => settingsDeclaration(0)).toThrow(RangeError);
    expect(() => settingsDeclaration(91)).toThrow(RangeError);
    expect(() => settingsDeclaration(1.5)).toThrow(RangeError);
  });
  it('takes the phone’s own deferral unless it follows the store', () => {
    expect(effectiveDeferral(30, { followStore: true, days: 5 })).toBe(30);
    expect(effectiveDeferral(30, { followStore: false, days: 5 })).toBe(5);
    expect(effectiveDeferral(30, { followStore: false, days: null })).toBeNull();
  });
});

const release = (version: string, build: string, postingDate: string, extra: Partial<OsRelease> = {}): OsRelease => ({
  version,
  build,
  postingDate,
  expirationDate: null,
  devices: ['iPhone15,2', 'D73AP'],
  ...extra,
});
const releases = [
  release('18.6.2', '22G100', '2025-08-20'),
  release('26.1', '23B85', '2026-02-20'),
  release('18.1.1', '22B91', '2024-11-19'),
  release('18.0.1', '22A3370', '2024-10-03', { expirationDate: '2025-01-01' }),
  release('26.0.1', '23A355', '2025-09-29', { devices: ['iPhone17,1'] }),
];

describe('offeredReleases', () => {
  const phone = { hardwareId: 'iPhone15,2', osVersion: '18.1' };
  it('offers newer, unexpired releases for the phone’s hardware, newest first', () => {
    expect(offeredReleases(releases, phone, null, now).map((u) => u.Version)).toEqual(['26.1', '18.6.2', '18.1.1']);
    expect(offeredReleases(releases, phone, null, now)[0]).toEqual({
      ProductKey: 'iOSUpdate23B85',
      HumanReadableName: 'iOS 26.1',
      Version: '26.1',
      Build: '23B85',
    });
  });
  it('hides releases younger than the deferral, and says until when', () => {
    expect(offeredReleases(releases, phone, 30, now).map((u) => u.Version)).toEqual(['18.6.2', '18.1.1']);
    expect(heldBackReleases(releases, phone, 30, now)).toEqual([{ version: '26.1', until: new Date('2026-03-22T00:00:00Z') }]);
    expect(offeredReleases(releases, phone, 9, now).map((u) => u.Version)).toContain('26.1');
  });
  it('matches by board id and lets the offline list (no device list) go by the iPhone generation', () => {
    expect(offeredReleases(releases, { hardwareId: 'D73AP', osVersion: '18.6.2' }, null, now).map((u) => u.Version)).toEqual(['26.1']);
    const offline = [release('26.1', '23B85', '2025-11-03', { devices: null, minIphone: 12 })];
    expect(offeredReleases(offline, { hardwareId: 'iPhone11,8', osVersion: '18.1' }, null, now)).toEqual([]);
    expect(offeredReleases(offline, { hardwareId: 'iPhone12,1', osVersion: '18.1' }, null, now)).toHaveLength(1);
  });
});

describe('fromDdmStatus', () => {
  const enforced: OsUpdateProgress = {
    product_key: 'iOSUpdate22G100',
    version: '18.6.2',
    build: '22G100',
    install_action: 'InstallASAP',
    phase: 'scheduled',
    percent: null,
    path: 'ddm',
    deadline: '2026-03-01T16:30:00',
    updated_at: now.toISOString(),
  };
  it('maps Apple’s install states onto the record', () => {
    expect(fromDdmStatus({ [Status.INSTALL_STATE]: 'downloading' }, enforced, now)).toMatchObject({
      status: OsUpdateStatus.DOWNLOADING,
      progress: { phase: 'downloading', deadline: '2026-03-01T16:30:00' },
    });
    expect(fromDdmStatus({ [Status.INSTALL_STATE]: 'prepared' }, enforced, now)).toMatchObject({
      status: OsUpdateStatus.DOWNLOADED,
      progress: { phase: 'downloaded', percent: 100 },
    });
    expect(fromDdmStatus({ [Status.INSTALL_STATE]: 'installing' }, enforced, now)).toMatchObject({ status: OsUpdateStatus.INSTALLING });
    expect(fromDdmStatus({ [Status.INSTALL_STATE]: 'none' }, enforced, now)?.progress?.phase).toBe('waiting');
  });
  it('reads a failure with Apple’s reason and count', () => {
    const state = fromDdmStatus(
      { [Status.INSTALL_STATE]: 'failed', [Status.FAILURE_REASON]: { count: 2, reason: 'Insufficient storage', timestamp: '2026-03-01T09:00:00Z' } },
      enforced,
      now,
    );
    expect(state).toMatchObject({
      status: OsUpdateStatus.FAILED,
      progress: { phase: 'failed', message: '设备报告更新失败：Insufficient storage（已失败 2 次）' },
    });
  });
  it('ends as installed when the phone runs the target, and verifies after an install that went quiet', () => {
    expect(fromDdmStatus({ [Status.OS_VERSION]: '18.6.2' }, enforced, now)).toMatchObject({ status: OsUpdateStatus.IDLE, progress: { phase: 'installed' } });
    expect(fromDdmStatus({ [Status.INSTALL_STATE]: 'none' }, { ...enforced, phase: 'installing' }, now)?.progress?.phase).toBe('verifying');
  });
  it('ignores reports without news and updates of the command path', () => {
    expect(fromDdmStatus({ 'device.power.battery-health': 'normal' }, enforced, now)).toBeNull();
    expect(fromDdmStatus({ [Status.INSTALL_STATE]: 'downloading' }, { ...enforced, path: undefined }, now)).toBeNull();
    expect(fromDdmStatus({ [Status.INSTALL_STATE]: 'downloading' }, null, now)).toBeNull();
  });
});

describe('installStateText', () => {
  it('words the stored status for the operation log', () => {
    expect(installStateText({})).toBe('设备尚未上报系统更新状态（声明式管理）');
    expect(installStateText({ [Status.INSTALL_STATE]: 'downloading', [Status.PENDING_VERSION]: { 'os-version': '18.6.2', 'build-version': '22G100' } })).toBe(
      '系统更新状态：下载中；待装版本 iOS 18.6.2（22G100）',
    );
    expect(installStateText({ [Status.INSTALL_STATE]: 'failed', [Status.FAILURE_REASON]: { count: 1, reason: 'No network' } })).toBe(
      '系统更新状态：更新失败；原因：No network',
    );
  });
});

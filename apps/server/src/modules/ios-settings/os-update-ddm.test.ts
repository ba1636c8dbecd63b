import { describe, expect, it, vi } from 'vitest';
import { type OsUpdateProgress, OsUpdateStatus, SuperviseStatus } from '@lease/shared';
import type { OsRelease } from '../../adapters/apple-software-lookup/pmv.ts';
import {
  ENFORCEMENT_ID,
  ENFORCEMENT_TYPE,
  SETTINGS_ID,
  SETTINGS_TYPE,
  Status,
  ddmProgress,
  deadlineOf,
  deferralProblem,
  effectiveDeferral,
  enforcementDeclaration,
  failureReasonOf,
  fromDdmStatus,
  heldBackReleases,
  heldBackUntil,
  installStateOf,
  installStateText,
  localDateTime,
  offeredReleases,
  pendingVersionOf,
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

describe('declaration constants', () => {
  it('uses Apple’s exact declaration types and our identifiers', () => {
    expect(ENFORCEMENT_TYPE).toBe('com.apple.configuration.softwareupdate.enforcement.specific');
    expect(SETTINGS_TYPE).toBe('com.apple.configuration.softwareupdate.settings');
    expect(ENFORCEMENT_ID).toBe('lease.os-update.enforcement');
    expect(SETTINGS_ID).toBe('lease.os-update.settings');
  });
});

// The module-level constants are read once at import; a fresh import reads them again (Stryker activates a mutant only
// after the test file has loaded its modules, so the static imports above would not see a mutated constant).
describe('module constants, freshly imported', () => {
  it('keeps Apple’s declaration types, the install states and the waiting phase', async () => {
    vi.resetModules();
    const fresh = await import('./os-update-ddm.ts');
    expect(fresh.ENFORCEMENT_TYPE).toBe('com.apple.configuration.softwareupdate.enforcement.specific');
    expect(fresh.SETTINGS_TYPE).toBe('com.apple.configuration.softwareupdate.settings');
    expect(fresh.enforcementDeclaration({ version: '18.6.2', deadline: 'x' }).type).toBe('com.apple.configuration.softwareupdate.enforcement.specific');
    expect(fresh.settingsDeclaration(30).type).toBe('com.apple.configuration.softwareupdate.settings');
    for (const s of ['none', 'waiting', 'downloading', 'prepared', 'installing', 'failed']) expect(fresh.installStateOf(s)).toBe(s);
    expect(fresh.installStateOf('')).toBeNull();
    const previous: OsUpdateProgress = {
      product_key: 'iOSUpdate22G100',
      version: '18.6.2',
      install_action: 'InstallASAP',
      phase: 'scheduled',
      percent: null,
      updated_at: now.toISOString(),
      path: 'ddm',
    };
    expect(fresh.fromDdmStatus({ [fresh.Status.INSTALL_STATE]: 'waiting' }, previous, now)).toMatchObject({
      status: OsUpdateStatus.DOWNLOADING,
      progress: { phase: 'waiting' },
    });
  });
});

describe('version strings', () => {
  it('reads the major version only from the start of a dotted version', () => {
    expect(updatePathOf('17')).toBe('ddm');
    expect(updatePathOf('17.6.1')).toBe('ddm');
    expect(updatePathOf('16')).toBe('command');
    expect(updatePathOf('x17.1')).toBeNull();
    expect(updatePathOf('17abc')).toBeNull();
    expect(updatePathOf(undefined)).toBeNull();
  });
  it('words each deferral problem exactly', () => {
    expect(deferralProblem(null, SuperviseStatus.SUPERVISED)).toBe('设备尚未上报系统版本');
    expect(deferralProblem('x18.0', SuperviseStatus.SUPERVISED)).toBe('设备尚未上报系统版本');
    expect(deferralProblem('17.6.1', SuperviseStatus.SUPERVISED)).toBe('延迟更新需要 iOS 18 或更高版本（此设备为 iOS 17.6.1）');
    expect(deferralProblem('18', SuperviseStatus.UNSUPERVISED)).toBe('延迟更新仅对已监管的设备生效');
    expect(deferralProblem('18', SuperviseStatus.SUPERVISED)).toBeNull();
  });
});

describe('settingsDeclaration boundaries', () => {
  it('accepts exactly 1 and 90 days', () => {
    expect(settingsDeclaration(1).payload).toEqual({ Deferrals: { CombinedPeriodInDays: 1 } });
    expect(settingsDeclaration(90).payload).toEqual({ Deferrals: { CombinedPeriodInDays: 90 } });
  });
  it('refuses 0, 91 and fractions with a message naming the days', () => {
    expect(() => settingsDeclaration(0)).toThrow(new RangeError('deferral of 0 days is outside 1-90'));
    expect(() => settingsDeclaration(91)).toThrow(new RangeError('deferral of 91 days is outside 1-90'));
    expect(() => settingsDeclaration(-1)).toThrow('deferral of -1 days is outside 1-90');
  });
});

describe('heldBackUntil', () => {
  it('is null without a deferral (null or 0 days) and for an unreadable posting date', () => {
    expect(heldBackUntil({ postingDate: '2026-02-20' }, null)).toBeNull();
    expect(heldBackUntil({ postingDate: '2026-02-20' }, 0)).toBeNull();
    expect(heldBackUntil({ postingDate: 'not a date' }, 30)).toBeNull();
  });
  it('is midnight UTC of the posting date plus the days', () => {
    expect(heldBackUntil({ postingDate: '2026-02-20' }, 1)).toEqual(new Date('2026-02-21T00:00:00Z'));
    expect(heldBackUntil({ postingDate: '2026-02-20' }, 90)).toEqual(new Date('2026-05-21T00:00:00Z'));
  });
});

describe('offeredReleases boundaries', () => {
  const phone = { hardwareId: 'iPhone15,2', osVersion: '18.6.2' };
  const versions = (list: OsRelease[], deferral: number | null = null, at = now) => offeredReleases(list, phone, deferral, at).map((u) => u.Version);
  it('does not offer the version the phone runs, nor an older one', () => {
    expect(versions([release('18.6.2', '22G100', '2025-08-20'), release('18.6.1', '22G90', '2025-08-05')])).toEqual([]);
    expect(versions([release('18.6.3', '22G110', '2025-09-01')])).toEqual(['18.6.3']);
  });
  it('offers a release until the end of its expiration day (UTC), not after', () => {
    expect(versions([release('18.7', '22H20', '2025-09-15', { expirationDate: '2026-03-01' })])).toEqual(['18.7']);
    expect(versions([release('18.7', '22H20', '2025-09-15', { expirationDate: '2026-03-02' })])).toEqual(['18.7']);
    expect(versions([release('18.7', '22H20', '2025-09-15', { expirationDate: '2026-02-28' })])).toEqual([]);
    expect(versions([release('18.7', '22H20', '2025-09-15', { expirationDate: '' })])).toEqual(['18.7']);
  });
  it('offers a release the moment the deferral ends (posting date exactly N days ago, midnight UTC)', () => {
    const midnight = new Date('2026-03-01T00:00:00Z');
    const list = [release('26.1', '23B85', '2026-02-20')];
    expect(versions(list, 9, midnight)).toEqual(['26.1']);
    expect(heldBackReleases(list, phone, 9, midnight)).toEqual([]);
    expect(versions(list, 9, new Date(midnight.getTime() - 1))).toEqual([]);
    expect(heldBackReleases(list, phone, 9, new Date(midnight.getTime() - 1))).toEqual([{ version: '26.1', until: midnight }]);
    expect(versions(list, 10, midnight)).toEqual([]);
  });
});

describe('heldBackReleases', () => {
  const recent = (version: string, extra: Partial<OsRelease> = {}) => release(version, `B${version}`, '2026-02-25', extra);
  const phone = { hardwareId: 'iPhone15,2', osVersion: '18.6.2' };
  it('holds back only newer releases for the phone’s hardware', () => {
    const list = [recent('18.6.2'), recent('18.5'), recent('26.2', { devices: ['iPhone17,1'] }), recent('26.1')];
    expect(heldBackReleases(list, phone, 30, now)).toEqual([{ version: '26.1', until: new Date('2026-03-27T00:00:00Z') }]);
  });
  it('takes every newer release when the hardware is unknown', () => {
    const list = [recent('26.2', { devices: ['iPhone17,1'] }), recent('18.5')];
    expect(heldBackReleases(list, { hardwareId: '', osVersion: '18.6.2' }, 30, now).map((r) => r.version)).toEqual(['26.2']);
    expect(offeredReleases(list, { hardwareId: '', osVersion: '18.6.2' }, null, now).map((r) => r.Version)).toEqual(['26.2']);
  });
  it('holds nothing back without a deferral, nor releases whose deferral has passed', () => {
    expect(heldBackReleases([recent('26.1')], phone, null, now)).toEqual([]);
    expect(heldBackReleases([recent('26.1')], phone, 0, now)).toEqual([]);
    expect(heldBackReleases([recent('26.1')], phone, 4, now)).toEqual([]);
    expect(heldBackReleases([release('26.1', '23B85', '2026-03-02')], phone, null, now)).toEqual([]);
  });
});

describe('status item readers', () => {
  it('knows exactly Apple’s six install states', () => {
    for (const s of ['none', 'waiting', 'downloading', 'prepared', 'installing', 'failed']) expect(installStateOf(s)).toBe(s);
    expect(installStateOf('bogus')).toBeNull();
    expect(installStateOf('')).toBeNull();
    expect(installStateOf(5)).toBeNull();
    expect(installStateOf(null)).toBeNull();
    expect(installStateOf(undefined)).toBeNull();
  });
  it('reads the pending version, ignoring malformed values', () => {
    expect(pendingVersionOf({ 'os-version': '18.6.2', 'build-version': '22G100' })).toEqual({ version: '18.6.2', build: '22G100' });
    expect(pendingVersionOf({ 'os-version': '18.6.2' })).toEqual({ version: '18.6.2', build: '' });
    expect(pendingVersionOf({ 'os-version': '18.6.2', 'build-version': 22 })).toEqual({ version: '18.6.2', build: '' });
    expect(pendingVersionOf({ 'os-version': '' })).toBeNull();
    expect(pendingVersionOf({ 'os-version': 18 })).toBeNull();
    expect(pendingVersionOf({})).toBeNull();
    expect(pendingVersionOf(null)).toBeNull();
    expect(pendingVersionOf(undefined)).toBeNull();
    expect(pendingVersionOf('18.6.2')).toBeNull();
  });
  it('reads the failure reason: none without failures, a default text without a reason', () => {
    expect(failureReasonOf({ count: 1, reason: 'No network' })).toBe('No network');
    expect(failureReasonOf({ count: 3, reason: 'No network' })).toBe('No network（已失败 3 次）');
    expect(failureReasonOf({ count: 1 })).toBe('设备未说明原因');
    expect(failureReasonOf({ count: 1, reason: '' })).toBe('设备未说明原因');
    expect(failureReasonOf({ count: 2, reason: 5 })).toBe('设备未说明原因（已失败 2 次）');
    expect(failureReasonOf({ count: 0, reason: 'No network' })).toBeNull();
    expect(failureReasonOf({ count: -1, reason: 'No network' })).toBeNull();
    expect(failureReasonOf({ count: '2', reason: 'No network' })).toBeNull();
    expect(failureReasonOf({ reason: 'No network' })).toBeNull();
    expect(failureReasonOf(null)).toBeNull();
    expect(failureReasonOf(undefined)).toBeNull();
    expect(failureReasonOf('No network')).toBeNull();
  });
});

describe('fromDdmStatus mapping', () => {
  const enforced: OsUpdateProgress = {
    product_key: 'iOSUpdate22G100',
    version: '18.6.2',
    build: '22G100',
    install_action: 'InstallASAP',
    phase: 'downloading',
    percent: 40,
    path: 'ddm',
    deadline: '2026-03-01T16:30:00',
    updated_at: '2026-03-01T07:00:00.000Z',
  };
  const at = (phase: OsUpdateProgress['phase'], percent: number | null = enforced.percent) => ({ ...enforced, phase, percent, updated_at: now.toISOString() });
  it('maps each install state to its phase, status and percent', () => {
    const read = (state: string, previous = enforced) => fromDdmStatus({ [Status.INSTALL_STATE]: state }, previous, now);
    expect(read('waiting')).toEqual({ status: OsUpdateStatus.DOWNLOADING, progress: at('waiting'), poll: true });
    expect(read('none')).toEqual({ status: OsUpdateStatus.DOWNLOADING, progress: at('waiting'), poll: true });
    expect(read('downloading')).toEqual({ status: OsUpdateStatus.DOWNLOADING, progress: at('downloading'), poll: true });
    expect(read('prepared')).toEqual({ status: OsUpdateStatus.DOWNLOADED, progress: at('downloaded', 100), poll: false });
    expect(read('installing')).toEqual({ status: OsUpdateStatus.INSTALLING, progress: at('installing', 100), poll: true });
    expect(read('installing', { ...enforced, phase: 'installing', percent: null })?.progress).toEqual(at('installing', 100));
    expect(read('downloading', { ...enforced, phase: 'installing' })?.progress?.phase).toBe('downloading');
    expect(read('bogus')).toBeNull();
  });
  it('verifies when the phone goes quiet after installing or while verifying', () => {
    const quiet = (phase: OsUpdateProgress['phase']) => fromDdmStatus({ [Status.INSTALL_STATE]: 'none' }, { ...enforced, phase }, now);
    expect(quiet('installing')).toEqual({ status: OsUpdateStatus.INSTALLING, progress: at('verifying'), poll: true });
    expect(quiet('verifying')).toEqual({ status: OsUpdateStatus.INSTALLING, progress: at('verifying'), poll: true });
    expect(quiet('downloaded')?.progress?.phase).toBe('waiting');
  });
  it('ends as installed only at or past the target version, keeping the record', () => {
    const installed = { status: OsUpdateStatus.IDLE, progress: at('installed', 100), poll: false };
    expect(fromDdmStatus({ [Status.OS_VERSION]: '18.6.2' }, enforced, now)).toEqual(installed);
    expect(fromDdmStatus({ [Status.OS_VERSION]: '18.7', [Status.INSTALL_STATE]: 'downloading' }, enforced, now)).toEqual(installed);
    expect(fromDdmStatus({ [Status.OS_VERSION]: '18.1', [Status.INSTALL_STATE]: 'downloading' }, enforced, now)?.progress?.phase).toBe('downloading');
    expect(fromDdmStatus({ [Status.OS_VERSION]: '', [Status.INSTALL_STATE]: 'downloading' }, enforced, now)?.progress?.phase).toBe('downloading');
    expect(fromDdmStatus({ [Status.OS_VERSION]: 19, [Status.INSTALL_STATE]: 'downloading' }, enforced, now)?.progress?.phase).toBe('downloading');
    expect(fromDdmStatus({ [Status.OS_VERSION]: '18.1' }, enforced, now)).toBeNull();
  });
  it('words a failure without a reason', () => {
    expect(fromDdmStatus({ [Status.INSTALL_STATE]: 'failed' }, enforced, now)).toEqual({
      status: OsUpdateStatus.FAILED,
      progress: { ...at('failed'), message: '设备报告更新失败：设备未说明原因' },
      poll: false,
    });
    expect(fromDdmStatus({ [Status.INSTALL_STATE]: 'failed', [Status.FAILURE_REASON]: { count: 0 } }, enforced, now)?.progress?.message).toBe(
      '设备报告更新失败：设备未说明原因',
    );
  });
  it('ignores an enforced record without a version', () => {
    expect(fromDdmStatus({ [Status.INSTALL_STATE]: 'downloading' }, { ...enforced, version: '' }, now)).toBeNull();
  });
});

describe('ddmProgress', () => {
  it('records a freshly enforced update as scheduled', () => {
    expect(ddmProgress({ version: '18.6.2', build: '22G100', action: 'DownloadOnly', deadline: '2026-03-08T16:00:00' }, now)).toEqual({
      status: OsUpdateStatus.DOWNLOADING,
      progress: {
        product_key: 'iOSUpdate22G100',
        version: '18.6.2',
        install_action: 'DownloadOnly',
        path: 'ddm',
        build: '22G100',
        deadline: '2026-03-08T16:00:00',
        percent: null,
        phase: 'scheduled',
        updated_at: now.toISOString(),
      },
      poll: true,
    });
  });
});

describe('installStateText details', () => {
  it('writes the pending version without a build, and the failure only for a failed update', () => {
    expect(installStateText({ [Status.INSTALL_STATE]: 'waiting', [Status.PENDING_VERSION]: { 'os-version': '18.6.2' } })).toBe(
      '系统更新状态：等待开始；待装版本 iOS 18.6.2',
    );
    expect(installStateText({ [Status.INSTALL_STATE]: 'downloading', [Status.FAILURE_REASON]: { count: 1, reason: 'No network' } })).toBe(
      '系统更新状态：下载中',
    );
    expect(installStateText({ [Status.INSTALL_STATE]: 'failed' })).toBe('系统更新状态：更新失败');
    expect(installStateText({ [Status.INSTALL_STATE]: 'failed', [Status.FAILURE_REASON]: { count: 2 } })).toBe(
      '系统更新状态：更新失败；原因：设备未说明原因（已失败 2 次）',
    );
    expect(installStateText({ [Status.INSTALL_STATE]: 'bogus' })).toBe('设备尚未上报系统更新状态（声明式管理）');
  });
});

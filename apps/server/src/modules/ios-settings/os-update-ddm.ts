import {
  type AvailableOsUpdate,
  type DdmInstallState,
  type OsInstallAction,
  type OsUpdatePath,
  type OsUpdatePhase,
  type OsUpdateProgress,
  SuperviseStatus,
  compareOsVersions,
  ddmInstallStateLabel,
} from '@lease/shared';
import type { OsRelease } from '../../adapters/apple-software-lookup/pmv.ts';
import { runsOn } from '../../adapters/apple-software-lookup/pmv.ts';
import type { DeclarationInput, StatusValues } from '../../mdm/apple/ddm/ddm-port.ts';
import { type OsUpdateState, stateOf } from './os-update-answers.ts';
import { wallParts } from '../../domain/zoned-time.ts';

/**
 * The pure rules of OS updates through Declarative Device Management (iOS 17+): which path a phone takes, the
 * enforcement's deadline, the deferral declaration, the softwareupdate.* status read into our record, and the
 * release list a phone is offered.
 */

export const ENFORCEMENT_TYPE = 'com.apple.configuration.softwareupdate.enforcement.specific';
export const SETTINGS_TYPE = 'com.apple.configuration.softwareupdate.settings';
/** Our identifiers: one enforcement per phone, one settings declaration (store default or the phone's own). */
export const ENFORCEMENT_ID = 'lease.os-update.enforcement';
export const SETTINGS_ID = 'lease.os-update.settings';

/** The status items the module reads (Apple's dotted paths). */
export const Status = {
  INSTALL_STATE: 'softwareupdate.install-state',
  PENDING_VERSION: 'softwareupdate.pending-version',
  FAILURE_REASON: 'softwareupdate.failure-reason',
  OS_VERSION: 'device.operating-system.version',
} as const;

/** The phones are in mainland China; TargetLocalDateTime is the phone's local time, which has no offset. */
export const PHONE_TIME_ZONE = 'Asia/Shanghai';
/** InstallASAP: the phone installs once this lead has passed (time to download first). */
export const INSTALL_ASAP_LEAD_MS = 30 * 60_000;
/** DownloadOnly: the phone downloads now, the hirer may install any time, and it installs by itself after this. */
export const DOWNLOAD_ONLY_LEAD_MS = 7 * 86_400_000;

const majorOf = (osVersion: string | null | undefined) => {
  const m = /^(\d+)(\.|$)/.exec(osVersion ?? '');
  return m ? Number(m[1]) : null;
};

/**
 * updatePathOf: iOS 17 and later take updates by declaration (ScheduleOSUpdate and its siblings are removed there);
 * older phones by the MDM commands. A phone that has not reported its version yet has no path (null).
 */
export function updatePathOf(osVersion: string | null | undefined, ddmCapable: (v: string) => boolean = () => true): OsUpdatePath | null {
  const major = majorOf(osVersion);
  if (major === null) return null;
  return major >= 17 && ddmCapable(osVersion as string) ? 'ddm' : 'command';
}

/** deferralProblem is why a phone does not honour a deferral (softwareupdate.settings Deferrals: iOS 18+, supervised), or null. */
export function deferralProblem(osVersion: string | null | undefined, superviseStatus: number): string | null {
  const major = majorOf(osVersion);
  if (major === null) return '设备尚未上报系统版本';
  if (major < 18) return `延迟更新需要 iOS 18 或更高版本（此设备为 iOS ${osVersion}）`;
  if (superviseStatus !== SuperviseStatus.SUPERVISED) return '延迟更新仅对已监管的设备生效';
  return null;
}

/** localDateTime writes an instant as Apple's TargetLocalDateTime (yyyy-mm-ddThh:mm:ss, no offset) in `timeZone`. */
export function localDateTime(at: Date, timeZone = PHONE_TIME_ZONE): string {
  const parts = wallParts(at, timeZone);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** deadlineOf: InstallASAP shortly (after the download lead), DownloadOnly a week on; whole minutes, phone's local time. */
export function deadlineOf(action: OsInstallAction, now: Date, timeZone = PHONE_TIME_ZONE): string {
  const lead = action === 'InstallASAP' ? INSTALL_ASAP_LEAD_MS : DOWNLOAD_ONLY_LEAD_MS;
  const at = Math.ceil((now.getTime() + lead) / 60_000) * 60_000;
  return localDateTime(new Date(at), timeZone);
}

/** enforcementDeclaration is the phone's softwareupdate.enforcement.specific for one release and deadline. */
export function enforcementDeclaration(target: { version: string; build?: string | null; deadline: string }): DeclarationInput {
  const payload: Record<string, unknown> = { TargetOSVersion: target.version, TargetLocalDateTime: target.deadline };
  if (target.build) payload.TargetBuildVersion = target.build;
  return { type: ENFORCEMENT_TYPE, identifier: ENFORCEMENT_ID, payload };
}

/** settingsDeclaration holds major and minor updates back `days` days (Deferrals.CombinedPeriodInDays, 1-90). */
export function settingsDeclaration(days: number): DeclarationInput {
  if (!Number.isInteger(days) || days < 1 || days > 90) throw new RangeError(`deferral of ${days} days is outside 1-90`);
  return { type: SETTINGS_TYPE, identifier: SETTINGS_ID, payload: { Deferrals: { CombinedPeriodInDays: days } } };
}

/** effectiveDeferral: the phone's own days when it does not follow the store, else the store's (null: off). */
export const effectiveDeferral = (store: number | null, device: { followStore: boolean; days: number | null }) => (device.followStore ? store : device.days);

const DAY = 86_400_000;

/** heldBackUntil: the day a release reaches phones holding updates back `days` days (null: not held back). */
export function heldBackUntil(release: Pick<OsRelease, 'postingDate'>, days: number | null): Date | null {
  if (!days) return null;
  const posted = Date.parse(`${release.postingDate}T00:00:00Z`);
  return Number.isNaN(posted) ? null : new Date(posted + days * DAY);
}

/**
 * offeredReleases is what a DDM phone is offered: releases for its hardware, newer than what it runs, not expired,
 * and out of the deferral (a release younger than the deferral stays hidden until then). Newest first, as items of
 * the detail's available_os_updates; the product key names the build, as Apple's own keys do.
 */
export function offeredReleases(
  releases: readonly OsRelease[],
  phone: { hardwareId: string; osVersion: string },
  deferralDays: number | null,
  now: Date,
): AvailableOsUpdate[] {
  const today = now.toISOString().slice(0, 10);
  return releases
    .filter((r) => compareOsVersions(r.version, phone.osVersion) > 0)
    .filter((r) => !phone.hardwareId || runsOn(r, phone.hardwareId))
    .filter((r) => !r.expirationDate || r.expirationDate >= today)
    .filter((r) => {
      const until = heldBackUntil(r, deferralDays);
      return !until || until <= now;
    })
    .sort((a, b) => compareOsVersions(b.version, a.version))
    .map((r) => ({ ProductKey: `iOSUpdate${r.build}`, HumanReadableName: `iOS ${r.version}`, Version: r.version, Build: r.build }));
}

/** heldBackReleases: the releases the deferral hides from this phone now, for the console's note. */
export function heldBackReleases(releases: readonly OsRelease[], phone: { hardwareId: string; osVersion: string }, deferralDays: number | null, now: Date) {
  return releases
    .filter((r) => compareOsVersions(r.version, phone.osVersion) > 0 && (!phone.hardwareId || runsOn(r, phone.hardwareId)))
    .map((r) => ({ version: r.version, until: heldBackUntil(r, deferralDays) }))
    .filter((r): r is { version: string; until: Date } => r.until !== null && r.until > now);
}

const INSTALL_STATES = new Set<string>(['none', 'waiting', 'downloading', 'prepared', 'installing', 'failed']);
export const installStateOf = (v: unknown): DdmInstallState | null => (typeof v === 'string' && INSTALL_STATES.has(v) ? (v as DdmInstallState) : null);

/** pendingVersionOf reads softwareupdate.pending-version (os-version is empty when nothing is pending). */
export function pendingVersionOf(v: unknown): { version: string; build: string } | null {
  if (typeof v !== 'object' || v === null) return null;
  const d = v as Record<string, unknown>;
  const version = typeof d['os-version'] === 'string' ? d['os-version'] : '';
  return version ? { version, build: typeof d['build-version'] === 'string' ? d['build-version'] : '' } : null;
}

/** failureReasonOf reads softwareupdate.failure-reason: null without failures (count 0). */
export function failureReasonOf(v: unknown): string | null {
  if (typeof v !== 'object' || v === null) return null;
  const d = v as Record<string, unknown>;
  if (typeof d.count !== 'number' || d.count <= 0) return null;
  const reason = typeof d.reason === 'string' && d.reason ? d.reason : '设备未说明原因';
  return d.count > 1 ? `${reason}（已失败 ${d.count} 次）` : reason;
}

const PHASE_OF: Record<DdmInstallState, OsUpdatePhase> = {
  none: 'waiting',
  waiting: 'waiting',
  downloading: 'downloading',
  prepared: 'downloaded',
  installing: 'installing',
  failed: 'failed',
};

/**
 * fromDdmStatus reads a status report's softwareupdate.* items (`status`: the phone's latest values, the report's
 * merged in) against the enforced update. `none` after the phone was installing means it restarted on the new
 * system: 'verifying' until its OS version says so; otherwise `none` means it has not started yet. A reported OS
 * version at or past the target ends it as installed. Null: the report says nothing about this update.
 */
export function fromDdmStatus(status: StatusValues, previous: OsUpdateProgress | null, now: Date): OsUpdateState | null {
  if (previous?.path !== 'ddm' || !previous.version) return null;
  const osVersion = status[Status.OS_VERSION];
  if (typeof osVersion === 'string' && osVersion && compareOsVersions(osVersion, previous.version) >= 0) {
    return stateOf({ ...previous, percent: 100 }, 'installed', now);
  }
  const state = installStateOf(status[Status.INSTALL_STATE]);
  if (!state) return null;
  if (state === 'failed') {
    const reason = failureReasonOf(status[Status.FAILURE_REASON]);
    return stateOf(previous, 'failed', now, `设备报告更新失败：${reason ?? '设备未说明原因'}`);
  }
  if (state === 'none' && (previous.phase === 'installing' || previous.phase === 'verifying')) return stateOf(previous, 'verifying', now);
  const phase = PHASE_OF[state];
  const percent = phase === 'downloaded' || phase === 'installing' ? 100 : previous.percent;
  return stateOf({ ...previous, percent }, phase, now);
}

/** ddmProgress is the record of a freshly enforced update, before the phone has reported on it. */
export function ddmProgress(target: { version: string; build: string; action: OsInstallAction; deadline: string }, now: Date): OsUpdateState {
  const base = {
    product_key: `iOSUpdate${target.build}`,
    version: target.version,
    install_action: target.action,
    path: 'ddm' as const,
    build: target.build,
    deadline: target.deadline,
  };
  return stateOf(base, 'scheduled', now);
}

/** installStateText is the operation log's answer to get-os-update-status on a DDM phone, from its stored status. */
export function installStateText(status: StatusValues): string {
  const state = installStateOf(status[Status.INSTALL_STATE]);
  if (!state) return '设备尚未上报系统更新状态（声明式管理）';
  const pending = pendingVersionOf(status[Status.PENDING_VERSION]);
  const failure = state === 'failed' ? failureReasonOf(status[Status.FAILURE_REASON]) : null;
  return [
    `系统更新状态：${ddmInstallStateLabel[state]}`,
    pending ? `待装版本 iOS ${pending.version}${pending.build ? `（${pending.build}）` : ''}` : null,
    failure ? `原因：${failure}` : null,
  ]
    .filter(Boolean)
    .join('；');
}

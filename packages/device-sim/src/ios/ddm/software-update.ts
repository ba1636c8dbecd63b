import type { DeviceState } from '../device-state.ts';
import type { InstallState } from './ddm-state.ts';
import { activeEnforcements } from './declarations.ts';
import { compareVersions, modelRuns, releaseOf, releasedAt } from './ios-releases.ts';

/** offsetMs is how far `timeZone`'s wall clock is ahead of UTC at `at`. */
function offsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - at.getTime();
}

/** localDateTimeToInstant reads TargetLocalDateTime ('yyyy-mm-ddThh:mm:ss', no offset) as wall time in the phone's time zone. */
export function localDateTimeToInstant(local: string, timeZone: string): Date {
  const [date, time] = local.split('T');
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi, s] = time.split(':').map(Number);
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  return new Date(asUtc - offsetMs(new Date(asUtc), timeZone));
}

/**
 * planSoftwareUpdate follows the enforcement with the highest target (they apply together; the newest wins). A
 * phone already on the target or later has nothing to do. A target Apple never released, or one this model cannot
 * run, is a failed update (softwareupdate.failure-reason), not an invalid declaration. The enforcement reaches past
 * a deferral: the deferral hides updates from the user, the declaration names its release explicitly.
 */
export function planSoftwareUpdate(state: DeviceState, now: Date): void {
  const su = state.ddm.softwareUpdate;
  const enforcement = activeEnforcements(state)[0];
  const target = enforcement?.payload.TargetOSVersion as string | undefined;
  if (!enforcement || !target || compareVersions(target, state.os.version) <= 0) {
    su.pending = undefined;
    su.failure = { count: 0 };
    return;
  }
  const release = releaseOf(target);
  const problem =
    !release || releasedAt(release) > now
      ? `iOS ${target} is not available`
      : !modelRuns(state.hardware.model.productName, target)
        ? `${state.hardware.model.marketingName} cannot run iOS ${target}`
        : undefined;
  if (problem || !release) {
    su.pending = undefined;
    if (su.failure.target !== target) su.failure = { count: 1, reason: problem, at: now, target };
    return;
  }
  const deadline = localDateTimeToInstant(enforcement.payload.TargetLocalDateTime as string, state.timeZone);
  su.failure = { count: 0 };
  if (su.pending?.version === target) {
    su.pending.deadline = deadline;
    su.pending.declarationId = enforcement.identifier;
    return;
  }
  su.pending = { version: release.version, build: release.build, declarationId: enforcement.identifier, deadline, phase: 'downloading' };
}

export type UpdateStep = 'prepared' | 'installed';

/**
 * advanceSoftwareUpdate moves a pending update on as time passes: the download finishes (prepared), and at the
 * deadline the phone installs it, restarts on the new iOS and has nothing pending any more.
 */
export function advanceSoftwareUpdate(state: DeviceState, now: Date): UpdateStep | undefined {
  const su = state.ddm.softwareUpdate;
  const pending = su.pending;
  if (!pending) return undefined;
  if (now.getTime() >= pending.deadline.getTime()) {
    state.os = { version: pending.version, build: pending.build };
    state.counters.reboots += 1;
    su.pending = undefined;
    su.failure = { count: 0 };
    return 'installed';
  }
  if (pending.phase === 'downloading') {
    pending.phase = 'prepared';
    return 'prepared';
  }
  return undefined;
}

export function installStateOf(state: DeviceState): InstallState {
  const su = state.ddm.softwareUpdate;
  if (su.pending) return su.pending.phase;
  return su.failure.count > 0 ? 'failed' : 'none';
}

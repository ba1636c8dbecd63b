import { IOS_RELEASES, type IosRelease, compareVersions } from '../device-catalog.ts';
import { releaseOf, releasedAt } from '../ddm/ios-releases.ts';
import type { DeviceState, OsUpdateProgress } from '../device-state.ts';
import { type PlistDict, dictsOf, stringOf } from '../plist-codec.ts';
import { type HandlerSpec, type HandlerTable, acknowledged, errorChainOf, failed } from './command-outcome.ts';
import { MdmErrors } from './mdm-errors.ts';

const productKeyOf = (release: IosRelease) => `iOSUpdate${release.build}`;
const majorOf = (version: string) => version.split('.')[0];

/** deferredAt: a release still inside the phone's softwareupdate.settings deferral at `now` is not offered. */
function deferredAt(state: DeviceState, release: IosRelease, now: Date): boolean {
  const known = releaseOf(release.version);
  const days = state.ddm.deferralDays;
  return days !== undefined && known !== undefined && now.getTime() - releasedAt(known).getTime() < days * 86_400_000;
}

/** availableUpdates offers what Apple offers: the newest release of the current major and the newest of a later one. */
export function availableUpdates(state: DeviceState, now = new Date()): IosRelease[] {
  const newer = IOS_RELEASES.filter((r) => compareVersions(r.version, state.os.version) > 0 && !deferredAt(state, r, now));
  const sameMajor = newer.filter((r) => majorOf(r.version) === majorOf(state.os.version)).at(-1);
  const latest = newer.at(-1);
  return [sameMajor, latest].filter((r, i, all): r is IosRelease => r !== undefined && all.indexOf(r) === i);
}

function updateItem(release: IosRelease): PlistDict {
  return {
    ProductKey: productKeyOf(release),
    HumanReadableName: `iOS ${release.version}`,
    ProductName: 'iOS',
    Version: release.version,
    Build: release.build,
    DownloadSize: release.downloadSize,
    InstallSize: release.installSize,
    IsCritical: false,
    RestartRequired: true,
    AllowsInstallLater: true,
    IsSecurityResponse: false,
  };
}

/** INSTALL_ACTIONS maps the iOS install actions to what the phone does; Default downloads and installs. */
const INSTALL_ACTIONS: Record<string, OsUpdateProgress['action']> = { Default: 'InstallASAP', InstallASAP: 'InstallASAP', DownloadOnly: 'DownloadOnly' };

function schedule(state: DeviceState, request: PlistDict, now: Date): PlistDict {
  const productKey = stringOf(request, 'ProductKey');
  const productVersion = stringOf(request, 'ProductVersion');
  const release = availableUpdates(state, now).find((r) => productKeyOf(r) === productKey || r.version === productVersion);
  const action = INSTALL_ACTIONS[stringOf(request, 'InstallAction') ?? 'Default'];
  if (!release || !action) {
    const name = productKey ?? productVersion ?? 'unnamed';
    return {
      ProductKey: productKey ?? `iOSUpdate-${name}`,
      InstallAction: 'Error',
      Status: 'Idle',
      ErrorChain: errorChainOf([MdmErrors.noUpdateAvailable(name)]),
    };
  }
  const current = state.os.update?.productKey === productKeyOf(release) ? state.os.update : undefined;
  const downloaded = current !== undefined && current.percentComplete >= 1;
  state.os.update = {
    productKey: productKeyOf(release),
    version: release.version,
    build: release.build,
    action,
    percentComplete: current?.percentComplete ?? 0,
    phase: downloaded ? (action === 'InstallASAP' ? 'Installing' : 'Downloaded') : 'Downloading',
  };
  return {
    ProductKey: productKeyOf(release),
    InstallAction: action,
    Status: state.os.update.phase === 'Installing' ? 'Installing' : downloaded ? 'Idle' : 'Downloading',
  };
}

/**
 * advance moves a scheduled update one step per OSUpdateStatus query, so tests see progress without waiting: half
 * the download, the rest of it, then (InstallASAP) the install, after which the phone restarts on the new iOS.
 */
function advance(state: DeviceState): void {
  const update = state.os.update;
  if (!update) return;
  if (update.phase === 'Installing') {
    state.os = { version: update.version, build: update.build };
    state.counters.reboots += 1;
    return;
  }
  if (update.phase !== 'Downloading') return;
  update.percentComplete = Math.min(1, update.percentComplete + 0.5);
  if (update.percentComplete >= 1) update.phase = update.action === 'InstallASAP' ? 'Installing' : 'Downloaded';
}

function statusItem(update: OsUpdateProgress): PlistDict {
  return {
    ProductKey: update.productKey,
    IsDownloaded: update.percentComplete >= 1,
    DownloadPercentComplete: update.percentComplete,
    Status: update.phase === 'Downloaded' ? 'Idle' : update.phase,
  };
}

/** REMOVED_IN: Apple lists these commands as Removed (availability iOS 9.0 - 26.0): iOS 26 no longer takes them. */
export const LEGACY_UPDATE_COMMANDS_REMOVED_IN = '26.0';
/** From iOS 17 the declarations replace them; we record each one such a phone still gets, so tests can assert none does. */
const DECLARATIONS_REPLACE_FROM = '17.0';

/**
 * legacy wraps a removed software-update command. A phone on iOS 26 answers it as it answers any RequestType mdmd
 * has no handler for: Error, MCMDMErrorDomain 12021 (the same answer as an unknown command, supervised or not).
 * iOS 17 and 18 still run it (deprecated), but the phone records that it was asked.
 */
function legacy(run: HandlerSpec['run']): HandlerSpec {
  return {
    run: async (context) => {
      const { state, requestType, now } = context;
      const removed = compareVersions(state.os.version, LEGACY_UPDATE_COMMANDS_REMOVED_IN) >= 0;
      const outcome = removed
        ? failed(MdmErrors.unknownCommand(requestType))
        : !state.supervised
          ? failed(MdmErrors.notValidRequestType(requestType))
          : await run(context);
      if (compareVersions(state.os.version, DECLARATIONS_REPLACE_FROM) >= 0) {
        state.legacyUpdateCommands.push({
          requestType,
          osVersion: state.os.version,
          at: now,
          status: outcome.status === 'Acknowledged' ? 'Acknowledged' : 'Error',
        });
      }
      return outcome;
    },
  };
}

/** osUpdateHandlers list, schedule and report OS updates (all supervised-only on iOS, all removed in iOS 26). */
export const osUpdateHandlers: HandlerTable = {
  AvailableOSUpdates: legacy(({ state, now }) => acknowledged({ AvailableOSUpdates: availableUpdates(state, now).map(updateItem) })),
  ScheduleOSUpdate: legacy(({ state, request, now }) => acknowledged({ UpdateResults: dictsOf(request, 'Updates').map((u) => schedule(state, u, now)) })),
  OSUpdateStatus: legacy(({ state }) => {
    advance(state);
    return acknowledged({ OSUpdateStatus: state.os.update ? [statusItem(state.os.update)] : [] });
  }),
  // The scan only refreshes the phone's catalogue, which the simulator always has.
  ScheduleOSUpdateScan: legacy(() => acknowledged({ ScanInitiated: true })),
};

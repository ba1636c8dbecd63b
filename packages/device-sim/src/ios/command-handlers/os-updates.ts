import { IOS_RELEASES, type IosRelease, compareVersions } from '../device-catalog.ts';
import type { DeviceState, OsUpdateProgress } from '../device-state.ts';
import { type PlistDict, dictsOf, stringOf } from '../plist-codec.ts';
import { type HandlerTable, acknowledged, errorChainOf } from './command-outcome.ts';
import { MdmErrors } from './mdm-errors.ts';

const productKeyOf = (release: IosRelease) => `iOSUpdate${release.build}`;
const majorOf = (version: string) => version.split('.')[0];

/** availableUpdates offers what Apple offers: the newest release of the current major and the newest of a later one. */
export function availableUpdates(state: DeviceState): IosRelease[] {
  const newer = IOS_RELEASES.filter((r) => compareVersions(r.version, state.os.version) > 0);
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

function schedule(state: DeviceState, request: PlistDict): PlistDict {
  const productKey = stringOf(request, 'ProductKey');
  const productVersion = stringOf(request, 'ProductVersion');
  const release = availableUpdates(state).find((r) => productKeyOf(r) === productKey || r.version === productVersion);
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

/** osUpdateHandlers list, schedule and report OS updates (all supervised-only on iOS). */
export const osUpdateHandlers: HandlerTable = {
  AvailableOSUpdates: { supervisedOnly: true, run: ({ state }) => acknowledged({ AvailableOSUpdates: availableUpdates(state).map(updateItem) }) },
  ScheduleOSUpdate: {
    supervisedOnly: true,
    run: ({ state, request }) => acknowledged({ UpdateResults: dictsOf(request, 'Updates').map((u) => schedule(state, u)) }),
  },
  OSUpdateStatus: {
    supervisedOnly: true,
    run: ({ state }) => {
      advance(state);
      return acknowledged({ OSUpdateStatus: state.os.update ? [statusItem(state.os.update)] : [] });
    },
  },
};

import { type AvailableOsUpdate, type OsInstallAction, type OsUpdatePhase, type OsUpdateProgress, OsUpdateStatus, osUpdatePhaseLabel } from '@lease/shared';
import type { PlistDict } from '../../mdm/apple/plist.ts';

/** The pure reading of Apple's OS-update answers (AvailableOSUpdates, ScheduleOSUpdate, OSUpdateStatus) into our record. */

export const isDict = (v: unknown): v is PlistDict => typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v) && !(v instanceof Date);
const dictsIn = (v: unknown): PlistDict[] => (Array.isArray(v) ? v.filter(isDict) : []);
const str = (d: PlistDict, k: string) => (typeof d[k] === 'string' ? (d[k] as string) : undefined);
const num = (d: PlistDict, k: string) => (typeof d[k] === 'number' && Number.isFinite(d[k]) ? (d[k] as number) : undefined);
const bool = (d: PlistDict, k: string) => (typeof d[k] === 'boolean' ? (d[k] as boolean) : undefined);

/** chainText is the first ErrorChain entry as Apple words it, with its domain and code. */
export function chainText(chain: unknown): string {
  const first = dictsIn(chain)[0];
  if (!first) return '未知错误';
  const text = str(first, 'LocalizedDescription') ?? str(first, 'USEnglishDescription') ?? '未知错误';
  const code = first.ErrorCode !== undefined ? `（${str(first, 'ErrorDomain') ?? ''} ${String(first.ErrorCode)}）` : '';
  return `${text}${code}`;
}

/** readAvailableUpdates keeps the iOS keys of each AvailableOSUpdates item, dropping items without a key or version. */
export function readAvailableUpdates(response: PlistDict): AvailableOsUpdate[] {
  return dictsIn(response.AvailableOSUpdates).flatMap((d): AvailableOsUpdate[] => {
    const ProductKey = str(d, 'ProductKey');
    const Version = str(d, 'Version');
    if (!ProductKey || !Version) return [];
    const item: AvailableOsUpdate = { ProductKey, HumanReadableName: str(d, 'HumanReadableName') ?? `iOS ${Version}`, Version, Build: str(d, 'Build') ?? '' };
    const optional = {
      DownloadSize: num(d, 'DownloadSize'),
      InstallSize: num(d, 'InstallSize'),
      IsCritical: bool(d, 'IsCritical'),
      IsSecurityResponse: bool(d, 'IsSecurityResponse'),
      SupplementalOSVersionExtra: str(d, 'SupplementalOSVersionExtra'),
      RestartRequired: bool(d, 'RestartRequired'),
    };
    for (const [k, v] of Object.entries(optional)) if (v !== undefined) Object.assign(item, { [k]: v });
    return [item];
  });
}

/** OsUpdateState is what an answer makes of ios_device.os_update_status / os_update_progress; `poll` keeps the job asking. */
export interface OsUpdateState {
  status: number;
  progress: OsUpdateProgress | null;
  poll: boolean;
}

const STATUS_OF: Record<OsUpdatePhase, number> = {
  scheduled: OsUpdateStatus.DOWNLOADING,
  waiting: OsUpdateStatus.DOWNLOADING,
  downloading: OsUpdateStatus.DOWNLOADING,
  downloaded: OsUpdateStatus.DOWNLOADED,
  installing: OsUpdateStatus.INSTALLING,
  verifying: OsUpdateStatus.INSTALLING,
  installed: OsUpdateStatus.IDLE,
  failed: OsUpdateStatus.FAILED,
};

/** ACTIVE phases are those the job keeps polling: the phone is still working on the update. */
const ACTIVE = new Set<OsUpdatePhase>(['scheduled', 'waiting', 'downloading', 'installing', 'verifying']);
export const isActivePhase = (phase: OsUpdatePhase | undefined) => phase !== undefined && ACTIVE.has(phase);

/** stateOf writes a phase into the record, keeping what the previous progress knew. */
export function stateOf(
  base: Omit<OsUpdateProgress, 'phase' | 'updated_at' | 'percent'> & { percent?: number | null },
  phase: OsUpdatePhase,
  now: Date,
  message?: string,
): OsUpdateState {
  const progress: OsUpdateProgress = { ...base, percent: base.percent ?? null, phase, updated_at: now.toISOString() };
  if (message) progress.message = message;
  else delete progress.message;
  return { status: STATUS_OF[phase], progress, poll: ACTIVE.has(phase) };
}

const percentOf = (d: PlistDict) => {
  const fraction = num(d, 'DownloadPercentComplete');
  return fraction === undefined ? null : Math.round(Math.min(1, Math.max(0, fraction)) * 100);
};

/**
 * fromScheduleResult reads the UpdateResults item of a ScheduleOSUpdate: InstallAction Error is a refusal (with
 * its ErrorChain); otherwise Status says whether the phone started downloading or installing. Idle means
 * scheduled but not started yet (or already downloaded): the next OSUpdateStatus tells which.
 */
export function fromScheduleResult(
  item: PlistDict | undefined,
  requested: { product_key: string; version: string | null; install_action: OsInstallAction },
  now: Date,
): OsUpdateState {
  const base = { ...requested, product_key: (item && str(item, 'ProductKey')) || requested.product_key };
  if (!item) return stateOf(base, 'failed', now, '设备没有返回更新安排结果');
  if (str(item, 'InstallAction') === 'Error') return stateOf(base, 'failed', now, `设备无法安排此更新：${chainText(item.ErrorChain)}`);
  const status = str(item, 'Status');
  if (status === 'Installing') return stateOf({ ...base, percent: 100 }, 'installing', now);
  if (status === 'Downloading') return stateOf({ ...base, percent: 0 }, 'downloading', now);
  return stateOf(base, 'waiting', now);
}

/**
 * fromStatusAnswer reads an OSUpdateStatus answer against the update we scheduled. An empty answer after an
 * install means the phone restarted on the new system (iOS drops the finished update): the version is then
 * confirmed from DeviceInformation ('verifying'). An empty answer while only downloading means the phone dropped it.
 */
export function fromStatusAnswer(response: PlistDict, previous: OsUpdateProgress | null, now: Date): OsUpdateState {
  const items = dictsIn(response.OSUpdateStatus);
  const item = items.find((d) => str(d, 'ProductKey') === previous?.product_key) ?? items[0];
  if (!item) {
    if (!previous) return { status: OsUpdateStatus.IDLE, progress: null, poll: false };
    if (previous.phase === 'installing' || previous.phase === 'verifying' || (previous.install_action === 'InstallASAP' && isActivePhase(previous.phase))) {
      return stateOf(previous, 'verifying', now);
    }
    if (isActivePhase(previous.phase) || previous.phase === 'downloaded') return stateOf(previous, 'failed', now, '设备上已没有此更新任务（下载失败或被取消）');
    return { status: STATUS_OF[previous.phase], progress: previous, poll: false };
  }
  const base = {
    product_key: str(item, 'ProductKey') ?? previous?.product_key ?? '',
    version: previous && previous.product_key === str(item, 'ProductKey') ? previous.version : null,
    install_action: previous?.install_action ?? 'DownloadOnly',
    percent: percentOf(item),
  };
  const status = str(item, 'Status');
  if (status === 'Installing') return stateOf({ ...base, percent: 100 }, 'installing', now);
  if (status === 'Downloading') return stateOf(base, 'downloading', now);
  // Idle: downloaded and waiting to install, or not started yet.
  if (bool(item, 'IsDownloaded')) return stateOf({ ...base, percent: 100 }, 'downloaded', now);
  return stateOf(base, 'waiting', now);
}

/** describeProgress is the operation log's result text for an update's state. */
export function describeProgress(progress: OsUpdateProgress | null): string {
  if (!progress) return '设备上没有进行中的系统更新';
  const name = progress.version ? `iOS ${progress.version}` : progress.product_key;
  const label = osUpdatePhaseLabel[progress.phase];
  if (progress.phase === 'failed') return `${name}：${progress.message ?? label}`;
  if (progress.phase === 'downloading' && progress.percent !== null) return `${name}：${label} ${progress.percent}%`;
  return `${name}：${label}`;
}

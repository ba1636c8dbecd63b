import { type AvailableOsUpdate, type IosDeviceDetail, type OsUpdatePhase, type OsUpdateProgress, osUpdatePhaseLabel, stillApplies } from '@lease/shared';

/** updatesOf reads the detail's available_os_updates (Apple's keys), keeping those the phone can still install. */
export const updatesOf = (d: Pick<IosDeviceDetail, 'available_os_updates' | 'os_version'>): AvailableOsUpdate[] =>
  (d.available_os_updates as unknown as AvailableOsUpdate[]).filter((u) => typeof u.ProductKey === 'string' && stillApplies(u, d.os_version));

export const progressOf = (d: Pick<IosDeviceDetail, 'os_update_progress'>) => d.os_update_progress as unknown as OsUpdateProgress | null;

export const updateName = (u: AvailableOsUpdate) => u.HumanReadableName || `iOS ${u.Version}`;

/** formatUpdateSize: iOS updates run from a few hundred MB to several GB. */
export function formatUpdateSize(bytes: number | undefined): string {
  if (bytes === undefined) return '—';
  const gb = bytes / 1024 ** 3;
  return gb >= 1 ? `${gb.toFixed(1)} GB` : `${Math.max(1, Math.round(bytes / 1024 ** 2))} MB`;
}

const RUNNING: OsUpdatePhase[] = ['scheduled', 'waiting', 'downloading', 'installing', 'verifying'];
/** isUpdateRunning: the phone is still working on the scheduled update, so views refresh until it ends. */
export const isUpdateRunning = (p: OsUpdateProgress | null) => p !== null && RUNNING.includes(p.phase);

/** progressText: which update, and where it stands, in one line. */
export function progressText(p: OsUpdateProgress): string {
  const name = p.version ? `iOS ${p.version}` : p.product_key;
  const action = p.install_action === 'InstallASAP' ? '立即安装' : '仅下载';
  const phase = p.phase === 'failed' && p.message ? p.message : osUpdatePhaseLabel[p.phase];
  return `${name}（${action}）：${phase}`;
}

/** The consequence of each install action for the hirer, said plainly in the dialog. */
export const installActionEffect = {
  DownloadOnly: '设备在后台下载更新，不安装、不重启，租机人可照常使用；下载完成后可再选择“立即安装”。',
  InstallASAP: '设备下载完成后立即安装并自动重启，安装期间手机无法使用。请提醒租机人保持电量充足并连接 Wi-Fi。',
} as const;

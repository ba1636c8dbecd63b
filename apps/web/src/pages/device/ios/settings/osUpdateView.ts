import {
  type AvailableOsUpdate,
  type IosDeviceDetail,
  type IosOsUpdateInfo,
  type OsListSource,
  type OsUpdatePhase,
  type OsUpdateProgress,
  ddmInstallStateLabel,
  osUpdatePhaseLabel,
  stillApplies,
} from '@lease/shared';
import { formatChinaTime, withChinaTime } from '../../../../lib/chinaTime.ts';

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

/** deadlineText: when an update enforced by declaration (iOS 17+) installs by itself, in the phone's (Beijing) time. */
export function deadlineText(p: OsUpdateProgress | null): string | null {
  if (!p?.deadline || p.path !== 'ddm') return null;
  const at = p.deadline.replace('T', ' ').slice(0, 16);
  if (p.phase === 'installed') return null;
  return p.install_action === 'InstallASAP' ? `下载完成后安装，最迟 ${at}（北京时间）自动安装` : `设备现在下载，租机人可随时安装；${at}（北京时间）起自动安装`;
}

/** deferralText: the hold-back in force on this phone and where it comes from. */
export function deferralText(d: IosOsUpdateInfo['deferral']): string {
  const source = d.follow_store ? '跟随门店' : '此设备单独设置';
  if (d.effective_days === null) return `不延迟（${source}）`;
  return `延迟 ${d.effective_days} 天（${source}）${d.applies ? '' : `，${d.note}`}`;
}

/** listSourceText: where the available list came from; an offline list says so plainly. */
export function listSourceText(s: OsListSource | null): { text: string; offline: boolean } | null {
  if (!s) return null;
  const when = s.fetched_at ? `，获取于 ${withChinaTime(formatChinaTime(s.fetched_at))}` : '';
  return { text: `${s.label}${when}`, offline: !s.live };
}

/** installStateText: the phone's softwareupdate.install-state, with the pending version and the failure reason. */
export function installStateText(info: Pick<IosOsUpdateInfo, 'install_state' | 'pending_version' | 'failure_reason'>): string {
  if (!info.install_state) return '设备尚未上报';
  const parts = [ddmInstallStateLabel[info.install_state]];
  if (info.pending_version) parts.push(`待装 iOS ${info.pending_version}`);
  if (info.install_state === 'failed' && info.failure_reason) parts.push(info.failure_reason);
  return parts.join('，');
}

/** DeferralMode is the per-phone choice in the tab: follow the store, no hold-back, or its own days. */
export type DeferralMode = 'store' | 'off' | 'days';

export const deferralModeOf = (d: Pick<IosOsUpdateInfo['deferral'], 'follow_store' | 'device_days'>): DeferralMode =>
  d.follow_store ? 'store' : d.device_days === null ? 'off' : 'days';

/** deferralRequest turns the choice into the API's body (days only count for 'days'). */
export const deferralRequest = (mode: DeferralMode, days: number | null | undefined) => ({
  follow_store: mode === 'store',
  deferral_days: mode === 'days' ? (days ?? null) : null,
});

/** On iOS 17+ an update is a declaration with a deadline: what each action then means for the hirer. */
export const ddmActionEffect = {
  DownloadOnly: '设备现在开始下载，租机人可随时安装；7 天后（北京时间）设备自动安装并重启。',
  InstallASAP: '设备下载完成后安装，最迟约 30 分钟后（北京时间）自动安装并重启，安装期间手机无法使用。请提醒租机人保持电量充足并连接 Wi-Fi。',
} as const;

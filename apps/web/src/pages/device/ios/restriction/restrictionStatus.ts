import {
  APPLE_APP_LIST_KEYS,
  APPLE_RESTRICTION_KEYS,
  type IosRestrictionState,
  type RestrictionPayload,
  appleKeyNeedsSupervision,
  appleRestrictionKeyLabel,
  appleValueRestricts,
} from '@lease/shared';

/** KeyStatus is where one restriction stands between the console and the phone. */
export type KeyStatus = 'applied' | 'ignored' | 'pending' | 'not-applied' | 'removing' | 'to-remove';

export const keyStatusText: Record<KeyStatus, { text: string; color: string }> = {
  applied: { text: '已生效', color: 'success' },
  ignored: { text: '不生效（需监管）', color: 'warning' },
  pending: { text: '下发中', color: 'processing' },
  'not-applied': { text: '未生效', color: 'error' },
  removing: { text: '移除中', color: 'processing' },
  'to-remove': { text: '待移除', color: 'error' },
};

export interface RestrictionRow {
  key: string;
  label: string;
  status: KeyStatus;
  differsFromDefault: boolean;
}

const LIST_KEYS = new Set<string>(Object.values(APPLE_APP_LIST_KEYS).flatMap((k) => [k.current, k.legacy]));
const ORDER = new Map<string, number>(APPLE_RESTRICTION_KEYS.map((k, i) => [k, i]));

/** restrictingKeys: the payload's switches that restrict something (the app lists are shown on their own). */
const restrictingKeys = (p: RestrictionPayload | null) => Object.keys(p ?? {}).filter((k) => !LIST_KEYS.has(k) && appleValueRestricts(k, p![k]));

/**
 * restrictionRows lists every restriction asked for or still on the phone, with where it stands: on the phone,
 * ignored there for want of supervision, on its way, refused, or still to be taken off.
 */
export function restrictionRows(s: IosRestrictionState): RestrictionRow[] {
  const desired = new Set(restrictingKeys(s.desired_payload));
  const installed = new Set(restrictingKeys(s.installed_payload));
  const diff = new Set(s.diff_system_restriction_keys);
  const keys = [...new Set([...desired, ...installed])].sort((a, b) => (ORDER.get(a) ?? 999) - (ORDER.get(b) ?? 999));
  return keys.map((key) => {
    let status: KeyStatus;
    if (desired.has(key) && installed.has(key)) status = s.supervised === false && appleKeyNeedsSupervision(key) ? 'ignored' : 'applied';
    else if (desired.has(key)) status = s.pending ? 'pending' : 'not-applied';
    else status = s.pending ? 'removing' : 'to-remove';
    return { key, label: appleRestrictionKeyLabel(key), status, differsFromDefault: diff.has(key) };
  });
}

/** AppList is an app rule as a payload carries it: an allow-list or a block-list of bundle ids. */
export interface AppList {
  kind: 'allow' | 'block';
  ids: string[];
}

export function appListOf(p: RestrictionPayload | null): AppList | null {
  for (const [key, value] of Object.entries(p ?? {})) {
    if (!Array.isArray(value)) continue;
    if (key === APPLE_APP_LIST_KEYS.allow.current || key === APPLE_APP_LIST_KEYS.allow.legacy) return { kind: 'allow', ids: value };
    if (key === APPLE_APP_LIST_KEYS.block.current || key === APPLE_APP_LIST_KEYS.block.legacy) return { kind: 'block', ids: value };
  }
  return null;
}

/** sameAppList: the phone has the app rule that was asked for. */
export const sameAppList = (a: AppList | null, b: AppList | null) =>
  a === b || (a !== null && b !== null && a.kind === b.kind && a.ids.length === b.ids.length && a.ids.every((id) => b.ids.includes(id)));

export interface SyncSummary {
  type: 'success' | 'info' | 'warning' | 'error';
  text: string;
}

/** syncSummary is the one line at the top of the 限制 tab: does the phone have what the store asked for? */
export function syncSummary(s: IosRestrictionState): SyncSummary {
  if (s.pending) return { type: 'info', text: '有限制设置正在下发，设备上线并执行后生效。下面标为「下发中」「移除中」的项尚未在手机上生效。' };
  if (s.in_sync) return { type: 'success', text: s.installed_payload ? '手机上的限制与设置一致。' : '设备没有任何门店限制。' };
  if (s.last_failure) return { type: 'error', text: `设备拒绝了最近一次限制设置：${s.last_failure.message}。手机上仍是之前的限制。` };
  return { type: 'warning', text: '手机上的限制与设置不一致（例如设备被抹除后重新激活，描述文件已清除）。请在「系统限制」中重新下发。' };
}

/** trustRemaining is how long the enterprise-app trust window still runs, as 剩余 mm:ss (or h 小时 mm 分), or null when closed. */
export function trustRemaining(until: string | null, now: number): string | null {
  if (!until) return null;
  const ms = new Date(until).getTime() - now;
  if (ms <= 0) return null;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  if (minutes >= 60) return `${Math.floor(minutes / 60)} 小时 ${minutes % 60} 分`;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** unsupervisedKeys: of the chosen restrictions, those an unsupervised phone ignores. */
export const unsupervisedKeys = (keys: Iterable<string>, supervised: boolean | null) =>
  supervised === false ? [...keys].filter(appleKeyNeedsSupervision) : [];

/** WALLPAPER_LOCK_KEY is the restriction 设置壁纸 turns on when the hirer may not change the store's wallpaper. */
export const WALLPAPER_LOCK_KEY = 'allowWallpaperModification';

/**
 * effectiveSystemKeys are the system restrictions the phone gets from a dialog's switches: the chosen ones, plus
 * the wallpaper lock while 设置壁纸 keeps it on (the server adds it to the same profile, restriction-payload.ts).
 */
export function effectiveSystemKeys(chosen: ReadonlySet<string>, wallpaperAllowModify: boolean): Set<string> {
  const keys = new Set(chosen);
  if (!wallpaperAllowModify) keys.add(WALLPAPER_LOCK_KEY);
  return keys;
}

/** systemRestrictionSummary is the 系统限制 dialog's top line: what the phone will have after sending, every active restriction counted. */
export function systemRestrictionSummary(chosen: ReadonlySet<string>, wallpaperAllowModify: boolean): string {
  const active = effectiveSystemKeys(chosen, wallpaperAllowModify);
  if (active.size === 0) return '所有限制都已关闭：下发后，手机上的系统限制全部解除（没有其他限制时移除「门店设备限制」描述文件）。';
  const byWallpaper = !wallpaperAllowModify && !chosen.has(WALLPAPER_LOCK_KEY);
  const note = byWallpaper ? '其中「禁止更换壁纸」由壁纸设置控制，在「设置壁纸」中允许租机人更换壁纸后才会解除。' : '';
  return `下发后，手机会安装（或更新）「门店设备限制」描述文件，开启的 ${active.size} 项在手机上生效，租机人无法自行更改。${note}设备离线时，下次联网后生效。`;
}

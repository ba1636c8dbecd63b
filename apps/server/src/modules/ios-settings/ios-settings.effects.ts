import { eq } from 'drizzle-orm';
import {
  type AvailableOsUpdate,
  type OsInstallAction,
  type OsUpdateProgress,
  SuperviseStatus,
  WallpaperType,
  compareOsVersions,
  stillApplies,
} from '@lease/shared';
import type { EffectOutcome, EffectTable, Tx } from '../../mdm/apple/effects/result-effect.ts';
import type { PlistDict } from '../../mdm/apple/plist.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { hasRecordedWallpaper, recordWallpaper, saveOsUpdateState, setWatch, watchOf } from './ios-settings.repo.ts';
import { Screen } from './ios-settings.table.ts';
import { POLL_LIMIT_MS, POLL_MS, RECHECK_MS } from './os-update-timing.ts';
import {
  type OsUpdateState,
  chainText,
  isDict,
  describeProgress,
  fromScheduleResult,
  fromStatusAnswer,
  isActivePhase,
  readAvailableUpdates,
  stateOf,
} from './os-update-answers.ts';

async function deviceOf(tx: Tx, deviceId: string) {
  const [d] = await tx
    .select({
      osVersion: iosDevice.osVersion,
      superviseStatus: iosDevice.superviseStatus,
      availableOsUpdates: iosDevice.availableOsUpdates,
      needOsUpdate: iosDevice.needOsUpdate,
      osUpdateStatus: iosDevice.osUpdateStatus,
      progress: iosDevice.osUpdateProgress,
    })
    .from(iosDevice)
    .where(eq(iosDevice.id, deviceId));
  return d ? { ...d, updates: d.availableOsUpdates as unknown as AvailableOsUpdate[], progress: (d.progress ?? null) as OsUpdateProgress | null } : null;
}

async function detailOf(tx: Tx, operationLogId: string | null): Promise<Record<string, unknown> | null> {
  if (!operationLogId) return null;
  const [row] = await tx.select({ detail: operationLog.detail }).from(operationLog).where(eq(operationLog.id, operationLogId));
  return row?.detail ?? null;
}

/** saveState writes an update's state and polls again in POLL_MS while the phone is still working on it. */
const saveState = (tx: Tx, deviceId: string, state: OsUpdateState, pollUntil?: Date) =>
  saveOsUpdateState(tx, deviceId, state, { nextPollAt: state.poll ? new Date(Date.now() + POLL_MS) : null, ...(pollUntil ? { pollUntil } : {}) });

/** wallpaperItemFailure finds a failed Wallpaper item in a Settings answer (one dictionary per Apple's schema, or an array per item). */
function wallpaperItemFailure(response: PlistDict): string | null {
  const results = Array.isArray(response.Settings) ? response.Settings.filter(isDict) : isDict(response.Settings) ? [response.Settings] : [];
  const failed = results.find((r) => (r.Item === undefined || r.Item === 'Wallpaper') && r.Status !== 'Acknowledged');
  if (!failed) return null;
  return failed.Status === 'CommandFormatError' ? '设备报告指令格式错误' : chainText(failed.ErrorChain);
}

/**
 * screensFor: the screens a Where covers. From iOS 16 the first wallpaper an MDM sets goes on both screens
 * (Apple's Settings.Wallpaper note); later ones go where asked.
 */
function screensFor(where: number, osVersion: string, firstTime: boolean): { screens: Screen[]; paired: boolean } {
  const paired = firstTime && where !== WallpaperType.BOTH && Number(osVersion.split('.')[0]) >= 16;
  if (paired || where === WallpaperType.BOTH) return { screens: [Screen.LOCK, Screen.HOME], paired };
  return { screens: [where === WallpaperType.LOCK_SCREEN ? Screen.LOCK : Screen.HOME], paired };
}

const updateNames = (updates: AvailableOsUpdate[]) => updates.map((u) => u.HumanReadableName || `iOS ${u.Version}`).join('、');

/** settingsEffects: wallpapers (Settings) and OS updates (Apple part 2, settings area). */
export const settingsEffects: EffectTable = {
  Settings: [
    async ({ tx, deviceId, ok, response, action, cmd }): Promise<EffectOutcome | undefined> => {
      if (action !== 'set-wallpaper' || !ok) return undefined;
      const failure = wallpaperItemFailure(response);
      if (failure) return { summary: `设备未能设置壁纸：${failure}`, failed: true };
      const detail = await detailOf(tx, cmd.operationLogId);
      const d = await deviceOf(tx, deviceId);
      if (typeof detail?.wallpaper_id !== 'string' || !d) return undefined;
      const firstTime = !(await hasRecordedWallpaper(tx, deviceId));
      const where = Number(detail.where);
      const { screens, paired } = screensFor(where, d.osVersion, firstTime);
      await recordWallpaper(tx, deviceId, screens, { id: detail.wallpaper_id, name: String(detail.wallpaper_name ?? '') });
      const place = screens.length === 2 ? '锁屏和主屏幕' : screens[0] === Screen.LOCK ? '锁屏' : '主屏幕';
      return { summary: `壁纸已设置到${place}${paired ? '（iOS 16 起首次设置的壁纸会同时用于锁屏和主屏幕）' : ''}` };
    },
  ],

  AvailableOSUpdates: [
    async ({ tx, deviceId, ok, response }) => {
      const d = await deviceOf(tx, deviceId);
      if (!d) return undefined;
      // Asked again after RECHECK_MS either way, so a refusing phone is not asked on every tick.
      await setWatch(tx, deviceId, { checkedVersion: d.osVersion, nextCheckAt: new Date(Date.now() + RECHECK_MS) });
      if (!ok) return undefined;
      const applicable = readAvailableUpdates(response).filter((u) => stillApplies(u, d.osVersion));
      await tx
        .update(iosDevice)
        .set({ availableOsUpdates: applicable as unknown as Record<string, unknown>[], needOsUpdate: applicable.length > 0, dateUpdated: new Date() })
        .where(eq(iosDevice.id, deviceId));
      return {
        summary: applicable.length
          ? `发现 ${applicable.length} 个可用更新：${updateNames(applicable)}`
          : `已是最新系统${d.osVersion ? `（iOS ${d.osVersion}）` : ''}`,
      };
    },
  ],

  ScheduleOSUpdate: [
    async ({ tx, deviceId, ok, response, chain, cmd }): Promise<EffectOutcome | undefined> => {
      const detail = await detailOf(tx, cmd.operationLogId);
      if (!detail) return undefined;
      const requested = {
        product_key: String(detail.product_key ?? detail.product_version ?? ''),
        version: typeof detail.version === 'string' ? detail.version : null,
        install_action: detail.install_action as OsInstallAction,
      };
      const now = new Date();
      const results = Array.isArray(response.UpdateResults) ? response.UpdateResults.filter(isDict) : [];
      const state = ok ? fromScheduleResult(results[0], requested, now) : stateOf(requested, 'failed', now, `设备拒绝了更新指令：${chainText(chain)}`);
      await saveState(tx, deviceId, state, new Date(now.getTime() + POLL_LIMIT_MS));
      // A refused command already gets applyResult's error text; an item refusal needs ours.
      if (!ok) return undefined;
      return { summary: describeProgress(state.progress), failed: state.progress?.phase === 'failed' };
    },
  ],

  OSUpdateStatus: [
    async ({ tx, deviceId, ok, response }) => {
      if (!ok) return undefined;
      const d = await deviceOf(tx, deviceId);
      if (!d) return undefined;
      const state = fromStatusAnswer(response, d.progress, new Date());
      await saveState(tx, deviceId, state);
      return { summary: describeProgress(state.progress) };
    },
  ],

  /**
   * DeviceInformation (after the core effect stored the facts): a new OS version makes the available list due
   * again and drops updates it no longer needs; it also tells whether a scheduled install took.
   */
  DeviceInformation: [
    async ({ tx, deviceId, ok }) => {
      if (!ok) return undefined;
      const d = await deviceOf(tx, deviceId);
      if (!d || d.superviseStatus !== SuperviseStatus.SUPERVISED || !d.osVersion) return undefined;
      const watch = await watchOf(tx, deviceId);
      if (!watch || watch.checkedVersion !== d.osVersion) await setWatch(tx, deviceId, { nextCheckAt: new Date() });
      const updates = d.updates.filter((u) => stillApplies(u, d.osVersion));
      const need = updates.length > 0;
      if (updates.length !== d.updates.length || need !== d.needOsUpdate) {
        await tx
          .update(iosDevice)
          .set({ availableOsUpdates: updates as unknown as Record<string, unknown>[], needOsUpdate: need })
          .where(eq(iosDevice.id, deviceId));
      }
      const p = d.progress;
      if (p?.version && isActivePhase(p.phase)) {
        const now = new Date();
        if (compareOsVersions(d.osVersion, p.version) >= 0) await saveState(tx, deviceId, stateOf({ ...p, percent: 100 }, 'installed', now));
        else if (p.phase === 'verifying') await saveState(tx, deviceId, stateOf(p, 'failed', now, `安装结束后系统仍为 iOS ${d.osVersion}，更新未生效`));
      }
      return undefined;
    },
  ],
};

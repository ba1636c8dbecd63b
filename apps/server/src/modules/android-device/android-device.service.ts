import { eq } from 'drizzle-orm';
import {
  type AndroidAppRestriction,
  type AndroidDeviceDetail,
  type HirerRisk,
  type AndroidListQuery,
  type AndroidSearchOptions,
  type AndroidSystemRestrictionView,
  OperationStatus,
  Perm,
  androidChannelLabel,
  diffRestrictionKeys,
  hasPermission,
  lockStatusLabel,
  regulateStatusLabel,
  resolveDeviceRestrictions,
  resolveStoreRestrictions,
} from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { toLocationItem } from '../../domain/location-log.item.ts';
import { toProgress } from '../ios-device/ios-device.dto.ts';
import { toOperationItem } from '../logs/operation-log.item.ts';
import type { OperationLogRepo } from '../logs/operation-log.repo.ts';
import { type AndroidDefaults, readAndroidDefaults, writeAndroidDefaults } from '../../domain/android-defaults.ts';
import { brandLabel, toDetail, toListItem } from './android-device.dto.ts';
import type { AndroidDeviceRepo, DeviceScope } from './android-device.repo.ts';

const IN_PROGRESS = [OperationStatus.QUEUED, OperationStatus.SENT];
const options = (labels: Record<number, string>) => Object.entries(labels).map(([value, label]) => ({ value: Number(value), label }));

/** androidScopeOf: the store's devices, and only the caller's own without list:view-all (Ea2). */
export const androidScopeOf = (auth: AuthContext): DeviceScope =>
  hasPermission(auth.perms, Perm.ANDROID_LIST_VIEW_ALL) ? { storeId: auth.storeId } : { storeId: auth.storeId, clerkId: auth.clerkId };

export interface AndroidDeviceServiceDeps {
  db: Db;
  repo: AndroidDeviceRepo;
  oplog: OperationLogRepo;
  /** The hirer's latest report risk, matched by phone and name (report module; null without Ca1). */
  hirerRisk?: (auth: AuthContext, hirer: { phone: string; name: string }) => Promise<HirerRisk | null>;
}

/** createAndroidDeviceService: the Android list, detail, logs, the record's own fields and the store defaults. */
export function createAndroidDeviceService({ db, repo, oplog, hirerRisk }: AndroidDeviceServiceDeps) {
  /** load finds a device the caller may see; another store's id or another clerk's phone (without Ea2) is 404. */
  async function load(auth: AuthContext, id: string) {
    const row = await repo.find(androidScopeOf(auth), id);
    if (!row) throw notFound('设备不存在');
    return row;
  }

  async function defaults(auth: AuthContext): Promise<AndroidDefaults> {
    const d = await readAndroidDefaults(db, auth.storeId);
    if (!d) throw notFound('门店不存在');
    return d;
  }

  const logDone = (auth: AuthContext, deviceId: string, action: string, detail: Record<string, unknown> = {}) =>
    oplog.insertMany([{ storeId: auth.storeId, clerkId: auth.clerkId, platform: 'android', deviceId, action, status: OperationStatus.DONE, detail }]);

  return {
    load,
    defaults,

    async list(auth: AuthContext, q: AndroidListQuery) {
      const { rows, total } = await repo.list(androidScopeOf(auth), q);
      const progress = await oplog.latestInProgress(
        rows.map((r) => r.device.id),
        IN_PROGRESS,
      );
      return { total, list: rows.map((r) => toListItem(r.device, r.clerkName, toProgress(progress.get(r.device.id)))) };
    },

    /** searchOptions are the list's filter choices: from the devices the caller sees, and the store's clerks. */
    async searchOptions(auth: AuthContext): Promise<AndroidSearchOptions> {
      const scope = androidScopeOf(auth);
      const found = await repo.filterOptions(scope);
      // Clerk names serve the clerk filter (Ea2) and the hand-over dialog (Ea3).
      const clerks = !hasPermission(auth.perms, { perms: [Perm.ANDROID_LIST_VIEW_ALL, Perm.ANDROID_LIST_BATCH_CHANGE_CLERK], mode: 'any' })
        ? []
        : await db.select({ id: clerk.id, name: clerk.name, disabled: clerk.disabled }).from(clerk).where(eq(clerk.storeId, auth.storeId)).orderBy(clerk.name);
      return {
        brands: found.brands.map((b) => ({ value: b, label: brandLabel(b) })),
        models: found.models,
        channels: found.channels.map((c) => ({ value: c, label: androidChannelLabel[c] ?? `通道 ${c}` })),
        clerks,
        lock_statuses: options(lockStatusLabel).filter((o) => o.value !== 4),
        regulate_statuses: options(regulateStatusLabel),
      };
    },

    async detail(auth: AuthContext, id: string): Promise<AndroidDeviceDetail> {
      const { device, clerkName } = await load(auth, id);
      const [progress, store] = await Promise.all([oplog.latestInProgress([device.id], IN_PROGRESS), defaults(auth)]);
      const detail = toDetail(toListItem(device, clerkName, toProgress(progress.get(device.id))), device, store);
      return { ...detail, hirer_risk: (await hirerRisk?.(auth, { phone: device.hirerPhoneNumber, name: device.hirerName })) ?? null };
    },

    async systemRestriction(auth: AuthContext, id: string): Promise<AndroidSystemRestrictionView> {
      const { device } = await load(auth, id);
      const store = await defaults(auth);
      return {
        restriction: resolveDeviceRestrictions(store.systemRestriction, device.systemRestriction),
        store_default: store.systemRestriction,
        diff_keys: diffRestrictionKeys(store.systemRestriction, device.systemRestriction),
      };
    },

    async appRestriction(auth: AuthContext, id: string): Promise<AndroidAppRestriction> {
      const { device } = await load(auth, id);
      return { enable: device.appRestrictionEnable, mode: device.appRestrictionMode as AndroidAppRestriction['mode'], list: device.appRestrictionList };
    },

    async installedApps(auth: AuthContext, id: string) {
      return (await load(auth, id)).device.installedApps;
    },

    async operationLogs(auth: AuthContext, deviceId: string, p: { page_num: number; page_size: number }) {
      await load(auth, deviceId);
      const { rows, total } = await oplog.listForDevice(auth.storeId, 'android', deviceId, p);
      return { total, list: rows.map((r) => toOperationItem(r.log, r.clerkName)) };
    },

    async locationLog(auth: AuthContext, deviceId: string, p: { page_num: number; page_size: number }) {
      await load(auth, deviceId);
      const { rows, total } = await repo.locationLog(deviceId, p);
      return { total, list: rows.map(toLocationItem) };
    },

    async updateRemark(auth: AuthContext, id: string, remark: string) {
      await load(auth, id);
      await repo.update(androidScopeOf(auth), [id], { remark });
      await logDone(auth, id, 'update-remark', { remark });
      return { ok: true as const };
    },

    async updateHirer(auth: AuthContext, id: string, hirerName: string, hirerPhone: string) {
      await load(auth, id);
      await repo.update(androidScopeOf(auth), [id], { hirerName, hirerPhoneNumber: hirerPhone });
      await logDone(auth, id, 'update-hirer-info', { hirer_name: hirerName });
      return { ok: true as const };
    },

    defaultSystemRestriction: async (auth: AuthContext) => ({ system_restriction: (await defaults(auth)).systemRestriction }),

    /** setDefaultSystemRestriction merges the given switches over the store's map (admin only, by route rule). */
    async setDefaultSystemRestriction(auth: AuthContext, changes: Record<string, boolean>) {
      const current = (await defaults(auth)).systemRestriction;
      const next = resolveStoreRestrictions({ ...current, ...changes });
      await writeAndroidDefaults(db, auth.storeId, { systemRestriction: next });
      return { system_restriction: next };
    },

    defaultAppRestriction: async (auth: AuthContext) => (await defaults(auth)).appRestriction,

    async setDefaultAppRestriction(auth: AuthContext, rule: AndroidAppRestriction) {
      const saved: AndroidAppRestriction = { enable: rule.enable, mode: rule.mode ?? 0, list: rule.list };
      await writeAndroidDefaults(db, auth.storeId, { appRestriction: saved });
      return saved;
    },
  };
}
export type AndroidDeviceService = ReturnType<typeof createAndroidDeviceService>;

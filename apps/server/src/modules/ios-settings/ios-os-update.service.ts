import { eq } from 'drizzle-orm';
import {
  type AvailableOsUpdate,
  type IosDeviceUpdatePolicyRequest,
  type IosOsUpdateInfo,
  type IosScheduleOsUpdateRequest,
  type IosStoreUpdatePolicy,
  type OsUpdateProgress,
  OsUpdateStatus,
} from '@lease/shared';
import type { SoftwareLookup } from '../../adapters/apple-software-lookup/software-lookup.ts';
import type { Db } from '../../db/client.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import type { IdempotencyKey } from '../../domain/idempotency.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import { availableOSUpdates, osUpdateStatus, scheduleOSUpdate } from '../../mdm/apple/commands.ts';
import type { DdmPort } from '../../mdm/apple/ddm/ddm-port.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import { type OperationResult, createIosCommandPipeline } from '../ios-device/ios-command-pipeline.ts';
import type { IosDeviceRow } from '../ios-device/ios-device.repo.ts';
import type { IosDeviceService } from '../ios-device/ios-device.service.ts';
import { saveOsUpdateState, setStoreDeferral, setWatch, storeDeferralOf, watchOf } from './ios-settings.repo.ts';
import { POLL_LIMIT_MS, POLL_MS } from './os-update-timing.ts';
import { stateOf } from './os-update-answers.ts';
import {
  ENFORCEMENT_ID,
  SETTINGS_ID,
  SETTINGS_TYPE,
  Status,
  ddmProgress,
  deadlineOf,
  deferralProblem,
  effectiveDeferral,
  enforcementDeclaration,
  failureReasonOf,
  fromDdmStatus,
  heldBackReleases,
  installStateOf,
  installStateText,
  offeredReleases,
  pendingVersionOf,
  settingsDeclaration,
  updatePathOf,
} from './os-update-ddm.ts';

interface Deps {
  db: Db;
  mdm: MdmEngine;
  devices: IosDeviceService;
  /** Apple's software lookup service (or the offline list): the releases a DDM phone may be updated to. */
  lookup: SoftwareLookup;
  /** The Declarative Device Management engine; null while it is not wired, when every phone takes the command path. */
  ddm: DdmPort | null;
}

const notAvailable = () =>
  new AppError('VALIDATION_FAILED', '所选更新不在设备的可用更新列表中，请先刷新可用更新', [
    { field: 'product_key', message: '所选更新不在设备的可用更新列表中' },
  ]);

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * createIosOsUpdateService: the phone's available updates, scheduling one of them and its progress. Phones below
 * iOS 17 take Apple's MDM commands (AvailableOSUpdates, ScheduleOSUpdate, OSUpdateStatus); iOS 17 and later, for
 * which Apple removed them, a softwareupdate.enforcement.specific declaration, a release list from Apple's software
 * lookup service and the softwareupdate.* status items. Any clerk who sees the device may use them; the store's
 * deferral (softwareupdate.settings) is the admin's.
 */
export function createIosOsUpdateService({ db, mdm, devices, lookup, ddm }: Deps) {
  const pipeline = createIosCommandPipeline({ db, mdm, devices });
  /** Apple refuses these commands on an unsupervised phone; one whose supervision is not known yet answers for itself. */
  const supervised = (auth: AuthContext, id: string, what: string) => pipeline.device(auth, id, { what, unknown: 'allow' });
  /** A phone whose version is not known yet takes the command path: its answer tells, and the facts follow within a minute. */
  const pathOf = (d: Pick<IosDeviceRow, 'osVersion'>) => updatePathOf(d.osVersion, (v) => ddm?.capable(v) ?? false) ?? 'command';
  const engine = () => {
    if (!ddm) throw new Error('DDM path chosen without the DDM engine');
    return ddm;
  };

  async function deferralOf(d: Pick<IosDeviceRow, 'id' | 'storeId'>) {
    const [store, watch] = await Promise.all([storeDeferralOf(db, d.storeId), watchOf(db, d.id)]);
    const own = { followStore: watch?.followStore ?? true, days: watch?.deferralDays ?? null };
    return { store, own, effective: effectiveDeferral(store, own) };
  }

  /** offered is a DDM phone's list now: Apple's releases for its hardware, newer than its system, out of the deferral. */
  async function offered(d: Pick<IosDeviceRow, 'id' | 'storeId' | 'model' | 'osVersion'>, now: Date) {
    const [answer, deferral] = await Promise.all([lookup.releases(), deferralOf(d)]);
    const phone = { hardwareId: d.model, osVersion: d.osVersion };
    return {
      answer,
      updates: offeredReleases(answer.releases, phone, deferral.effective, now),
      held: heldBackReleases(answer.releases, phone, deferral.effective, now),
    };
  }

  return {
    pathOf,

    /** refreshLists is the watch job's list check for DDM phones (no command, no operation log): Apple's list, filtered. */
    async refreshLists(phones: Pick<IosDeviceRow, 'id' | 'storeId' | 'model' | 'osVersion'>[], now = new Date()) {
      for (const d of phones) {
        const { answer, updates } = await offered(d, now);
        await db.transaction(async (tx) => {
          await tx
            .update(iosDevice)
            .set({ availableOsUpdates: updates as unknown as Record<string, unknown>[], needOsUpdate: updates.length > 0, dateUpdated: now })
            .where(eq(iosDevice.id, d.id));
          await setWatch(tx, d.id, { listSource: answer.label, listLive: answer.live, listFetchedAt: answer.fetchedAt, checkedVersion: d.osVersion });
        });
      }
    },

    async availableUpdates(auth: AuthContext, id: string, idempotencyKey?: IdempotencyKey): Promise<OperationResult> {
      const device = await supervised(auth, id, '查询系统更新');
      if (pathOf(device) === 'command') {
        return pipeline.run(auth, device, { action: 'get-available-os-updates', idempotencyKey, command: availableOSUpdates() });
      }
      const replay = await pipeline.replay(auth, idempotencyKey);
      if (replay) return replay;
      const now = new Date();
      const { answer, updates, held } = await offered(device, now);
      const names = updates.map((u) => u.HumanReadableName).join('、');
      const result = [
        updates.length ? `发现 ${updates.length} 个可用更新：${names}` : `已是最新系统（iOS ${device.osVersion}）`,
        held.length ? `延迟更新中：${held.map((h) => `iOS ${h.version} 将于 ${day(h.until)} 后提供`).join('、')}` : null,
        `来源：${answer.label}`,
      ]
        .filter(Boolean)
        .join('；');
      return pipeline.run(auth, device, {
        action: 'get-available-os-updates',
        idempotencyKey,
        detail: { path: 'ddm', live: answer.live },
        result,
        set: { availableOsUpdates: updates as unknown as Record<string, unknown>[], needOsUpdate: updates.length > 0 },
        inTx: async (tx) => {
          await setWatch(tx, device.id, { listSource: answer.label, listLive: answer.live, listFetchedAt: answer.fetchedAt, checkedVersion: device.osVersion });
        },
      });
    },

    /** schedule downloads (DownloadOnly) or downloads and installs (InstallASAP) one of the updates the phone is offered. */
    async schedule(auth: AuthContext, req: IosScheduleOsUpdateRequest, idempotencyKey?: IdempotencyKey): Promise<OperationResult> {
      const device = await supervised(auth, req.device_id, '安排系统更新');
      // A replay answers with the first operation before the state checks, which that operation may have changed.
      const replay = await pipeline.replay(auth, idempotencyKey);
      if (replay) return replay;
      if (device.osUpdateStatus === OsUpdateStatus.INSTALLING) throw new AppError('CONFLICT', '设备正在安装系统更新，请等安装结束后再操作');
      const now = new Date();
      if (pathOf(device) === 'ddm') {
        const { updates } = await offered(device, now);
        const update = updates.find((u) => (req.product_key ? u.ProductKey === req.product_key : u.Version === req.product_version));
        if (!update) throw notAvailable();
        const deadline = deadlineOf(req.install_action, now);
        const state = ddmProgress({ version: update.Version, build: update.Build, action: req.install_action, deadline }, now);
        const when = deadline.replace('T', ' ');
        return pipeline.run(auth, device, {
          action: 'schedule-os-update',
          detail: { product_key: update.ProductKey, version: update.Version, build: update.Build, install_action: req.install_action, deadline, path: 'ddm' },
          idempotencyKey,
          result:
            req.install_action === 'InstallASAP'
              ? `已下发更新声明：iOS ${update.Version}（${update.Build}），设备下载后最迟于 ${when}（北京时间）自动安装`
              : `已下发更新声明：iOS ${update.Version}（${update.Build}），设备现在下载，租机人可随时安装；${when}（北京时间）起自动安装`,
          set: { osUpdateStatus: state.status, osUpdateProgress: state.progress as unknown as Record<string, unknown> },
          inTx: async (tx) => {
            await engine().setDeviceDeclaration(tx, device.id, enforcementDeclaration({ version: update.Version, build: update.Build, deadline }));
            // The status items report the progress: nothing to poll.
            await setWatch(tx, device.id, { nextPollAt: null, pollUntil: null });
            return (await engine().queueSync(tx, [device.id])).length > 0;
          },
        });
      }
      const offeredByPhone = device.availableOsUpdates as unknown as AvailableOsUpdate[];
      const update = offeredByPhone.find((u) => (req.product_key ? u.ProductKey === req.product_key : u.Version === req.product_version));
      if (!update) throw notAvailable();
      const requested = { product_key: update.ProductKey, version: update.Version, install_action: req.install_action };
      // Written before the command is queued (the phone's answer may come back before this call returns); the job
      // polls from now on, so an update the phone never takes up ends as failed at the deadline.
      await saveOsUpdateState(db, device.id, stateOf(requested, 'scheduled', now), {
        nextPollAt: new Date(now.getTime() + POLL_MS),
        pollUntil: new Date(now.getTime() + POLL_LIMIT_MS),
      });
      return pipeline.run(auth, device, {
        action: 'schedule-os-update',
        detail: { ...requested, name: update.HumanReadableName },
        idempotencyKey,
        // The product key is what the phone itself offered, so it names the update on every iOS version.
        command: scheduleOSUpdate([{ productKey: update.ProductKey, installAction: req.install_action }]),
        supersede: ['ScheduleOSUpdate'],
      });
    },

    /** status asks an old phone (OSUpdateStatus); a DDM phone's answer is its stored softwareupdate.* status, logged at once. */
    async status(auth: AuthContext, id: string, idempotencyKey?: IdempotencyKey): Promise<OperationResult> {
      const device = await supervised(auth, id, '查询系统更新状态');
      if (pathOf(device) === 'command') return pipeline.run(auth, device, { action: 'get-os-update-status', idempotencyKey, command: osUpdateStatus() });
      const replay = await pipeline.replay(auth, idempotencyKey);
      if (replay) return replay;
      const values = await engine().statusOf(device.id);
      const state = fromDdmStatus(values, (device.osUpdateProgress ?? null) as OsUpdateProgress | null, new Date());
      return pipeline.run(auth, device, {
        action: 'get-os-update-status',
        idempotencyKey,
        detail: { path: 'ddm' },
        result: installStateText(values),
        ...(state ? { set: { osUpdateStatus: state.status, osUpdateProgress: state.progress as unknown as Record<string, unknown> | null } } : {}),
      });
    },

    /** info is the tab's view beside the detail: path, the deferral in force, where the list came from, the DDM status. */
    async info(auth: AuthContext, id: string): Promise<IosOsUpdateInfo> {
      const { device } = await devices.load(auth, id);
      const path = pathOf(device);
      const [deferral, watch, values] = await Promise.all([
        deferralOf(device),
        watchOf(db, device.id),
        path === 'ddm' ? engine().statusOf(device.id) : Promise.resolve({} as Record<string, unknown>),
      ]);
      const problem = deferralProblem(device.osVersion, device.superviseStatus);
      const days = deferral.effective;
      return {
        path,
        path_note:
          path === 'ddm'
            ? 'iOS 17 起通过声明式设备管理（DDM）更新：下发目标版本和截止时间，设备自行下载安装并上报状态'
            : '通过 MDM 指令更新（iOS 17 以下的设备）',
        deferral: {
          store_days: deferral.store,
          follow_store: deferral.own.followStore,
          device_days: deferral.own.days,
          effective_days: days,
          applies: days !== null && problem === null && path === 'ddm',
          note: days === null ? '未延迟：Apple 发布新版本后即可更新' : (problem ?? `新版本发布 ${days} 天后才会出现在设备上`),
        },
        list_source:
          path === 'ddm' && watch?.listSource
            ? { live: watch.listLive ?? false, label: watch.listSource, fetched_at: watch.listFetchedAt?.toISOString() ?? null }
            : null,
        install_state: installStateOf(values[Status.INSTALL_STATE]),
        pending_version: pendingVersionOf(values[Status.PENDING_VERSION])?.version ?? null,
        failure_reason: failureReasonOf(values[Status.FAILURE_REASON]),
      };
    },

    storePolicy: async (auth: AuthContext): Promise<IosStoreUpdatePolicy> => ({ deferral_days: await storeDeferralOf(db, auth.storeId) }),

    /** setStorePolicy holds new releases back on every phone of the caller's store that follows it (store declaration). */
    async setStorePolicy(auth: AuthContext, days: number | null): Promise<IosStoreUpdatePolicy> {
      const wake = await db.transaction(async (tx) => {
        await setStoreDeferral(tx, auth.storeId, days);
        if (!ddm) return [];
        const changed = days
          ? await ddm.setStoreDeclaration(tx, auth.storeId, settingsDeclaration(days))
          : await ddm.removeStoreDeclaration(tx, auth.storeId, SETTINGS_ID);
        return changed.length ? ddm.queueSync(tx, changed) : [];
      });
      if (wake.length) mdm.commander.wake(wake);
      return { deferral_days: days };
    },

    /** setDevicePolicy: the phone follows the store, or holds back its own days, or none (which replaces the store's). */
    async setDevicePolicy(auth: AuthContext, req: IosDeviceUpdatePolicyRequest, idempotencyKey?: IdempotencyKey): Promise<OperationResult> {
      const device = await pipeline.device(auth, req.device_id);
      const days = req.follow_store ? null : req.deferral_days;
      return pipeline.run(auth, device, {
        action: 'set-os-update-deferral',
        idempotencyKey,
        detail: { follow_store: req.follow_store, deferral_days: days },
        result: req.follow_store ? '系统更新延迟：跟随门店设置' : days ? `系统更新延迟：此设备单独设置为 ${days} 天` : '系统更新延迟：此设备不延迟',
        inTx: async (tx) => {
          await setWatch(tx, device.id, { followStore: req.follow_store, deferralDays: days });
          if (!ddm) return false;
          if (req.follow_store) await ddm.removeDeviceDeclaration(tx, device.id, SETTINGS_ID);
          // The phone's own declaration replaces the store's of the same identifier; an empty one defers nothing.
          else await ddm.setDeviceDeclaration(tx, device.id, days ? settingsDeclaration(days) : { type: SETTINGS_TYPE, identifier: SETTINGS_ID, payload: {} });
          return (await ddm.queueSync(tx, [device.id])).length > 0;
        },
      });
    },

    /**
     * onStatus reads a DDM phone's softwareupdate.* report into the record (in the report's transaction). Once the phone
     * runs the target version the enforcement is done: its declaration is removed and the list is due again.
     */
    async onStatus(tx: Parameters<Parameters<DdmPort['onStatus']>[0]>[0], deviceId: string, changed: Record<string, unknown>) {
      if (!Object.keys(changed).some((k) => k.startsWith('softwareupdate.') || k === Status.OS_VERSION)) return;
      const [d] = await tx.select({ progress: iosDevice.osUpdateProgress }).from(iosDevice).where(eq(iosDevice.id, deviceId));
      const previous = (d?.progress ?? null) as OsUpdateProgress | null;
      const state = fromDdmStatus(changed, previous, new Date());
      if (!state) return;
      if (state.progress?.phase === 'installed') {
        if (await engine().removeDeviceDeclaration(tx, deviceId, ENFORCEMENT_ID)) await engine().queueSync(tx, [deviceId]);
        if (previous?.phase === 'installed') return;
        await setWatch(tx, deviceId, { nextCheckAt: new Date() });
      }
      await saveOsUpdateState(tx, deviceId, state, { nextPollAt: null });
    },
  };
}
export type IosOsUpdateService = ReturnType<typeof createIosOsUpdateService>;

import {
  type AppleAppRestriction,
  type AppleAppRestrictionType,
  type AppleRestrictionMap,
  ESSENTIAL_APPLE_APPS,
  type IosRestrictionState,
  OperationStatus,
  SuperviseStatus,
  appleRestrictedKeys,
  appleRestrictionMapOf,
  diffAppleRestrictionKeys,
  isAppleRestricted,
} from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import { Priority } from '../../mdm/apple/commander.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import type { IdempotencyKey } from '../../domain/idempotency.ts';
import { type OperationResult, createIosCommandPipeline } from '../ios-device/ios-command-pipeline.ts';
import type { IosDeviceRow } from '../ios-device/ios-device.repo.ts';
import type { IosDeviceService } from '../ios-device/ios-device.service.ts';
import { type IosRestrictionRepo, type Tx, createIosRestrictionRepo } from './ios-restriction.repo.ts';
import { type RestrictionInputs, buildRestrictionPayload, ignoredWithoutSupervision, samePayload } from './restriction-payload.ts';
import { restrictionCommand } from './restriction-profile.ts';

/** appRuleOf reads the device's app rule from its record. */
export const appRuleOf = (d: IosDeviceRow): AppleAppRestriction => ({
  enable: d.appRestrictionEnable,
  type: d.appRestrictionType as AppleAppRestrictionType,
  list: d.appRestrictionList.map((a) => ({ app_name: a.app_name, bundle_id: a.bundle_id })),
});

/** inputsOf gathers the one profile's inputs from the device record and its store's global white list. */
export const inputsOf = (d: IosDeviceRow, globalWhiteList: { bundle_id: string }[]): RestrictionInputs => ({
  systemRestriction: d.systemRestriction,
  appRule: appRuleOf(d),
  globalWhiteList,
  wallpaperAllowModify: d.wallpaperAllowModify,
  enterpriseAppTrustUntil: d.enterpriseAppTrustUntil,
  osVersion: d.osVersion,
});

/** restrictedOnly keeps the catalogue keys a map restricts, with their restricting values: the device record's form. */
const restrictedOnly = (map: Partial<Record<string, boolean>>) => appleRestrictionMapOf(appleRestrictedKeys(map)) as Record<string, boolean>;

const supervisedOf = (d: IosDeviceRow) =>
  d.superviseStatus === SuperviseStatus.SUPERVISED ? true : d.superviseStatus === SuperviseStatus.UNSUPERVISED ? false : null;

/**
 * queueRestrictionProfile queues the install of the device's one restrictions profile, rebuilt from the (locked)
 * record, for the operation `operationLogId`; with nothing to restrict it removes the profile instead, and with no
 * profile on the phone either it finishes the operation at once. Returns whether a command was queued.
 */
export async function queueRestrictionProfile(
  mdm: MdmEngine,
  repo: IosRestrictionRepo,
  tx: Tx,
  device: IosDeviceRow,
  operationLogId: string,
  now = new Date(),
) {
  await repo.supersedeQueued(tx, device.id);
  const { whiteList } = await repo.storeDefaults(tx, device.storeId);
  const payload = buildRestrictionPayload(inputsOf(device, whiteList), now);
  if (!payload && !(await repo.installedNow(tx, device.id)).payload && !(await repo.hasSentCommand(tx, device.id))) {
    await repo.oplog.update(device.storeId, operationLogId, { status: OperationStatus.DONE, result: '设备上没有门店限制，无需下发' }, tx);
    return false;
  }
  await mdm.commander.enqueueIn(tx, [{ deviceId: device.id, operationLogId, build: (uuid) => restrictionCommand(payload, uuid) }], {
    priority: Priority.NORMAL,
  });
  return true;
}

interface Deps {
  db: Db;
  mdm: MdmEngine;
  devices: IosDeviceService;
}

interface Change {
  action: string;
  detail?: Record<string, unknown>;
  idempotencyKey?: IdempotencyKey;
  /** Checks the phone's state before anything is written (a Chinese 409 when the change makes no sense). */
  check?: (device: IosDeviceRow) => void;
  /** The new values of the device record, from the row as locked in the operation's transaction. */
  patch?: (device: IosDeviceRow, tx: Tx) => Promise<Partial<IosDeviceRow>> | Partial<IosDeviceRow>;
}

/**
 * createIosRestrictionService changes a device's restrictions (spec §7 set-system-restriction,
 * sync-store-default-system-restriction, set-app-restriction, temporary-allow-enterprise-app-trust). The device
 * record holds what the store asks for; every change reinstalls the one restrictions profile built from it, and the
 * phone's acknowledgement (ios-restriction.effects.ts) records what it really has. Permission codes are the routes'.
 */
export function createIosRestrictionService({ db, mdm, devices }: Deps) {
  const repo = createIosRestrictionRepo(db);
  const pipeline = createIosCommandPipeline({ db, mdm, devices });

  /**
   * change writes the record and queues the rebuilt profile in one transaction, logged as `action`. The profile is
   * built from the device row as locked in that transaction, so two changes at once each see the other's.
   */
  async function change(auth: AuthContext, deviceId: string, c: Change): Promise<OperationResult> {
    const replay = await pipeline.replay(auth, c.idempotencyKey);
    if (replay) return replay;
    const device = await pipeline.device(auth, deviceId);
    c.check?.(device);
    let queued = false;
    const result = await pipeline.run(auth, device, {
      action: c.action,
      status: OperationStatus.QUEUED,
      detail: c.detail,
      idempotencyKey: c.idempotencyKey,
      inTx: async (tx, operationLogId) => {
        let row = await repo.lockDevice(tx, deviceId);
        if (c.patch) {
          const patch = await c.patch(row, tx);
          await repo.updateDevice(tx, deviceId, patch);
          row = { ...row, ...patch };
        }
        queued = await queueRestrictionProfile(mdm, repo, tx, row, operationLogId);
        return queued;
      },
    });
    return result.replayed || queued ? result : { ...result, status: OperationStatus.DONE };
  }

  return {
    /** setSystemRestriction replaces the device's system restriction map and installs the regenerated profile. */
    setSystemRestriction: (auth: AuthContext, deviceId: string, map: AppleRestrictionMap, idempotencyKey?: IdempotencyKey) => {
      const restricted = restrictedOnly(map);
      return change(auth, deviceId, {
        action: 'set-system-restriction',
        detail: { restricted_keys: Object.keys(restricted) },
        idempotencyKey,
        patch: () => ({ systemRestriction: restricted }),
      });
    },

    /** syncStoreDefault gives the device the store's default system restrictions (恢复门店默认). */
    syncStoreDefault: (auth: AuthContext, deviceId: string, idempotencyKey?: IdempotencyKey) =>
      change(auth, deviceId, {
        action: 'sync-store-default-system-restriction',
        idempotencyKey,
        patch: async (row, tx) => {
          const { systemRestriction } = await repo.storeDefaults(tx, row.storeId);
          return { systemRestriction: restrictedOnly(systemRestriction) };
        },
      }),

    setAppRestriction: (auth: AuthContext, deviceId: string, rule: AppleAppRestriction, idempotencyKey?: IdempotencyKey) =>
      change(auth, deviceId, {
        action: 'set-app-restriction',
        detail: { enable: rule.enable, type: rule.type, bundle_ids: rule.list.map((a) => a.bundle_id) },
        idempotencyKey,
        patch: () => ({ appRestrictionEnable: rule.enable, appRestrictionType: rule.type, appRestrictionList: rule.list }),
      }),

    /**
     * temporaryAllowEnterpriseAppTrust lifts 禁止信任企业级应用 for `minutes`; the revert job puts it back when the
     * window ends. A new window replaces a running one.
     */
    temporaryAllowEnterpriseAppTrust: (auth: AuthContext, deviceId: string, minutes: number, idempotencyKey?: IdempotencyKey) => {
      const until = new Date(Date.now() + minutes * 60_000);
      return change(auth, deviceId, {
        action: 'temporary-allow-enterprise-app-trust',
        detail: { minutes, until: until.toISOString() },
        idempotencyKey,
        check: (d) => {
          if (!isAppleRestricted(d.systemRestriction, 'allowEnterpriseAppTrust'))
            throw new AppError('CONFLICT', '该设备没有开启「禁止信任企业级应用」，企业级应用本来就可以信任，无需临时放开');
        },
        patch: () => ({ enterpriseAppTrustUntil: until }),
      });
    },

    /** reinstall installs the profile from the record as it is now (other areas change the record first). */
    reinstall: (auth: AuthContext, deviceId: string, opts: { action: string; detail?: Record<string, unknown>; idempotencyKey?: IdempotencyKey }) =>
      change(auth, deviceId, { action: opts.action, detail: opts.detail, idempotencyKey: opts.idempotencyKey }),

    /** state: requested against installed, for the 限制 tab and the dialogs. */
    async state(auth: AuthContext, deviceId: string): Promise<IosRestrictionState> {
      const { device } = await devices.load(auth, deviceId);
      const defaults = await repo.storeDefaults(db, device.storeId);
      const desired = buildRestrictionPayload(inputsOf(device, defaults.whiteList));
      const installed = await repo.installedNow(db, device.id);
      const pending = await repo.pendingOperation(device.id);
      const supervised = supervisedOf(device);
      const storeDefault = restrictedOnly(defaults.systemRestriction);
      return {
        device_id: device.id,
        supervised,
        os_version: device.osVersion,
        requested: {
          system_restriction: restrictedOnly(device.systemRestriction),
          app_restriction: appRuleOf(device),
          wallpaper_allow_modify: device.wallpaperAllowModify,
          enterprise_app_trust_until: device.enterpriseAppTrustUntil?.toISOString() ?? null,
        },
        desired_payload: desired,
        installed_payload: installed.payload,
        installed_at: installed.at?.toISOString() ?? null,
        in_sync: samePayload(desired, installed.payload),
        pending: pending && { operation_log_id: pending.id, action: pending.action, status: pending.status, date_created: pending.dateCreated.toISOString() },
        last_failure: installed.failure && { message: installed.failure.message, at: installed.failure.at.toISOString() },
        ignored_without_supervision: supervised === false ? ignoredWithoutSupervision(desired) : [],
        store_default: storeDefault,
        diff_system_restriction_keys: diffAppleRestrictionKeys(device.systemRestriction, storeDefault),
        global_white_list: defaults.whiteList,
        essential_apps: ESSENTIAL_APPLE_APPS,
      };
    },
  };
}
export type IosRestrictionService = ReturnType<typeof createIosRestrictionService>;

import { type AvailableOsUpdate, type IosScheduleOsUpdateRequest, OsUpdateStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { IdempotencyKey } from '../../domain/idempotency.ts';
import { availableOSUpdates, osUpdateStatus, scheduleOSUpdate } from '../../mdm/apple/commands.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import { type OperationResult, createIosCommandPipeline } from '../ios-device/ios-command-pipeline.ts';
import type { IosDeviceService } from '../ios-device/ios-device.service.ts';
import { saveOsUpdateState } from './ios-settings.repo.ts';
import { POLL_LIMIT_MS, POLL_MS } from './os-update-timing.ts';
import { stateOf } from './os-update-answers.ts';

interface Deps {
  db: Db;
  mdm: MdmEngine;
  devices: IosDeviceService;
}

const notAvailable = () =>
  new AppError('VALIDATION_FAILED', '所选更新不在设备的可用更新列表中，请先刷新可用更新', [
    { field: 'product_key', message: '所选更新不在设备的可用更新列表中' },
  ]);

/**
 * createIosOsUpdateService: the phone's available updates (AvailableOSUpdates), scheduling one of them
 * (ScheduleOSUpdate) and its progress (OSUpdateStatus). Any clerk who sees the device may use them.
 */
export function createIosOsUpdateService({ db, mdm, devices }: Deps) {
  const pipeline = createIosCommandPipeline({ db, mdm, devices });
  /** Apple refuses these commands on an unsupervised phone; one whose supervision is not known yet answers for itself. */
  const supervised = (auth: AuthContext, id: string, what: string) => pipeline.device(auth, id, { what, unknown: 'allow' });
  return {
    async availableUpdates(auth: AuthContext, id: string, idempotencyKey?: IdempotencyKey): Promise<OperationResult> {
      const device = await supervised(auth, id, '查询系统更新');
      return pipeline.run(auth, device, { action: 'get-available-os-updates', idempotencyKey, command: availableOSUpdates() });
    },

    /** schedule downloads (DownloadOnly) or downloads and installs (InstallASAP) one of the updates the phone offered. */
    async schedule(auth: AuthContext, req: IosScheduleOsUpdateRequest, idempotencyKey?: IdempotencyKey): Promise<OperationResult> {
      const device = await supervised(auth, req.device_id, '安排系统更新');
      // A replay answers with the first operation before the state checks, which that operation may have changed.
      const replay = await pipeline.replay(auth, idempotencyKey);
      if (replay) return replay;
      const offered = device.availableOsUpdates as unknown as AvailableOsUpdate[];
      const update = offered.find((u) => (req.product_key ? u.ProductKey === req.product_key : u.Version === req.product_version));
      if (!update) throw notAvailable();
      if (device.osUpdateStatus === OsUpdateStatus.INSTALLING) throw new AppError('CONFLICT', '设备正在安装系统更新，请等安装结束后再操作');
      const requested = { product_key: update.ProductKey, version: update.Version, install_action: req.install_action };
      // Written before the command is queued (the phone's answer may come back before this call returns); the job
      // polls from now on, so an update the phone never takes up ends as failed at the deadline.
      const now = Date.now();
      await saveOsUpdateState(db, device.id, stateOf(requested, 'scheduled', new Date(now)), {
        nextPollAt: new Date(now + POLL_MS),
        pollUntil: new Date(now + POLL_LIMIT_MS),
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

    async status(auth: AuthContext, id: string, idempotencyKey?: IdempotencyKey): Promise<OperationResult> {
      const device = await supervised(auth, id, '查询系统更新状态');
      return pipeline.run(auth, device, { action: 'get-os-update-status', idempotencyKey, command: osUpdateStatus() });
    },
  };
}
export type IosOsUpdateService = ReturnType<typeof createIosOsUpdateService>;

import { AppleAppRestrictionType, ESSENTIAL_APPLE_APPS, type InstallAppResult, type InstallAppsRequest, type InstallAppsResponse } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/authz.ts';
import { Priority } from '../../mdm/apple/commander.ts';
import * as commands from '../../mdm/apple/commands.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import { type IdempotencyKey, derivedKey } from '../../domain/idempotency.ts';
import { type OperationResult, createIosCommandPipeline } from '../ios-device/ios-command-pipeline.ts';
import type { IosDeviceRow } from '../ios-device/ios-device.repo.ts';
import type { IosDeviceService } from '../ios-device/ios-device.service.ts';
import { INSTALL_ACTION, type InstallAppsRepo } from './install-apps.repo.ts';

interface Deps {
  db: Db;
  mdm: MdmEngine;
  devices: IosDeviceService;
  repo: InstallAppsRepo;
}

type App = InstallAppsRequest['apps'][number];
type LibraryApp = Awaited<ReturnType<InstallAppsRepo['libraryApps']>>[number];

const DAY = 86_400_000;

/** Each app of one request gets its own operation, so its own Idempotency-Key derived from the request's. */
const appKey = (key: IdempotencyKey | undefined, bundleId: string) => derivedKey(key, bundleId);

/** appSource installs by App Store id when the library knows it (the phone asks the App Store for exactly that app), else by bundle id. */
const appSource = (entry: LibraryApp): commands.AppSource => (entry.trackId ? { iTunesStoreId: Number(entry.trackId) } : { identifier: entry.bundleId });

/** allowedByRule: under a white list only the list, the store's white list and Apple's essential apps may open. */
function allowedByRule(device: IosDeviceRow, bundleId: string, storeWhiteList: string[]): boolean {
  if (!device.appRestrictionEnable || device.appRestrictionType !== AppleAppRestrictionType.WHITELIST) return true;
  return (
    device.appRestrictionList.some((a) => a.bundle_id === bundleId) ||
    storeWhiteList.includes(bundleId) ||
    ESSENTIAL_APPLE_APPS.some((a) => a.bundle_id === bundleId)
  );
}

/** refusal says why an app is not sent to this phone, or null. */
function refusal(device: IosDeviceRow, app: App, entry: LibraryApp | undefined, installing: Set<string>, storeWhiteList: string[]): string | null {
  if (!entry) return '不在门店应用库中，请先在“应用库”中添加';
  // The library is the authority on what an app is: a client-sent App Store id must agree with it.
  if (app.itunes_store_id && entry.trackId && app.itunes_store_id !== entry.trackId) return 'App Store ID 与门店应用库记录不一致';
  if (device.appList.some((a) => a.bundle_id === app.bundle_id)) return '设备上已安装此应用';
  if (installing.has(app.bundle_id)) return '此应用正在安装中，请等待设备响应';
  const blocked = device.appRestrictionEnable && device.appRestrictionType === AppleAppRestrictionType.BLACKLIST;
  if (blocked && device.appRestrictionList.some((a) => a.bundle_id === app.bundle_id)) return '此应用在本机的应用黑名单中，安装后也无法打开';
  if (!allowedByRule(device, app.bundle_id, storeWhiteList)) return '本机开启了应用白名单，此应用不在白名单中，安装后也无法打开';
  return null;
}

/**
 * createInstallAppsService sends one InstallApplication per app (Ab10, checked by the route), each with its own
 * operation-log row so every app has its own live result; apps that cannot go are refused one by one.
 *
 * No ManagementFlags: the apps a store installs are the hirer's everyday apps (WeChat, Alipay, banking) with the
 * hirer's data in them. Flag 1 would delete them and their data the moment a paid-off phone is released from
 * management; a repossessed phone is erased anyway, so the flag would only ever hurt the hirer.
 */
export function createInstallAppsService({ db, mdm, devices, repo }: Deps) {
  const pipeline = createIosCommandPipeline({ db, mdm, devices });
  return {
    async install(auth: AuthContext, req: InstallAppsRequest, key?: IdempotencyKey): Promise<InstallAppsResponse> {
      const replays = await Promise.all(req.apps.map((a) => pipeline.replay(auth, appKey(key, a.bundle_id))));
      const replayed = (app: App, op: OperationResult): InstallAppResult => ({
        app_name: app.app_name,
        bundle_id: app.bundle_id,
        status: 'queued',
        operation_log_id: op.operation_log_id,
        replayed: true,
      });
      // A full replay answers as the first time did, before any state check could now refuse it.
      if (replays.every((r) => r !== null)) return { list: req.apps.map((app, i) => replayed(app, replays[i]!)) };
      const device = await pipeline.device(auth, req.device_id);
      const [library, installing, storeWhiteList] = await Promise.all([
        repo.libraryApps(
          auth.storeId,
          req.apps.map((a) => a.bundle_id),
        ),
        repo.installing(device.id),
        repo.storeWhiteList(auth.storeId),
      ]);

      const list: InstallAppResult[] = [];
      let queued = 0;
      for (const [i, app] of req.apps.entries()) {
        const base = { app_name: app.app_name, bundle_id: app.bundle_id };
        const replay = replays[i];
        if (replay) {
          list.push(replayed(app, replay));
          continue;
        }
        const entry = library.find((l) => l.bundleId === app.bundle_id);
        const reason = refusal(device, app, entry, installing, storeWhiteList);
        if (reason || !entry) {
          list.push({ ...base, status: 'refused', reason: reason ?? '' });
          continue;
        }
        const op = await pipeline.run(auth, device, {
          action: INSTALL_ACTION,
          detail: { app_name: entry.appName, bundle_id: app.bundle_id, itunes_store_id: entry.trackId ?? null },
          idempotencyKey: appKey(key, app.bundle_id),
          command: commands.installApplication(appSource(entry)),
        });
        list.push({ ...base, status: 'queued', operation_log_id: op.operation_log_id, replayed: op.replayed });
        if (!op.replayed) queued += 1;
      }
      // The app list shows what the phone says it has: ask it once the installs before this have been answered.
      if (queued > 0) {
        await mdm.commander.enqueue([{ deviceId: device.id, build: (uuid) => commands.installedApplicationList({ uuid }) }], {
          priority: Priority.REFETCH,
          dedupeKey: 'install-apps:InstalledApplicationList',
          ttlMs: DAY,
        });
      }
      return { list };
    },
  };
}
export type InstallAppsService = ReturnType<typeof createInstallAppsService>;

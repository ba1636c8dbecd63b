import type { ServerVersion } from '@lease/shared';
import type { SmsSender } from './adapters/sms/sms-sender.ts';
import type { Database } from './db/client.ts';
import type { AdapterInfo, AppModule, ModuleBase } from './http/app-module.ts';
import type { AndroidEngineInternal } from './mdm/android/android-engine.ts';
import { androidGatewayRoutes } from './mdm/android/android-gateway.routes.ts';
import { commandRetentionJob } from './jobs/command-retention.ts';
import { mdmMaintenanceJobs } from './mdm/apple/maintenance.jobs.ts';
import type { MdmEngine } from './mdm/apple/mdm-engine.ts';
import type { MdmKeys } from './mdm/apple/mdm-keys.ts';
import { mdmRoutes } from './mdm/apple/mdm.routes.ts';
import type { PushCertService } from './mdm/apple/push-cert/push-cert.service.ts';
import { createAbmModule } from './modules/abm/abm.module.ts';
import { createActivationLockModule } from './modules/activation-lock/activation-lock.module.ts';
import { createAndroidDeviceModule } from './modules/android-device/android-device.module.ts';
import type { SimulatedAndroidPhones } from './modules/android-device/android-simulator.service.ts';
import { createApiKeyModule } from './modules/api-key/api-key.module.ts';
import { createAppstoreModule } from './modules/appstore/appstore.module.ts';
import { createAuthModule } from './modules/auth/auth.module.ts';
import { createClerkModule } from './modules/clerk/clerk.module.ts';
import { createClerkRepo } from './modules/clerk/clerk.repo.ts';
import { createDevModule } from './modules/dev/dev.module.ts';
import { createEnrollModule } from './modules/enroll/enroll.module.ts';
import { createGeocodeModule } from './modules/geocode/geocode.module.ts';
import { createHomeModule } from './modules/home/home.module.ts';
import { createIosAppsModule } from './modules/ios-apps/ios-apps.module.ts';
import { createIosDeviceModule } from './modules/ios-device/ios-device.module.ts';
import { createIosNetworkModule } from './modules/ios-network/ios-network.module.ts';
import { createIosReleaseModule } from './modules/ios-release/ios-release.module.ts';
import { createIosRestrictionModule } from './modules/ios-restriction/ios-restriction.module.ts';
import { createLeaseModule } from './modules/lease/lease.module.ts';
import { devicePortForLease } from './modules/lease/lease-device-port.ts';
import { createIosSettingsModule } from './modules/ios-settings/ios-settings.module.ts';
import { createLockIntentModule } from './modules/lock-intent/lock-intent.module.ts';
import { createLogsModule } from './modules/logs/logs.module.ts';
import { createOpenApiModule } from './modules/open-api/open-api.module.ts';
import { createOpsModule } from './modules/ops/ops.module.ts';
import { createReportModule } from './modules/report/report.module.ts';
import { createSearchModule } from './modules/search/search.module.ts';
import { createSmsCodeModule } from './modules/sms-code/sms-code.module.ts';
import { createStoreModule } from './modules/store/store.module.ts';
import { systemApproved } from './modules/store/sensitive-action.ts';
import { createSystemModule } from './modules/system/system.module.ts';
import { createUserModule } from './modules/user/user.module.ts';
import { createWallpaperModule } from './modules/wallpaper/wallpaper.module.ts';
import { createWebhookModule } from './modules/webhook/webhook.module.ts';

export interface AppModulesDeps {
  base: ModuleBase;
  database: Database;
  version: ServerVersion;
  smsSender?: SmsSender;
  /** The two engines and what the Apple one is built from (its keys, the push certificate and the APNs adapter). */
  mdm: MdmEngine;
  mdmKeys: MdmKeys;
  pushCert: PushCertService;
  apns: AdapterInfo;
  android: AndroidEngineInternal;
  /** The simulated Android agents this process runs (the demo's), for the 模拟设备 tab. */
  simulatedAndroid?: SimulatedAndroidPhones;
  clock?: () => Date;
}

/**
 * createAppModules is the second half of the composition root (app.ts is the first): it builds every module
 * with the handful of services they share (sms, oplog, clerkRepo, stores, sensitive, the iOS devices, ABM's
 * gateway) and returns them in registration order, with the engines' own HTTP entries (phones and agents).
 * The dev page lists the adapters in the same order. Besides the list it returns what app.ts, main.ts and
 * the tests reach: the authenticators, the decorated modules and the services tests drive directly.
 */
export function createAppModules(deps: AppModulesDeps) {
  const { base, mdm, android } = deps;
  const { db } = base;

  const smsCode = createSmsCodeModule({ ...base, sender: deps.smsSender });
  const { sms } = smsCode;
  const logs = createLogsModule(base);
  const { oplog, operationLogs } = logs;
  const clerkRepo = createClerkRepo(db);
  const auth = createAuthModule({ ...base, clerkRepo, loginLog: logs.loginLog, sms });
  const store = createStoreModule({ ...base, clerkRepo, sms, mdm });
  const { stores } = store;
  // Lease plans release a paid-off phone by the admin's standing choice (release_on_payoff 'auto'): their steps
  // act as the system, with no clerk to prove a password, so the guard lets that one actor through.
  const sensitive = systemApproved(store.sensitive);
  const ops = createOpsModule({
    ...base,
    storeAuth: auth.auth,
    sms,
    smsSender: smsCode.sender,
    pushCert: deps.pushCert,
    renewal: mdm.renewal,
    databaseKind: deps.database.kind,
  });
  const system = createSystemModule({
    ...base,
    clerkRepo,
    sms,
    auth: auth.auth,
    version: deps.version,
    registrationOpen: ops.services.settings.selfRegistrationOpen,
    mdmKeys: deps.mdmKeys,
    pushCertEnd: deps.pushCert.inUseEnd,
    renewal: mdm.renewal,
  });
  const wallpaper = createWallpaperModule(base);
  // Reports and risk control: device details show the hirer's latest risk level, home shows the figures.
  const reports = createReportModule({ ...base, stores, oplog });
  const enroll = createEnrollModule({ ...base, mdm, oplog });
  const ios = createIosDeviceModule({
    ...base,
    mdm,
    oplog,
    operationLogs,
    codec: enroll.codec,
    shortLinks: enroll.shortLinks,
    sensitive,
    hirerRisk: reports.hirerRisk,
  });
  const { devices } = ios;
  // Apple Business Manager: activation lock and release reach Apple's DEP service through abm.gateway.clientFor(storeId).
  const abm = createAbmModule({ ...base, mdm });
  // Before restrictions: a re-enrolled phone the store holds locked is locked again before its other steps.
  const lockIntent = createLockIntentModule({ ...base, mdm });
  const restrictions = createIosRestrictionModule({ ...base, mdm, devices });
  // Activation Lock: locks through ABM (abm.gateway), unlocks through Apple's escrow-key service; release calls activationLock.service.
  const activationLock = createActivationLockModule({ ...base, devices, guard: sensitive, abm: abm.gateway });
  const iosRelease = createIosReleaseModule({
    ...base,
    mdm,
    devices,
    deviceRepo: ios.repo,
    iosCommands: ios.commands,
    sensitive,
    restrictions: restrictions.restrictions,
    activationLock: activationLock.service,
    abm: abm.gateway,
  });
  const androidDevices = createAndroidDeviceModule({
    ...base,
    android,
    oplog,
    operationLogs,
    sensitive,
    hirerRisk: reports.hirerRisk,
    wallpaperContent: wallpaper.content,
    simulatedPhones: deps.simulatedAndroid,
  });
  const webhook = createWebhookModule({ ...base, oplog });
  const lease = createLeaseModule({
    db,
    smsSender: smsCode.sender,
    now: deps.clock,
    devices: devicePortForLease({
      iosCommands: ios.commands,
      androidOperations: androidDevices.operations,
      oneClickUnlock: iosRelease.oneClickUnlock,
      android,
    }),
    loadDevice: async (auth, platform, id) => {
      const { device } = platform === 'ios' ? await devices.load(auth, id) : await androidDevices.devices.load(auth, id);
      return { hirerName: device.hirerName };
    },
  });

  const phones: AppModule[] = [
    {
      name: 'apple-mdm',
      register: async (app) => {
        await app.register(mdmRoutes, {
          keys: deps.mdmKeys,
          checkin: mdm.checkin,
          connect: mdm.connect,
          challenges: mdm.challenges,
          enrollments: mdm.enrollments,
          busy: deps.database.backedUp,
        });
      },
      // Finished commands of both platforms are pruned here, with the Apple queue's other upkeep.
      jobs: [...mdmMaintenanceJobs(db, mdm), commandRetentionJob(db, base.config.commandRetentionDays)],
      adapters: [deps.apns],
    },
    {
      name: 'android-agent',
      register: async (app) => {
        await app.register(androidGatewayRoutes, { android, wallpaperContent: wallpaper.content });
      },
      jobs: android.jobs,
    },
  ];
  const modules: AppModule[] = [
    smsCode,
    ...phones,
    ops,
    auth,
    createUserModule({ ...base, clerkRepo, sms, auth: auth.auth }),
    store,
    createClerkModule({ ...base, clerkRepo, sms, auth: auth.auth }),
    system,
    createGeocodeModule(base),
    createAppstoreModule(base),
    abm,
    activationLock,
    reports,
    ios,
    lockIntent,
    restrictions,
    createIosSettingsModule({ ...base, mdm, devices, wallpapers: wallpaper.repo, restrictions: restrictions.restrictions }),
    createIosNetworkModule({ ...base, mdm, devices, stores, oplog }),
    createIosAppsModule({ ...base, mdm, devices }),
    iosRelease,
    androidDevices,
    createApiKeyModule({ ...base, sensitive, oplog, pendingDeliveries: webhook.pendingDeliveries }),
    webhook,
    lease,
    // Store open API (/open/v1): the same command services as the console.
    createOpenApiModule({ ...base, iosCommands: ios.commands, androidOperations: androidDevices.operations, lease: lease.service }),
    enroll,
    logs,
    createHomeModule({ ...base, reportOverview: reports.overview }),
    createSearchModule(base),
    wallpaper,
    createDevModule({ ...base, database: deps.database, outbox: smsCode.outbox, adapters: () => modules.flatMap((m) => m.adapters ?? []) }),
  ];

  return {
    modules,
    /** The authenticators registerAuthz needs before any route exists. */
    authenticate: (token: string) => auth.auth.authenticate(token),
    authenticateOperator: ops.authenticate,
    reports,
    abm,
    enroll,
    /** The stores' own hosts: their config.json and logo, served with the static files. */
    hostSites: { configFor: store.mdmHost.siteConfigFor, logoFor: store.mdmHost.logoFor },
    expiryWatch: system.expiryWatch,
    /** Services tests drive directly (the jobs that move them on do not run in tests). */
    oneClickUnlock: iosRelease.oneClickUnlock,
    webhookDelivery: webhook.delivery,
    lease,
  };
}
export type AppModules = ReturnType<typeof createAppModules>;

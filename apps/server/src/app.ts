import { randomUUID } from 'node:crypto';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerVersion } from '@lease/shared';
import { createOutboxSmsSender } from './adapters/sms/outbox-sender.ts';
import { createSmsCodeService } from './modules/sms-code/sms-code.service.ts';
import type { SmsSender } from './adapters/sms/sms-sender.ts';
import { smsSenderFromConfig } from './adapters/sms/sms-sender-from-config.ts';
import { smsCleanupJob } from './modules/sms-code/sms-cleanup.job.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerAuthz } from './http/authz.ts';
import { frameworkErrors, registerErrorHandler } from './http/error-handler.ts';
import { PhoneQuietLogController, registerRequestLogging } from './http/request-logging.ts';
import { createMetrics, registerMetricsRoute } from './http/metrics.ts';
import { registerStatic } from './http/static.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerIdempotencyFingerprint } from './domain/idempotency.ts';
import { registerClosingRefusal } from './http/closing.ts';
import { registerCompression } from './http/compression.ts';
import { createAuthRepo } from './modules/auth/auth.repo.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createPasswordResetService } from './modules/auth/password-reset.service.ts';
import { AccessTokens } from './modules/auth/tokens.ts';
import { createClerkRepo } from './modules/clerk/clerk.repo.ts';
import { clerkRoutes } from './modules/clerk/clerk.routes.ts';
import { createClerkService } from './modules/clerk/clerk.service.ts';
import { createDistributionLogRepo } from './modules/clerk/distribution-log.repo.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { createLoginLogRepo } from './modules/logs/login-log.repo.ts';
import { logsRoutes } from './modules/logs/logs.routes.ts';
import { createLogsService } from './modules/logs/logs.service.ts';
import { createHomeRepo } from './modules/home/home.repo.ts';
import { homeRoutes } from './modules/home/home.routes.ts';
import { createHomeService } from './modules/home/home.service.ts';
import { createRegisterStoreService } from './modules/store/register-store.service.ts';
import { createSensitiveActionGuard } from './modules/store/sensitive-action.ts';
import { createStoreRepo } from './modules/store/store.repo.ts';
import { storeRoutes } from './modules/store/store.routes.ts';
import { createStoreSettingsService } from './modules/store/store-settings.service.ts';
import { storeRestrictionRoutes } from './modules/store/store-restriction.routes.ts';
import { createStoreRestrictionService } from './modules/store/store-restriction.service.ts';
import { createSystemService } from './modules/system/system.service.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { createUserService } from './modules/user/user.service.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import type { Secrets } from './secrets.ts';
import type { ApnsPusher } from './adapters/apns/apns-pusher.ts';
import { apnsFromConfig } from './adapters/apns/apns-from-config.ts';
import { type MdmKeys, loadMdmKeys } from './mdm/apple/mdm-keys.ts';
import { IOS_MODULE_EFFECTS } from './modules/ios-effects.ts';
import { createMdmEngine } from './mdm/apple/mdm-engine.ts';
import { mdmRoutes } from './mdm/apple/mdm.routes.ts';
import { type AndroidEngine, createAndroidEngine } from './mdm/android/android-engine.ts';
import { androidGatewayRoutes } from './mdm/android/android-gateway.routes.ts';
import { createEnrollCodec } from './modules/enroll/enroll-code.ts';
import { enrollRoutes } from './modules/enroll/enroll.routes.ts';
import { createEnrollService } from './modules/enroll/enroll.service.ts';
import { createIosCommandService } from './modules/ios-device/ios-command.service.ts';
import { iosCommandRoutes } from './modules/ios-device/ios-command.routes.ts';
import { createAbmModule } from './modules/abm/abm.module.ts';
import { createGlobalHttpProxySettingService } from './modules/ios-network/global-http-proxy-setting.service.ts';
import { iosNetworkRoutes } from './modules/ios-network/ios-network.routes.ts';
import { createIosNetworkService } from './modules/ios-network/ios-network.service.ts';
import { createInstallAppsRepo } from './modules/ios-apps/install-apps.repo.ts';
import { iosAppsRoutes } from './modules/ios-apps/ios-apps.routes.ts';
import { createInstallAppsService } from './modules/ios-apps/install-apps.service.ts';
import { createIosDeviceRepo } from './modules/ios-device/ios-device.repo.ts';
import { iosDeviceRoutes } from './modules/ios-device/ios-device.routes.ts';
import { createIosDeviceService } from './modules/ios-device/ios-device.service.ts';
import { createIosExportService } from './modules/ios-device/ios-export.service.ts';
import { createIosRegistrationService } from './modules/ios-device/ios-registration.service.ts';
import { createOperationLogRepo } from './modules/logs/operation-log.repo.ts';
import { createOperationLogQuery } from './modules/logs/operation-log.query.ts';
import { scheduledLockJob } from './modules/ios-device/scheduled-lock.job.ts';
import { mdmMaintenanceJobs } from './mdm/apple/maintenance.jobs.ts';
import { startJobs } from './jobs/scheduler.ts';
import { enrolmentUrlWarning } from './mdm/apple/enrolment-url.ts';
import { createExpiryWatch } from './mdm/apple/expiry-watch.ts';
import { apnsFromStored, createLivePusher } from './mdm/apple/push-cert/live-pusher.ts';
import { createPushCertStore } from './mdm/apple/push-cert/push-cert-store.ts';
import { createPushCertService } from './mdm/apple/push-cert/push-cert.service.ts';
import { expiryRoutes } from './modules/system/expiry.routes.ts';
import { createAmapGeocoder, offlineGeocoder } from './adapters/amap/geocoder.ts';
import { helperRoutes } from './modules/geocode/geocode.routes.ts';
import { itunesSearchFromConfig } from './adapters/itunes/itunes-search.ts';
import { appstoreRoutes } from './modules/appstore/appstore.routes.ts';
import { createAppstoreRepo } from './modules/appstore/appstore.repo.ts';
import { createAppstoreService } from './modules/appstore/appstore.service.ts';
import { createWallpaperRepo, getWallpaperContent } from './modules/wallpaper/wallpaper.repo.ts';
import { createAndroidDeviceRepo } from './modules/android-device/android-device.repo.ts';
import { androidDeviceRoutes } from './modules/android-device/android-device.routes.ts';
import { createAndroidDeviceService } from './modules/android-device/android-device.service.ts';
import { androidOperationRoutes } from './modules/android-device/android-operation.routes.ts';
import { createAndroidOperationService } from './modules/android-device/android-operation.service.ts';
import { wallpaperRoutes } from './modules/wallpaper/wallpaper.routes.ts';
import { createWallpaperService } from './modules/wallpaper/wallpaper.service.ts';
import type { MockApns } from '@lease/device-sim';
import { startDemoDevices } from './demo/demo-devices.ts';
import { registerDemoAndroid } from './demo/demo-android.ts';
import { createHttpWebhookSender } from './adapters/webhook/http-webhook-sender.ts';
import { createApiKeyRepo } from './modules/api-key/api-key.repo.ts';
import { apiKeyRoutes } from './modules/api-key/api-key.routes.ts';
import { createApiKeyService } from './modules/api-key/api-key.service.ts';
import { createSecretBox } from './secret-box.ts';
import { nonceCleanupJob } from './modules/open-api/nonce-cleanup.job.ts';
import { createOpenApiAuth } from './modules/open-api/open-api.auth.ts';
import { guardOpenApiPrefix } from './modules/open-api/open-api.guard.ts';
import { createOpenApiRepo } from './modules/open-api/open-api.repo.ts';
import { openApiRoutes } from './modules/open-api/open-api.routes.ts';
import { createOpenApiService } from './modules/open-api/open-api.service.ts';
import { createWebhookDelivery, webhookDeliveryJob, webhookRetentionJob } from './modules/webhook/webhook-delivery.ts';
import { offlineWatchJob } from './modules/webhook/webhook-offline.job.ts';
import { createWebhookRepo } from './modules/webhook/webhook.repo.ts';
import { createIosRestrictionService } from './modules/ios-restriction/ios-restriction.service.ts';
import { iosRestrictionRoutes } from './modules/ios-restriction/ios-restriction.routes.ts';
import { createIosReleaseService } from './modules/ios-release/ios-release.service.ts';
import { iosReleaseRoutes } from './modules/ios-release/ios-release.routes.ts';
import { createOneClickUnlockRepo } from './modules/ios-release/one-click-unlock.repo.ts';
import { createOneClickUnlockService } from './modules/ios-release/one-click-unlock.service.ts';
import { oneClickUnlockJob } from './modules/ios-release/one-click-unlock.job.ts';
import { createActivationLockModule } from './modules/activation-lock/activation-lock.module.ts';
import { applyRestrictionsAfterEnrolment } from './modules/ios-restriction/enrolment-restrictions.ts';
import { enterpriseTrustJob } from './modules/ios-restriction/enterprise-trust.job.ts';
import { iosSettingsRoutes } from './modules/ios-settings/ios-settings.routes.ts';
import { createIosWallpaperService } from './modules/ios-settings/ios-wallpaper.service.ts';
import { createIosOsUpdateService } from './modules/ios-settings/ios-os-update.service.ts';
import { osUpdateWatchJob } from './modules/ios-settings/os-update-watch.job.ts';
import { createReportModule } from './modules/report/report.module.ts';
import { createOpsModule } from './modules/ops/ops.module.ts';
import { opsPushCertRoutes } from './modules/ops/push-cert/push-cert.routes.ts';
import { createFleetHealthRepo } from './modules/ops/health/fleet-health.repo.ts';
import { createFleetHealthService } from './modules/ops/health/fleet-health.service.ts';
import { opsHealthRoutes } from './modules/ops/health/fleet-health.routes.ts';

z.config(z.locales.zhCN());

export interface AppDeps {
  config: Config;
  database: Database;
  secrets: Secrets;
  /** Defaults to the configured gateway (else the outbox with dev tools on, else none); tests may pass their own. */
  smsSender?: SmsSender;
  /** Tests and the demo pass a CA and a pusher aimed at the local APNs stand-in. */
  mdmKeys?: MdmKeys;
  apnsPusher?: ApnsPusher;
  logger?: FastifyServerOptions['logger'];
  /** Periodic jobs run in the real server; tests call them directly instead. */
  startJobs?: boolean;
  /** Simulated iPhones for the demo store, woken through this local APNs stand-in. */
  demoDevices?: { apns: MockApns; count: number };
  /** Simulated Android agents for the demo store; they enrol with a token and hold a WebSocket like a phone. */
  demoAndroid?: { count: number };
}

const version: ServerVersion = {
  version: process.env.npm_package_version ?? '0.1.0',
  build: process.env.BUILD_ID ?? 'dev',
  started_at: new Date().toISOString(),
};

/** buildApp is the one composition root: it wires repos, services, adapters and routes. */
export async function buildApp(deps: AppDeps) {
  const { config, database, secrets } = deps;
  const { db } = database;
  const app = Fastify({
    logger: deps.logger ?? false,
    genReqId: () => randomUUID(),
    logController: new PhoneQuietLogController(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Hooks every request passes (phones' round trips too) are callback-style: no promise per hook per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerClosingRefusal(app);
  registerErrorHandler(app);
  registerRequestLogging(app);
  const metricsHolder: { connectedAgents: () => number } = { connectedAgents: () => 0 };
  const metrics = createMetrics({ db, pool: database.pool, connectedAgents: () => metricsHolder.connectedAgents(), processMetrics: Boolean(config.metrics.token || config.metrics.port !== undefined) });
  metrics.observeHttp(app);
  app.decorate('metrics', metrics);
  registerSecurityHeaders(app, { amap: Boolean(config.amapKey) });
  await registerCompression(app);

  const outbox = createOutboxSmsSender(db);
  const smsSender = deps.smsSender ?? smsSenderFromConfig(config, outbox, app.log);
  const sms = createSmsCodeService(db, smsSender, secrets.sms);
  const clerkRepo = createClerkRepo(db);
  const sensitive = createSensitiveActionGuard({ db, clerkRepo, sms });
  const auth = createAuthService({
    config: config.auth,
    tokens: new AccessTokens(secrets.jwt, config.auth.accessTokenTtlSeconds),
    authRepo: createAuthRepo(db),
    clerkRepo,
    loginLog: createLoginLogRepo(db),
  });
  // The operator console (/api/ops): its authenticator must exist before any route registers.
  const ops = createOpsModule({ db, config, secrets, storeAuth: auth, sms, smsSender });
  registerAuthz(app, (token) => auth.authenticate(token), ops.authenticate);
  registerIdempotencyFingerprint(app);
  guardOpenApiPrefix(app);

  await app.register(swagger, {
    openapi: { info: { title: '租机宝设备管理 API', version: version.version } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get('/api/health', { config: { auth: 'public' } }, () => ({ status: 'ok', database: database.kind }));
  await ops.register(app);
  app.decorate('ops', ops);
  await app.register(authRoutes, { auth, passwordReset: createPasswordResetService({ clerkRepo, sms, auth }) });
  await app.register(userRoutes, { user: createUserService({ db, clerkRepo, sms, auth }) });
  const stores = createStoreRepo(db);
  await app.register(storeRoutes, { settings: createStoreSettingsService({ stores, sensitive }) });
  await app.register(storeRestrictionRoutes, { restrictions: createStoreRestrictionService({ stores, clerkRepo }) });
  await app.register(clerkRoutes, { clerks: createClerkService({ db, clerkRepo, sms, auth, distributionLog: createDistributionLogRepo(db) }) });
  await app.register(systemRoutes, {
    system: createSystemService({ db, clerkRepo, sms }),
    registerStore: createRegisterStoreService({ db, clerkRepo, sms, auth, registrationOpen: ops.services.settings.selfRegistrationOpen }),
    registrationOpen: ops.services.settings.selfRegistrationOpen,
    config,
    version,
  });
  // A copy: the topic may change when the operator installs the first push certificate (tests share one key set).
  const mdmKeys = deps.mdmKeys ? { ...deps.mdmKeys } : loadMdmKeys(config.dataDir, config.mdm.topic);
  // Environment variables win; without them, the push certificate uploaded on the operator console (issue 16).
  const pushCertStore = createPushCertStore(config.dataDir);
  const storedPush = config.apns.configured ? undefined : pushCertStore.installed();
  const pusher = createLivePusher(metrics.countPushes(deps.apnsPusher ?? (storedPush ? apnsFromStored(config.apns, storedPush, mdmKeys.topic) : apnsFromConfig(config.apns, mdmKeys.topic))));
  const pushCert = createPushCertService({
    db,
    store: pushCertStore,
    env: { certFile: config.apns.certFile, keyFile: config.apns.keyFile, tokenAuth: Boolean(config.apns.authKeyFile && config.apns.keyId && config.apns.teamId), topic: config.mdm.topic },
    currentTopic: () => mdmKeys.topic,
    onInstalled: (material, topic) => {
      if (config.apns.configured) return;
      if (!config.mdm.topic) mdmKeys.topic = topic;
      pusher.swap(metrics.countPushes(apnsFromStored(config.apns, material, mdmKeys.topic)));
    },
    log: app.log,
  });
  const publicUrl = () => config.publicUrl ?? `http://localhost:${config.port}`;
  const mdm = createMdmEngine({ db, keys: mdmKeys, pusher: pusher.get, publicUrl, log: app.log, effects: IOS_MODULE_EFFECTS, renewalWindowDays: config.mdm.renewalWindowDays });
  await app.register(mdmRoutes, { keys: mdmKeys, checkin: mdm.checkin, connect: mdm.connect, challenges: mdm.challenges, enrollments: mdm.enrollments });
  app.decorate('mdm', mdm);
  const urlWarning = enrolmentUrlWarning(publicUrl());
  if (urlWarning) app.log.warn({ publicUrl: publicUrl() }, urlWarning);
  const expiryWatch = createExpiryWatch({ db, keys: mdmKeys, apnsCertFile: config.apns.certFile, pushCertEnd: pushCert.inUseEnd, renewal: mdm.renewal, log: app.log });
  await app.register(expiryRoutes, { watch: expiryWatch });
  // The operator console's push certificate page and fleet health (issue 16 items 3-4).
  await app.register(opsPushCertRoutes, { pushCert, audit: ops.services.audit });
  const fleetHealth = createFleetHealthService({
    repo: createFleetHealthRepo(db),
    pushCert,
    unansweredRenewals: async () => (await mdm.renewal.unanswered()).length,
    renewalWindowDays: config.mdm.renewalWindowDays,
    databaseKind: database.kind,
  });
  await app.register(opsHealthRoutes, { health: fleetHealth });
  app.addHook('onClose', () => pusher.close());
  const android = createAndroidEngine({ db, log: app.log, publicUrl, secrets, database, databaseUrl: config.databaseUrl, dataDir: config.dataDir, trustProxy: config.trustProxy });
  await app.register(androidGatewayRoutes, { android });
  app.decorate('android', android);
  metricsHolder.connectedAgents = () => android.gateway.hub.connected;
  app.addHook('onClose', () => android.close());
  if (deps.demoAndroid) registerDemoAndroid(app, { db, android, count: deps.demoAndroid.count, dir: path.join(config.dataDir, 'demo-android') });

  const oplog = createOperationLogRepo(db);
  // Reports and risk control: device details show the hirer's latest risk level, home shows the figures.
  const reports = createReportModule({ db, secrets, config, stores, oplog, publicUrl, log: app.log });
  await reports.register(app);
  app.decorate('reports', reports);
  const operationLogs = createOperationLogQuery(db);
  const codec = createEnrollCodec(secrets.enroll);
  const iosRepo = createIosDeviceRepo(db);
  const iosDevices = createIosDeviceService({ db, repo: iosRepo, oplog, mdm, codec, publicUrl, hirerRisk: reports.hirerRisk });
  const iosCommands = createIosCommandService({ db, mdm, devices: iosDevices, repo: iosRepo, oplog, sensitive });
  await app.register(iosDeviceRoutes, {
    devices: iosDevices,
    registration: createIosRegistrationService({ db, oplog, mdm, linkOf: iosDevices.linkOf }),
    commands: iosCommands,
    exporter: createIosExportService({ repo: iosRepo, oplog }),
    operationLogs,
  });
  await app.register(iosCommandRoutes, { commands: iosCommands });
  // Apple Business Manager: activation lock and release reach Apple's DEP service through abm.gateway.clientFor(storeId).
  const abm = createAbmModule({ db, secrets, config, publicUrl, mdm, log: app.log });
  await abm.register(app);
  app.decorate('abm', abm);
  const iosRestrictions = createIosRestrictionService({ db, mdm, devices: iosDevices });
  await app.register(iosRestrictionRoutes, { restrictions: iosRestrictions });
  mdm.onEnrolled((deviceId) => applyRestrictionsAfterEnrolment(db, mdm, deviceId).then(() => undefined));
  await app.register(iosSettingsRoutes, {
    wallpaper: createIosWallpaperService({ db, mdm, devices: iosDevices, wallpapers: createWallpaperRepo(db), restrictions: iosRestrictions }),
    osUpdates: createIosOsUpdateService({ db, mdm, devices: iosDevices }),
  });
  await app.register(iosNetworkRoutes, {
    network: createIosNetworkService({ db, mdm, devices: iosDevices, stores }),
    proxySetting: createGlobalHttpProxySettingService({ stores, oplog }),
  });
  await app.register(iosAppsRoutes, { installApps: createInstallAppsService({ db, mdm, devices: iosDevices, repo: createInstallAppsRepo(db) }) });
  // Activation Lock: locks through ABM (abm.gateway), unlocks through Apple's escrow-key service; release calls activationLock.service.
  const activationLock = createActivationLockModule({ db, secrets, config, devices: iosDevices, guard: sensitive, abm: abm.gateway });
  await activationLock.register(app);
  const iosRelease = createIosReleaseService({ db, mdm, devices: iosDevices, sensitive, abm: abm.gateway });
  const oneClickUnlock = createOneClickUnlockService({ db, runs: createOneClickUnlockRepo(db), devices: iosDevices, deviceRepo: iosRepo, sensitive, release: iosRelease, iosCommands, restrictions: iosRestrictions, activationLock: activationLock.service, abm: abm.gateway, log: app.log });
  await app.register(iosReleaseRoutes, { release: iosRelease, oneClick: oneClickUnlock });
  app.decorate('oneClickUnlock', oneClickUnlock);
  const androidRepo = createAndroidDeviceRepo(db);
  const androidDevices = createAndroidDeviceService({ db, repo: androidRepo, oplog, hirerRisk: reports.hirerRisk });
  await app.register(androidDeviceRoutes, { devices: androidDevices, operationLogs });
  const androidOperations = createAndroidOperationService({ db, android, devices: androidDevices, repo: androidRepo, sensitive, wallpapers: (storeId, id) => getWallpaperContent(db, storeId, id) });
  await app.register(androidOperationRoutes, {
    operations: androidOperations,
  });
  // Store open API (/open/v1), its console settings and the webhook outbox.
  const apiKeyRepo = createApiKeyRepo(db);
  const secretBox = createSecretBox(secrets.apiSecret);
  const webhookRepo = createWebhookRepo(db);
  const webhookDelivery = createWebhookDelivery({ repo: webhookRepo, apiKeys: apiKeyRepo, secretBox, sender: createHttpWebhookSender({ allowPrivate: config.webhookAllowPrivate }), log: app.log });
  await app.register(apiKeyRoutes, { apiKeys: createApiKeyService({ repo: apiKeyRepo, webhooks: webhookRepo, secretBox, sensitive, oplog, allowPrivateCallbacks: config.webhookAllowPrivate }) });
  await app.register(openApiRoutes, {
    auth: createOpenApiAuth({ db, repo: apiKeyRepo, secretBox }),
    service: createOpenApiService({ db, repo: createOpenApiRepo(db), iosCommands, androidOperations }),
  });
  app.decorate('webhookDelivery', webhookDelivery);
  const openApiJobs = [webhookDeliveryJob(webhookDelivery), webhookRetentionJob(webhookRepo), offlineWatchJob(db), nonceCleanupJob(apiKeyRepo)];
  const enroll = createEnrollService({ db, codec, mdm, oplog, linkTtlMs: config.enrollLinkTtlDays * 86_400_000 });
  await app.register(enrollRoutes, { enroll });
  const demo = deps.demoDevices;
  if (demo) {
    const phones: { stop(): Promise<void> }[] = [];
    // Started once the server listens: the phones enrol over real HTTP, like any phone.
    app.addHook('onListen', async () => {
      const { port } = app.server.address() as { port: number };
      startDemoDevices({ db, enroll, codec, apns: demo.apns, origin: `http://127.0.0.1:${port}`, count: demo.count, log: app.log })
        .then((started) => {
          phones.push(...started);
          app.log.info({ phones: started.length }, 'demo phones enrolled');
        })
        .catch((err: unknown) => app.log.error({ err }, 'demo phones failed to start'));
    });
    app.addHook('onClose', async () => void (await Promise.all(phones.map((p) => p.stop()))));
  }
  const geocoder = config.amapService ? createAmapGeocoder(config.amapService) : offlineGeocoder;
  await app.register(helperRoutes, { geocoder });
  await app.register(logsRoutes, { logs: createLogsService({ loginLog: createLoginLogRepo(db) }) });
  await app.register(homeRoutes, { home: createHomeService({ repo: createHomeRepo(db), reportOverview: reports.overview }) });
  const itunes = itunesSearchFromConfig(config.itunesOrigin);
  await app.register(appstoreRoutes, { appstore: createAppstoreService({ repo: createAppstoreRepo(db), itunes }) });
  await app.register(wallpaperRoutes, { wallpapers: createWallpaperService({ repo: createWallpaperRepo(db) }) });
  if (deps.startJobs) {
    const stop = startJobs(metrics.countJobs([scheduledLockJob(db, mdm), enterpriseTrustJob(db, mdm), ...mdmMaintenanceJobs(db, mdm), ...android.jobs, ...openApiJobs, ...abm.jobs, osUpdateWatchJob(db, mdm), oneClickUnlockJob(oneClickUnlock), smsCleanupJob(db), ...reports.jobs, expiryWatch.job()]), app.log);
    // The expiry line is daily; the first one is written at start, not a day later.
    void expiryWatch.job().run().catch((err: unknown) => app.log.error({ err }, 'expiry watch failed'));
    // Before the server stops: no new runs, and the runs in flight finish while the database and pusher are still open.
    app.addHook('preClose', async () => stop());
  }

  if (config.devTools) {
    await app.register(devRoutes, {
      database,
      outbox: smsSender.name === outbox.name ? outbox : undefined,
      adapters: () => [
        { name: 'sms', label: '短信网关', impl: smsSender.label, live: smsSender.live },
        { name: 'apns', label: 'APNs 推送', impl: pusher.get().label, live: pusher.get().live },
        { name: 'amap', label: '高德逆地理编码', impl: geocoder.label, live: geocoder.live },
        { name: 'itunes', label: 'App Store 应用搜索', impl: itunes.label, live: itunes.live },
        abm.adapter,
        activationLock.adapter,
        reports.adapter,
      ],
    });
  }
  registerMetricsRoute(app, metrics, config.metrics.token);
  await registerStatic(app, config.webDist, config.dataDir);
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    mdm: ReturnType<typeof createMdmEngine>;
    webhookDelivery: ReturnType<typeof createWebhookDelivery>;
    android: AndroidEngine;
    metrics: import('./http/metrics.ts').Metrics;
    ops: ReturnType<typeof createOpsModule>;
  }
}

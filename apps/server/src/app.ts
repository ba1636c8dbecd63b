import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerVersion } from '@lease/shared';
import { createOutboxSmsSender } from './adapters/sms/outbox-sender.ts';
import { createSmsCodeService } from './adapters/sms/sms-code.service.ts';
import type { SmsSender } from './adapters/sms/sms-sender.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerAuthz } from './http/authz.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerStatic } from './http/static.ts';
import { createAuthRepo } from './modules/auth/auth.repo.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createPasswordResetService } from './modules/auth/password-reset.service.ts';
import { AccessTokens } from './modules/auth/tokens.ts';
import { createClerkRepo } from './modules/clerk/clerk.repo.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { createLoginLogRepo } from './modules/logs/login-log.repo.ts';
import { createRegisterStoreService } from './modules/store/register-store.service.ts';
import { createSystemService } from './modules/system/system.service.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { createUserService } from './modules/user/user.service.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import type { Secrets } from './secrets.ts';
import type { ApnsPusher } from './adapters/apns/apns-pusher.ts';
import { apnsFromConfig } from './adapters/apns/apns-from-config.ts';
import { type MdmKeys, loadMdmKeys } from './mdm/apple/mdm-keys.ts';
import { createMdmEngine } from './mdm/apple/mdm-engine.ts';
import { mdmRoutes } from './mdm/apple/mdm.routes.ts';
import { createEnrollCodec } from './modules/enroll/enroll-code.ts';
import { enrollRoutes } from './modules/enroll/enroll.routes.ts';
import { createEnrollService } from './modules/enroll/enroll.service.ts';
import { createIosCommandService } from './modules/ios-device/ios-command.service.ts';
import { iosCommandRoutes } from './modules/ios-device/ios-command.routes.ts';
import { createIosDeviceRepo } from './modules/ios-device/ios-device.repo.ts';
import { iosDeviceRoutes } from './modules/ios-device/ios-device.routes.ts';
import { createIosDeviceService } from './modules/ios-device/ios-device.service.ts';
import { createIosExportService } from './modules/ios-device/ios-export.service.ts';
import { createIosRegistrationService } from './modules/ios-device/ios-registration.service.ts';
import { createOperationLogRepo } from './modules/logs/operation-log.repo.ts';
import { scheduledLockJob } from './modules/ios-device/scheduled-lock.job.ts';
import { mdmMaintenanceJobs } from './mdm/apple/maintenance.jobs.ts';
import { startJobs } from './jobs/scheduler.ts';
import { createAmapGeocoder, offlineGeocoder } from './adapters/amap/geocoder.ts';
import { helperRoutes } from './modules/helper/helper.routes.ts';
import type { MockApns } from '@lease/device-sim';
import { startDemoDevices } from './demo/demo-devices.ts';

z.config(z.locales.zhCN());

export interface AppDeps {
  config: Config;
  database: Database;
  secrets: Secrets;
  /** Defaults to the outbox sender; tests may pass their own. */
  smsSender?: SmsSender;
  /** Tests and the demo pass a CA and a pusher aimed at the local APNs stand-in. */
  mdmKeys?: MdmKeys;
  apnsPusher?: ApnsPusher;
  logger?: FastifyServerOptions['logger'];
  /** Periodic jobs run in the real server; tests call them directly instead. */
  startJobs?: boolean;
  /** Simulated iPhones for the demo store, woken through this local APNs stand-in. */
  demoDevices?: { apns: MockApns; count: number };
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
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);

  const outbox = createOutboxSmsSender(db);
  const smsSender = deps.smsSender ?? outbox;
  const sms = createSmsCodeService(db, smsSender, secrets.sms);
  const clerkRepo = createClerkRepo(db);
  const auth = createAuthService({
    config: config.auth,
    tokens: new AccessTokens(secrets.jwt, config.auth.accessTokenTtlSeconds),
    authRepo: createAuthRepo(db),
    clerkRepo,
    loginLog: createLoginLogRepo(db),
  });
  registerAuthz(app, (token) => auth.authenticate(token));

  await app.register(swagger, {
    openapi: { info: { title: '租机宝设备管理 API', version: version.version } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get('/api/health', { config: { auth: 'public' } }, () => ({ status: 'ok', database: database.kind }));
  await app.register(authRoutes, { auth, passwordReset: createPasswordResetService({ clerkRepo, sms, auth }) });
  await app.register(userRoutes, { user: createUserService({ db, clerkRepo, sms, auth }) });
  await app.register(systemRoutes, {
    system: createSystemService({ db, clerkRepo, sms }),
    registerStore: createRegisterStoreService({ db, clerkRepo, sms, auth }),
    config,
    version,
  });
  const mdmKeys = deps.mdmKeys ?? loadMdmKeys(config.dataDir, config.mdm.topic);
  const pusher = deps.apnsPusher ?? apnsFromConfig(config.apns, mdmKeys.topic);
  const publicUrl = () => config.publicUrl ?? `http://localhost:${config.port}`;
  const mdm = createMdmEngine({ db, keys: mdmKeys, pusher: () => pusher, publicUrl, log: app.log });
  await app.register(mdmRoutes, { keys: mdmKeys, checkin: mdm.checkin, connect: mdm.connect, challenges: mdm.challenges, enrollments: mdm.enrollments });
  app.decorate('mdm', mdm);
  app.addHook('onClose', () => pusher.close());

  const oplog = createOperationLogRepo(db);
  const codec = createEnrollCodec(secrets.enroll);
  const iosRepo = createIosDeviceRepo(db);
  const iosDevices = createIosDeviceService({ db, repo: iosRepo, oplog, mdm, codec, publicUrl });
  const iosCommands = createIosCommandService({ db, mdm, devices: iosDevices, repo: iosRepo, oplog, clerks: clerkRepo });
  await app.register(iosDeviceRoutes, {
    devices: iosDevices,
    registration: createIosRegistrationService({ db, oplog, mdm, linkOf: iosDevices.linkOf }),
    commands: iosCommands,
    exporter: createIosExportService({ repo: iosRepo, oplog }),
  });
  await app.register(iosCommandRoutes, { commands: iosCommands });
  const enroll = createEnrollService({ db, codec, mdm, oplog });
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
  if (deps.startJobs) {
    const stop = startJobs([scheduledLockJob(db, mdm), ...mdmMaintenanceJobs(db, mdm)], app.log);
    app.addHook('onClose', async () => stop());
  }

  if (config.devTools) {
    await app.register(devRoutes, {
      database,
      outbox: smsSender === outbox ? outbox : undefined,
      adapters: () => [
        { name: 'sms', label: '短信网关', impl: smsSender.label, live: smsSender.live },
        { name: 'apns', label: 'APNs 推送', impl: pusher.label, live: pusher.live },
        { name: 'amap', label: '高德逆地理编码', impl: geocoder.label, live: geocoder.live },
      ],
    });
  }
  await registerStatic(app, config.webDist, config.dataDir);
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    mdm: ReturnType<typeof createMdmEngine>;
  }
}

import type { FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import type { ServerVersion } from '@lease/shared';
import type { ApnsPusher } from './adapters/apns/apns-pusher.ts';
import type { SmsSender } from './adapters/sms/sms-sender.ts';
import { createAppModules } from './app-modules.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createDemoAndroidFleet } from './demo/demo-android.ts';
import { type DemoPhones, registerDemoPhones } from './demo/demo-phones.ts';
import type {} from './app-decorations.ts';
import { registerAuthz } from './http/authz.ts';
import { createHttpApp, registerOpenApi } from './http/http-app.ts';
import { registerCompression } from './http/compression.ts';
import { createMetrics, registerMetricsRoute } from './http/metrics.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerStatic } from './http/static.ts';
import { capIntervals, startJobs } from './jobs/scheduler.ts';
import { createAndroidEngine } from './mdm/android/android-engine.ts';
import { enrolmentUrlWarning } from './mdm/apple/enrolment-url.ts';
import { createMdmEngine } from './mdm/apple/mdm-engine.ts';
import { type MdmKeys, loadMdmKeys } from './mdm/apple/mdm-keys.ts';
import { createApplePush } from './mdm/apple/push-cert/apple-push.ts';
import { guardOpenApiPrefix } from './modules/open-api/open-api.guard.ts';
import { IOS_MODULE_EFFECTS } from './modules/ios-effects.ts';
import type { Secrets } from './secrets.ts';

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
  demoDevices?: DemoPhones['devices'];
  /** Simulated Android agents for the demo store; they enrol with a token and hold a WebSocket like a phone. */
  demoAndroid?: DemoPhones['android'];
  /** The clock lease plans read (tests move it); the wall clock otherwise. */
  clock?: () => Date;
}

const version: ServerVersion = {
  version: process.env.npm_package_version ?? '0.1.0',
  build: process.env.BUILD_ID ?? 'dev',
  started_at: new Date().toISOString(),
};

/**
 * composeApp is the one composition root: Fastify and the http/ plumbing, the adapters, the two engines and
 * the modules (app-modules.ts) registered in their listed order. It returns the app and the parts tests reach.
 */
export async function composeApp(deps: AppDeps) {
  const { config, database, secrets } = deps;
  const { db } = database;
  const app = createHttpApp({
    logger: deps.logger,
    trustProxy: config.trustProxy,
    quietSucceeded: config.logRequests === 'failed',
    databaseWatch: database.watch,
  });
  const metrics = createMetrics({
    db,
    pool: database.pool,
    connectedAgents: () => android.gateway.hub.connected,
    processMetrics: Boolean(config.metrics.token || config.metrics.port !== undefined),
  });
  metrics.observeHttp(app);
  app.decorate('metrics', metrics);
  registerSecurityHeaders(app, { amap: Boolean(config.amapKey) });
  await registerCompression(app);

  // The engines. A copy of the keys: the topic may change when the operator installs the first push certificate (tests share one key set).
  const mdmKeys = deps.mdmKeys ? { ...deps.mdmKeys } : loadMdmKeys(config.dataDir, config.mdm.topic);
  const push = createApplePush({ db, config, keys: mdmKeys, pusher: deps.apnsPusher, wrap: (p) => metrics.countPushes(p), log: app.log });
  const publicUrl = () => config.publicUrl ?? `http://localhost:${config.port}`;
  const mdm = createMdmEngine({
    db,
    keys: mdmKeys,
    pusher: push.pusher.get,
    publicUrl,
    log: app.log,
    effects: IOS_MODULE_EFFECTS,
    renewalWindowDays: config.mdm.renewalWindowDays,
  });
  app.decorate('mdm', mdm);
  const urlWarning = enrolmentUrlWarning(publicUrl());
  if (urlWarning) app.log.warn({ publicUrl: publicUrl() }, urlWarning);
  const android = createAndroidEngine({
    db,
    log: app.log,
    publicUrl,
    // A store's Android QR codes point at its own host, as its Apple profiles do.
    enrolmentBaseUrl: mdm.profiles.baseUrlFor,
    secrets,
    database,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    trustProxy: config.trustProxy,
  });

  const base = { db, config, secrets, log: app.log, publicUrl };
  // The demo's Android agents, once started, by device id: the 模拟设备 tab shows their lock screens (dev tools on).
  const simulatedAndroid = createDemoAndroidFleet();
  const parts = createAppModules({
    simulatedAndroid,
    base,
    database,
    version,
    smsSender: deps.smsSender,
    mdm,
    mdmKeys,
    pushCert: push.pushCert,
    apns: push.adapter,
    android,
    clock: deps.clock,
  });
  app.decorate('reports', parts.reports);
  app.decorate('lease', parts.lease);

  // Before any route: every /api/ route declares who may call it, and /open/ routes only come from the open API.
  registerAuthz(app, parts.authenticate, parts.authenticateOperator);
  guardOpenApiPrefix(app);
  await registerOpenApi(app, version.version);
  app.get('/api/health', { config: { auth: 'public' } }, () => ({ status: 'ok', database: database.kind }));
  for (const module of parts.modules) await module.register(app);

  app.addHook('onClose', () => push.pusher.close());
  app.addHook('onClose', () => android.close());
  registerDemoPhones(
    app,
    { devices: deps.demoDevices, android: deps.demoAndroid },
    { db, dataDir: config.dataDir, android, enroll: parts.enroll.enroll, codec: parts.enroll.codec, androidFleet: simulatedAndroid },
  );
  if (deps.startJobs) {
    const stop = startJobs(
      metrics.countJobs(
        capIntervals(
          parts.modules.flatMap((m) => m.jobs ?? []),
          config.jobIntervalMaxMs,
        ),
      ),
      app.log,
    );
    // The expiry line is daily; the first one is written at start, not a day later.
    void parts.expiryWatch
      .job()
      .run()
      .catch((err: unknown) => app.log.error({ err }, 'expiry watch failed'));
    // Before the server stops: no new runs, and the runs in flight finish while the database and pusher are still open.
    app.addHook('preClose', async () => stop());
  }
  registerMetricsRoute(app, metrics, config.metrics.token);
  await registerStatic(app, config.webDist, config.dataDir, parts.hostSites);
  return {
    app,
    parts: { mdm, android, abm: parts.abm, oneClickUnlock: parts.oneClickUnlock, webhookDelivery: parts.webhookDelivery, lease: parts.lease, simulatedAndroid },
  };
}

/** buildApp builds the server (main.ts, the bench); tests use composeApp for the parts they drive directly. */
export async function buildApp(deps: AppDeps) {
  return (await composeApp(deps)).app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
export type AppParts = Awaited<ReturnType<typeof composeApp>>['parts'];

import { buildApp } from './app.ts';
import { loggerOptions } from './http/request-logging.ts';
import { startMetricsServer } from './http/metrics.ts';
import { isLoopbackHost, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { reportStatementsOnSignal } from './db/statement-counter.ts';
import { ensureDemoStore } from './demo/demo-store.ts';
import { ensureDemoOperator } from './demo/demo-operator.ts';
import { seedDemoPlansWhenReady } from './demo/demo-plans.ts';
import { seedDemoReports } from './demo/demo-reports.ts';
import { loadSecrets } from './secrets.ts';
import path from 'node:path';
import { startDemoApns } from './demo/demo-apns.ts';
import { loadMdmKeys } from './mdm/apple/mdm-keys.ts';
import { DatabaseInUseError, lockPglite } from './db/pglite-lock.ts';
import { DataDirError, prepareDataDir, restrictNewFiles, restrictTree } from './data-dir.ts';

/** smsSenderSummary says at start-up who delivers codes (as smsSenderFromConfig chooses). */
const smsSenderSummary = (c: ReturnType<typeof loadConfig>) =>
  c.smsGateway
    ? `${c.smsGateway.provider === 'aliyun' ? '阿里云短信服务' : '腾讯云短信'}（真实发送）`
    : c.devTools
      ? '开发者发件箱（不真实发送）'
      : '未配置，需要验证码的操作会提示“短信服务未配置”';

restrictNewFiles();
const config = loadConfig();
try {
  const { tightened } = prepareDataDir(config.dataDir);
  if (tightened) console.warn(`  DATA_DIR ${config.dataDir}：已收紧 ${tightened} 个文件或目录的权限（仅本用户可读写）`);
} catch (err) {
  if (!(err instanceof DataDirError)) throw err;
  console.error(`\n  ${err.message}\n`);
  process.exit(1);
}
const pgliteDir = path.join(config.dataDir, 'pglite');
if (!config.databaseUrl) {
  // One process at a time on the embedded database; `npm run ops` checks the same lock (db/pglite-lock.ts).
  try {
    lockPglite(config.dataDir, 'server');
  } catch (err) {
    if (!(err instanceof DatabaseInUseError)) throw err;
    console.error(
      `\n  内嵌数据库（${pgliteDir}）正被另一个进程使用（${err.holder === 'ops-cli' ? '运营命令行' : '服务器'}，进程 ${err.pid}），请等它结束后再启动。\n`,
    );
    process.exit(1);
  }
}
const database = await openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, limits: config.dbPool } : { kind: 'pglite', dir: pgliteDir },
);
// Benchmarks only: LEASE_STATEMENT_COUNT_FILE makes SIGUSR2 write how many statements this process has sent.
reportStatementsOnSignal(database.db);
if (database.kind === 'pglite') {
  restrictTree(pgliteDir);
  setInterval(() => restrictTree(pgliteDir), 60_000).unref();
}
const mdmKeys = loadMdmKeys(config.dataDir, config.mdm.topic);
// Demo phones need pushes; without the operator's APNs credentials they get the local stand-in.
const demoPush = config.demo.enabled && config.demo.devices > 0 && !config.apns.configured ? await startDemoApns(mdmKeys.topic) : null;
const app = await buildApp({
  config,
  database,
  secrets: loadSecrets(config.dataDir),
  mdmKeys,
  apnsPusher: demoPush?.pusher,
  demoDevices: demoPush ? { apns: demoPush.apns, count: config.demo.devices } : undefined,
  demoAndroid: config.demo.enabled && config.demo.devices > 0 ? { count: config.demo.devices } : undefined,
  logger: loggerOptions(config),
  startJobs: true,
});
const demo = config.demo.enabled ? await ensureDemoStore(database.db, config) : null;
const demoOperator = config.demo.enabled ? await ensureDemoOperator(database.db, config) : null;
if (demo) await seedDemoReports(database.db, app.reports);

const metricsServer = config.metrics.port !== undefined ? await startMetricsServer(app.metrics, config.metrics.port, config.metrics.host) : null;

let closing = false;
/**
 * shutdown (SIGTERM, SIGINT): stop accepting connections, tell connected Android agents to come back at a random
 * moment (agent-hub's bye), let requests and job runs in flight finish with their transactions, close the
 * database, exit 0. Past SHUTDOWN_TIMEOUT_MS it gives up and exits 1; whatever was cut off is still in the
 * database queue and is served after the restart, as after a crash.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down: no new requests, waiting for those in flight');
  setTimeout(() => {
    app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown took too long; exiting with work still in flight');
    process.exit(1);
  }, config.shutdownTimeoutMs).unref();
  try {
    await metricsServer?.close();
    await app.close();
    await database.close();
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
  app.log.info('shut down cleanly');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
// The demo store's lease plans, once its simulated phones have enrolled (they do so now, over HTTP).
if (demo) void seedDemoPlansWhenReady(database.db, app.lease, config.demo.devices, app.log);
const url = config.publicUrl ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
const lines = [
  '',
  `  租机宝设备管理控制台已启动：${url}`,
  `  数据库：${database.kind === 'pglite' ? `内嵌 PGlite（${path.join(config.dataDir, 'pglite')}）` : 'PostgreSQL'}`,
  ...(demo ? [`  演示门店管理员账号：${demo.phone}`, `  演示门店管理员密码：${demo.password}`] : []),
  ...(demoOperator
    ? [
        `  运营后台：${url}/ops/login`,
        `  演示运营账号：${demoOperator.phone}`,
        `  演示运营密码：${demoOperator.password}（首次登录时用手机验证器扫码绑定动态验证码）`,
      ]
    : []),
  ...(demoPush ? [`  演示设备：${config.demo.devices} 台模拟 iPhone（DEMO_DEVICES=0 可关闭）`] : []),
  ...(config.demo.enabled && config.demo.devices > 0 ? [`  演示设备：${config.demo.devices} 台模拟 Android 手机（扫码令牌接入，WebSocket 在线）`] : []),
  ...(config.devTools ? [`  开发者页面（短信发件箱，仅演示门店管理员可看）：${url}/system/dev`] : []),
  ...(demo
    ? [`  演示账号的密码另存于 ${path.join(config.dataDir, demoOperator ? 'demo-{admin,operator}.json' : 'demo-admin.json')}（本屏滚走后可在那里查看）`]
    : []),
  ...(config.logRequests === 'failed' ? ['  请求日志：只记失败的请求（LOG_REQUESTS=all 记录全部）'] : []),
  `  短信发送：${smsSenderSummary(config)}`,
  `  运行环境：Node ${process.version}${process.env.NODE_ENV === 'production' ? '（生产模式，JSON 日志）' : ''}`,
  ...(metricsServer
    ? [`  监控指标：http://${config.metrics.host}:${metricsServer.port}/metrics`]
    : config.metrics.token
      ? [`  监控指标：${url}/metrics（需 METRICS_TOKEN）`]
      : []),
  '',
];
console.log(lines.join('\n'));
if (config.devTools && !isLoopbackHost(config.host)) {
  console.warn(
    [
      '',
      '  !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
      `  警告：开发者工具已开启（DEV_TOOLS=1），且服务监听在 ${config.host}，其他机器可以访问。`,
      '  短信发件箱里有每一条验证码（任何账号的找回密码验证码），演示门店管理员登录后即可读取。',
      '  对外部署前请设置 DEV_TOOLS=0（或只监听 HOST=127.0.0.1），并配置真实短信网关（SMS_PROVIDER）。',
      '  WARNING: dev tools are on and the server listens beyond loopback; the SMS outbox shows every code.',
      '  !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
      '',
    ].join('\n'),
  );
}

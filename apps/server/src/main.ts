import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { ensureDemoStore } from './demo/demo-store.ts';
import { seedDemoReports } from './demo/demo-reports.ts';
import { loadSecrets } from './secrets.ts';
import path from 'node:path';
import { startDemoApns } from './demo/demo-apns.ts';
import { loadMdmKeys } from './mdm/apple/mdm-keys.ts';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dir: path.join(config.dataDir, 'pglite') },
);
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
  logger: { level: config.logLevel },
  startJobs: true,
});
const demo = config.demo.enabled ? await ensureDemoStore(database.db, config) : null;
if (demo) await seedDemoReports(database.db, app.reports);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const url = config.publicUrl ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
const lines = [
  '',
  `  租机宝设备管理控制台已启动：${url}`,
  `  数据库：${database.kind === 'pglite' ? `内嵌 PGlite（${path.join(config.dataDir, 'pglite')}）` : 'PostgreSQL'}`,
  ...(demo ? [`  演示门店管理员账号：${demo.phone}`, `  演示门店管理员密码：${demo.password}`] : []),
  ...(demoPush ? [`  演示设备：${config.demo.devices} 台模拟 iPhone（DEMO_DEVICES=0 可关闭）`] : []),
  ...(config.demo.enabled && config.demo.devices > 0 ? [`  演示设备：${config.demo.devices} 台模拟 Android 手机（扫码令牌接入，WebSocket 在线）`] : []),
  ...(config.devTools ? [`  开发者页面（短信发件箱）：${url}/system/dev`] : []),
  '',
];
console.log(lines.join('\n'));

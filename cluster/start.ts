// `npm run cluster`: N server nodes on one PostgreSQL behind HAProxy, on this machine (docs/deploy/cluster.md).
// DATABASE_URL is required; CLUSTER_NODES (3), PORT (the balancer's, 3000) and DATA_DIR (data/cluster) are optional.
// Ctrl-C stops the balancer's traffic and drains each node (SIGTERM), as a deployment would.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type ServerProcess, spawnServer } from '../apps/server/src/test/server-process.ts';
import { startHaproxy } from './haproxy.ts';

const root = path.resolve(import.meta.dirname, '..');
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('\n  集群需要 PostgreSQL：请设置 DATABASE_URL（内嵌数据库 PGlite 只能由一个进程打开，只适合单节点）。\n');
  process.exit(1);
}
const count = Number(process.env.CLUSTER_NODES ?? 3);
const port = Number(process.env.PORT ?? 3000);
const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data/cluster');
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });

console.log('  编译控制台与服务端…');
execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });

const nodes: ServerProcess[] = [];
const env = (i: number) => ({
  ...process.env,
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  PUBLIC_URL: publicUrl,
  // The balancer sets X-Forwarded-For; the nodes listen on loopback, so nothing else can set it.
  TRUST_PROXY: '1',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  // One node seeds the demo store (and runs its simulated phones); the others only serve.
  DEMO_STORE: i === 0 ? (process.env.DEMO_STORE ?? '1') : '0',
});
// The first node makes the keys in DATA_DIR and runs the migrations before the others start.
nodes.push(await spawnServer(env(0) as Record<string, string>, port + 1, { compiled: true }));
nodes.push(
  ...(await Promise.all(Array.from({ length: count - 1 }, (_, i) => spawnServer(env(i + 1) as Record<string, string>, port + 2 + i, { compiled: true })))),
);
const lb = await startHaproxy(dataDir, {
  listen: { host: process.env.HOST ?? '127.0.0.1', port },
  backends: nodes.map((_, i) => ({ name: `node${i}`, host: '127.0.0.1', port: port + 1 + i })),
  statsPort: port + 100,
});

console.log(
  [
    '',
    `  租机宝集群已启动：${publicUrl}（HAProxy ${lb.origin}）`,
    ...nodes.map((n, i) => `  节点 ${i + 1}：${n.origin}（进程 ${n.child.pid}）`),
    `  负载均衡状态页：http://127.0.0.1:${port + 100}/`,
    '  按 Ctrl-C 依次停止各节点（处理完进行中的请求后退出）。',
    '',
  ].join('\n'),
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await Promise.all(nodes.map((n) => n.kill('SIGTERM')));
  await lb.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

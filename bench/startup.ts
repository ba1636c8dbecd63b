import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The two ways to run the server: the compiled bundle (`npm start`) and TypeScript through tsx (`npm run dev`, and `npm start` before). */
const MODES = {
  compiled: ['--enable-source-maps', 'apps/server/dist/main.js'],
  tsx: ['--import', 'tsx', 'apps/server/src/main.ts'],
} as const;
export type StartupMode = keyof typeof MODES;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** startOnce spawns the server on an already migrated PGlite folder; ms from spawn to /api/health 200, RSS after idling. */
async function startOnce(mode: StartupMode, dataDir: string, idleMs: number) {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...MODES[mode]], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DEMO_STORE: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${mode} server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 120_000) throw new Error(`${mode} server did not become healthy`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const healthyMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, idleMs));
    return { healthyMs, rss: rssOf(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** benchStartup builds the server, then alternates the two modes `runs` times each on the same migrated database. */
export async function benchStartup(runs = 3, idleMs = 5000) {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'ignore' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-startup-'));
  try {
    await startOnce('compiled', dataDir, 0); // migrations and generated keys, so every measured start is a restart
    const results: Record<StartupMode, { healthyMs: number[]; rss: number[] }> = { compiled: { healthyMs: [], rss: [] }, tsx: { healthyMs: [], rss: [] } };
    for (let i = 0; i < runs; i++) {
      for (const mode of (i % 2 ? ['tsx', 'compiled'] : ['compiled', 'tsx']) as StartupMode[]) {
        const r = await startOnce(mode, dataDir, idleMs);
        results[mode].healthyMs.push(r.healthyMs);
        results[mode].rss.push(r.rss);
      }
    }
    return (Object.keys(results) as StartupMode[]).map((mode) => ({ mode, healthyMs: median(results[mode].healthyMs), rss: median(results[mode].rss), runs }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedE2e, E2E } from '../e2e/seed.ts';
import { startTlsFront } from './tls-front.ts';

const root = path.resolve(import.meta.dirname, '..');

export interface ConsoleServer {
  /** Where a browser opens the console: the server itself, or the TLS front when asked for. */
  base: string;
  /** An Apple device of the seeded store, registered through the API. */
  appleId: string;
  /** Access and refresh tokens of the seeded admin, for pages opened signed in. */
  session: { access_token: string; refresh_token: string };
  stop(): Promise<void>;
}

/**
 * startConsoleServer runs the built console on a seeded PGlite folder, as `npm start` does, for the
 * browser benches (first-load bytes, Lighthouse); the admin signs in and registers one serial. With `tls`, a
 * browser reaches it as phones do in production: through a TLS front speaking HTTP/2 (bench/tls-front.ts).
 */
export async function startConsoleServer(portBase: number, options: { tls?: boolean } = {}): Promise<ConsoleServer> {
  // WEB_DIST (as the web build and the server read it) measures a build kept outside apps/web/dist.
  const dist = path.resolve(root, process.env.WEB_DIST ?? 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`build the console first: npm run build (no ${dist}/index.html)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-bench-web-'));
  await seedE2e(dataDir);
  const port = portBase + (process.pid % 200);
  const front = options.tls ? await startTlsFront(port) : undefined;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_STORE: '0',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      WEB_DIST: dist,
      TRUST_PROXY: '1',
      ...(front ? { PUBLIC_URL: front.base } : {}),
    },
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await front?.close();
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${origin}/api/health`)).ok) break;
      } catch {
        if (i > 600) throw new Error('the console server did not start');
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const post = async (url: string, body: object, token?: string) => {
      const res = await fetch(origin + url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const session = await post('/api/auth/login', { account: E2E.admin, password: E2E.password });
    const { list } = await post('/api/device/ios/new', { serial_numbers: ['BENCH0000001'] }, session.access_token);
    return { base: front?.base ?? origin, appleId: list[0].id, session, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../apps/server/src/test/free-port.ts';
import { seedE2e } from './seed.ts';

const root = path.resolve(import.meta.dirname, '..');
let server: ChildProcess | undefined;
let dataDir: string | undefined;

async function waitForHealth(url: string, deadline: number) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${url} did not become healthy`);
}

/** Starts the real server (built console, seeded PGlite, short access tokens) for the browser tests. */
export async function setup(project: TestProject) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-e2e-'));
  await seedE2e(dataDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_STORE: '0',
      // The clerk test reads SMS codes from the outbox as the seeded (demo-marked) store's admin.
      DEV_TOOLS: '1',
      // Short-lived access tokens make every browser test exercise the transparent refresh.
      ACCESS_TOKEN_TTL_SECONDS: '4',
      LOGIN_IP_LIMIT_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, Date.now() + 60_000);
  project.provide('baseUrl', baseUrl);
}

export async function teardown() {
  server?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirError, prepareDataDir } from './data-dir.ts';

const made: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-datadir-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const modeOf = (p: string) => fs.statSync(p).mode & 0o777;

/** openToOthers lists every path under dir that a group or other user could read, write or enter. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (p: string) => {
    const st = fs.lstatSync(p);
    if (!st.isSymbolicLink() && st.mode & 0o077) found.push(`${path.relative(dir, p) || '.'} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) walk(path.join(p, name));
  };
  walk(dir);
  return found;
}

describe('prepareDataDir', () => {
  it('creates DATA_DIR 0700', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    prepareDataDir(dir);
    expect(modeOf(dir)).toBe(0o700);
  });

  it.each([0o777, 0o770, 0o702, 0o1777])('refuses a DATA_DIR with mode %s (writable by others), saying how to fix it', (mode) => {
    const dir = tempDir();
    fs.chmodSync(dir, mode);
    expect(() => prepareDataDir(dir)).toThrow(DataDirError);
    expect(() => prepareDataDir(dir)).toThrow(`chmod 700 ${dir}`);
  });

  it('tightens a readable DATA_DIR left by an older version, files and folders inside included', () => {
    const dir = tempDir();
    fs.chmodSync(dir, 0o755);
    fs.mkdirSync(path.join(dir, 'pglite', 'base'), { recursive: true, mode: 0o755 });
    fs.writeFileSync(path.join(dir, 'pglite', 'base', '1234'), 'rows', { mode: 0o644 });
    fs.writeFileSync(path.join(dir, 'demo-admin.json'), '{}', { mode: 0o640 });
    expect(prepareDataDir(dir).tightened).toBe(5);
    expect(openToOthers(dir)).toEqual([]);
    expect(modeOf(path.join(dir, 'pglite', 'base', '1234'))).toBe(0o600);
    expect(prepareDataDir(dir).tightened).toBe(0);
  });
});

const children = new Set<ChildProcess>();
// A test that timed out (a loaded machine) leaves its server running: kill it here, or it holds its PGlite folder for hours.
afterEach(async () => {
  await Promise.all(
    [...children].map(async (child) => {
      children.delete(child);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }),
  );
}, 30_000);

/** runMain starts the real server on DATA_DIR with its stderr captured; the caller kills it, and afterEach kills what is left. */
function runMain(dir: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_STORE: '0', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, stderr: () => stderr };
}

describe('the server process and DATA_DIR', () => {
  it('refuses to start on a world-writable DATA_DIR with a clear message', async () => {
    const dir = tempDir();
    fs.chmodSync(dir, 0o777);
    const main = runMain(dir, { PORT: '0' });
    expect(await main.exited).toBe(1);
    expect(main.stderr()).toContain('其他用户可以写入');
    expect(main.stderr()).toContain(`chmod 700 ${dir}`);
    expect(fs.readdirSync(dir)).toEqual([]);
  }, 60_000);

  it('keeps PGlite, the keys and the demo agents’ key files to its own user', async () => {
    const dir = path.join(tempDir(), 'data');
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const main = runMain(dir, { PORT: String(port), DEMO_STORE: '1', DEMO_DEVICES: '1' });
    try {
      // Ready once the demo Android agent has enrolled and saved its key pair; a loaded machine may take a while.
      const agentState = path.join(dir, 'demo-android', 'agent-1.json');
      const deadline = Date.now() + 150_000;
      while (!fs.existsSync(agentState) && main.child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(fs.existsSync(agentState), main.stderr()).toBe(true);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).ok).toBe(true);
      expect(fs.readdirSync(path.join(dir, 'pglite')).length).toBeGreaterThan(0);
      expect(fs.existsSync(path.join(dir, 'keys', 'jwt-hs256.key'))).toBe(true);
      expect(openToOthers(dir)).toEqual([]);
    } finally {
      main.child.kill('SIGTERM');
      const stuck = setTimeout(() => main.child.kill('SIGKILL'), 15_000);
      await main.exited;
      clearTimeout(stuck);
    }
  }, 180_000);
});

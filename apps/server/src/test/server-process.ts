import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../..');

/** ServerProcess is a real server in its own process, for tests that kill and restart it. */
export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  /** kill sends a signal and resolves once the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * spawnServer starts apps/server's main.ts with the given environment and waits for /api/health. `compiled` runs
 * the esbuild output instead, as `npm start` does (build it first with buildServer).
 */
export async function spawnServer(
  env: Record<string, string>,
  port: number,
  options: {
    /** Run the esbuild output, of apps/server/dist or of the folder named (buildServer's `outdir`). */
    compiled?: boolean | string;
    /** A command the server runs under, e.g. `ip netns exec <ns>` for a node of a test cluster on a host of its own. */
    command?: string[];
    /** Where the server is reached when not on loopback (it then listens on every address of its host). */
    address?: string;
    /** A file the server's log (its stdout) is appended to; by default it is dropped. */
    logFile?: string;
  } = {},
): Promise<ServerProcess> {
  // SERVER_NODE_ARGS adds node flags to the server (e.g. --cpu-prof while profiling a benchmark).
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const dist = typeof options.compiled === 'string' ? options.compiled : 'apps/server/dist';
  const entry = options.compiled ? ['--enable-source-maps', path.join(dist, 'main.js')] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const [program, ...args] = [...(options.command ?? []), process.execPath, ...nodeArgs, ...entry];
  const child = spawn(program, args, {
    cwd: root,
    env: { ...process.env, HOST: options.address ? '0.0.0.0' : '127.0.0.1', PORT: String(port), DEMO_STORE: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', options.logFile ? fs.openSync(options.logFile, 'a') : 'ignore', 'inherit'],
  });
  const origin = `http://${options.address ?? '127.0.0.1'}:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left behind holding its port and database: the caller never gets a handle to kill it.
      child.kill('SIGKILL');
      await exited;
      throw new Error('server did not become healthy');
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    origin,
    child,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      await exited;
    },
  };
}

/**
 * buildServer compiles the server as `npm start` does, for spawnServer's `compiled` option; `outdir` (relative to the
 * repository, e.g. `apps/server/.tmp/x`) keeps the build apart from apps/server/dist.
 */
export function buildServer(outdir?: string) {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, ...(outdir ? { SERVER_DIST: outdir } : {}) },
  });
}

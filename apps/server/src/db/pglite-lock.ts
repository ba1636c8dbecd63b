import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database (PGlite) is one process's files: a second process opening the same folder would
 * corrupt it. The server and the `npm run ops` command line each hold DATA_DIR/pglite.lock (the holder's
 * pid) while they have it open; a lock whose process is gone is stale and taken over.
 */
export class DatabaseInUseError extends Error {
  constructor(
    readonly pid: number,
    readonly holder: string,
  ) {
    super(`embedded database in use by ${holder} (pid ${pid})`);
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** lockPglite takes the lock for `holder` ('server' or 'ops-cli'), or throws DatabaseInUseError; returns the release. */
export function lockPglite(dataDir: string, holder: string): () => void {
  const file = path.join(dataDir, 'pglite.lock');
  fs.mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify({ pid: process.pid, holder, since: new Date().toISOString() }), { flag: 'wx', mode: 0o600 });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          const held = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid?: number };
          if (held.pid === process.pid) fs.rmSync(file, { force: true });
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let held: { pid?: number; holder?: string } = {};
      try {
        held = JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch {
        /* unreadable: treated as stale */
      }
      if (held.pid && held.pid !== process.pid && alive(held.pid)) throw new DatabaseInUseError(held.pid, held.holder ?? 'unknown');
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take ${file}`);
}

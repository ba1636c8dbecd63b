import fs from 'node:fs';
import path from 'node:path';

/** Group and world bits: nothing in DATA_DIR (database, keys, agents' keys) is for other local users. */
const OTHERS = 0o077;
const OTHERS_WRITE = 0o022;

export class DataDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirError';
  }
}

/**
 * restrictNewFiles sets the process umask to 077, so every file the server, PGlite and the demo agents create
 * from now on is readable by its owner only, without each writer having to ask for it.
 */
export function restrictNewFiles() {
  process.umask(0o077);
}

/**
 * prepareDataDir creates DATA_DIR 0700, or refuses to start when it is group- or world-writable (another user
 * could swap keys or the database under us). A directory left readable by an older version is tightened,
 * with everything in it: PGlite files used to be created 0644.
 */
export function prepareDataDir(dir: string): { tightened: number } {
  if (!fs.existsSync(dir)) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.chmodSync(dir, 0o700);
    return { tightened: 0 };
  }
  const stat = fs.statSync(dir);
  if (!stat.isDirectory()) throw new DataDirError(`DATA_DIR ${dir} 不是目录，拒绝启动`);
  if (stat.mode & OTHERS_WRITE) {
    const mode = (stat.mode & 0o777).toString(8).padStart(4, '0');
    throw new DataDirError(`DATA_DIR ${dir} 的权限是 ${mode}，其他用户可以写入（可能替换密钥或数据库），拒绝启动。请执行：chmod 700 ${dir}`);
  }
  return { tightened: restrictTree(dir) };
}

/**
 * restrictTree removes group and world bits from a tree we own; symbolic links and others' files are left alone.
 * PGlite (emscripten's NODEFS) chmods the files it creates to 0666 whatever the umask, so the server runs this
 * over its PGlite folder after opening it and then now and then; the folders themselves are 0700 (umask), so
 * no other user can reach a file in between.
 */
export function restrictTree(target: string): number {
  try {
    const stat = fs.lstatSync(target);
    if (stat.isSymbolicLink() || (typeof process.getuid === 'function' && stat.uid !== process.getuid())) return 0;
    let changed = 0;
    if (stat.mode & OTHERS) {
      fs.chmodSync(target, stat.mode & 0o7700 & ~OTHERS);
      changed++;
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(target)) changed += restrictTree(path.join(target, name));
    return changed;
  } catch (err) {
    // The database may remove a file while we walk (a finished WAL segment): nothing left to restrict.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
}

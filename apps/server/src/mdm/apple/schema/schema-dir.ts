import fs from 'node:fs';
import path from 'node:path';

/** findRepoRoot walks up from `start` to the npm workspace root (the package.json that declares workspaces). */
export function findRepoRoot(start = import.meta.dirname): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && 'workspaces' in JSON.parse(fs.readFileSync(pkg, 'utf8'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no npm workspace root above ${start}`);
  }
}

/**
 * resolveSchemaDir finds Apple's device-management YAML: `APPLE_SCHEMA_DIR` when set, else `shared/`
 * beside the repository (where CI and every checkout keep it). A missing folder is an error, never a skip.
 */
export function resolveSchemaDir(env: Record<string, string | undefined> = process.env): string {
  const dir = env.APPLE_SCHEMA_DIR ? path.resolve(env.APPLE_SCHEMA_DIR) : path.resolve(findRepoRoot(), '../shared/apple-device-management');
  if (!fs.existsSync(path.join(dir, 'mdm', 'commands'))) {
    throw new Error(`Apple schema folder not found at ${dir} (expected mdm/commands inside; set APPLE_SCHEMA_DIR)`);
  }
  return dir;
}

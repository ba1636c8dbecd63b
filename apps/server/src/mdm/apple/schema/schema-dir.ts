import fs from 'node:fs';
import path from 'node:path';

/**
 * APPLE_SCHEMA_RELEASE is the one pin of Apple's device-management YAML the tests validate against: the
 * `release` branch of github.com/apple/device-management at this commit (the iOS 18.1 / macOS 15.1 release).
 * `shared/apple-device-management/SOURCE.txt` records the same commit for the copy kept beside the repository.
 */
export const APPLE_SCHEMA_RELEASE = {
  repository: 'https://github.com/apple/device-management',
  commit: 'b6202ca2fbd31286a52eb160b67a4db7b4fe1f1f',
  name: 'Release_iOS-18-1_macOS-15-1',
} as const;

/** findRepoRoot walks up from `start` to the npm workspace root (the package.json that declares workspaces). */
export function findRepoRoot(start = import.meta.dirname): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && 'workspaces' in JSON.parse(fs.readFileSync(pkg, 'utf8'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no npm workspace root above ${start}`);
  }
}

/** schemaDirOf is where the schemas are looked for: `APPLE_SCHEMA_DIR` when set, else `shared/` beside the repository. */
export const schemaDirOf = (env: Record<string, string | undefined> = process.env): string =>
  env.APPLE_SCHEMA_DIR ? path.resolve(env.APPLE_SCHEMA_DIR) : path.resolve(findRepoRoot(), '../shared/apple-device-management');

/** missingSchemaHint is the one line that says where to get the pinned schemas and which variable names their folder. */
export const missingSchemaHint = (dir: string): string =>
  `Apple 设备管理 schema 未找到（${dir} 下没有 mdm/commands）：请取 ${APPLE_SCHEMA_RELEASE.repository} 的提交 ${APPLE_SCHEMA_RELEASE.commit}（${APPLE_SCHEMA_RELEASE.name}），放在该处或设置 APPLE_SCHEMA_DIR=<其目录>`;

/**
 * resolveSchemaDir finds Apple's device-management YAML (schemaDirOf). A missing folder is an error, never a skip;
 * `npm test` checks it first (scripts/preflight.mjs) so the hint comes before any test runs.
 */
export function resolveSchemaDir(env: Record<string, string | undefined> = process.env): string {
  const dir = schemaDirOf(env);
  if (!fs.existsSync(path.join(dir, 'mdm', 'commands'))) throw new Error(`Apple schema folder not found: ${missingSchemaHint(dir)}`);
  return dir;
}

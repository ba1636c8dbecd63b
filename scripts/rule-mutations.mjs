// node scripts/rule-mutations.mjs [words…]: the hand-made mutations, each of which a test of its own
// module must kill. Stryker cannot make most of them: it does not swap one permission code for another, and it
// cannot activate a module-level constant (a limit, a window) before the test file has read it. Each mutation is
// applied to a copy of the repository in a temporary folder (node_modules linked), never to the working tree, and
// the named test file runs against it: KILLED means it failed, as it must. Words filter the list by name.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const S = 'apps/server/src';
const ICR = `${S}/modules/ios-device/ios-command.routes.ts`;
const IDR = `${S}/modules/ios-device/ios-device.routes.ts`;
const MATRIX = `${S}/modules/ios-device/ios-permission.routes.test.ts`;
const SMS = `${S}/modules/sms-code/sms-code.service.ts`;
const SMS_TEST = `${S}/modules/sms-code/sms-code.service.test.ts`;
const OPEN_API_TEST = `${S}/modules/open-api/open-api.routes.test.ts`;
const LEASE_ROUTES = `${S}/modules/lease/lease.routes.ts`;
const LEASE_TEST = `${S}/modules/lease/lease.routes.test.ts`;
// An unrelated code for the swaps: every clerk of the matrix that lacks the route's code holds this one.
const OTHER = 'Perm.APPLE_SET_WALLPAPER';

/** [name, file, original, mutated, test file, test-name filter] */
export const MUTATIONS = [
  ['unlock Ab5 → Ab3', ICR, "simple('unlock', perm(Perm.APPLE_DISABLE_LOST_MODE)", `simple('unlock', perm(${OTHER})`, MATRIX, "'unlock' needs"],
  ['play sound Ab8 → Ab3', ICR, 'perm(Perm.APPLE_PLAY_LOST_SOUND)', `perm(${OTHER})`, MATRIX, "'play-lost-mode-sound' needs"],
  ['reboot Ab6 → Ab3', ICR, 'perm(Perm.APPLE_REBOOT)', `perm(${OTHER})`, MATRIX, "'reboot' needs"],
  [
    'recycle Ab21 → Ab3',
    ICR,
    "simple('move-to-recycle-bin', perm(Perm.APPLE_ARCHIVED)",
    `simple('move-to-recycle-bin', perm(${OTHER})`,
    MATRIX,
    "'move-to-recycle-bin' needs",
  ],
  [
    'restore Ab21 → Ab3',
    ICR,
    "simple('restore-from-recycle-bin', perm(Perm.APPLE_ARCHIVED)",
    `simple('restore-from-recycle-bin', perm(${OTHER})`,
    MATRIX,
    "'restore-from-recycle-bin' needs",
  ],
  ['remove Ab21 → Ab3', ICR, "simple('remove', perm(Perm.APPLE_ARCHIVED)", `simple('remove', perm(${OTHER})`, MATRIX, "'remove' needs"],
  ['clear passcode Ab9 → Ab3', ICR, 'perm(Perm.APPLE_CLEAR_PASSCODE)', `perm(${OTHER})`, MATRIX, "'clear-passcode' needs"],
  [
    'enrolment profile Aa2 → Ab3',
    IDR,
    '{ config: { auth: { perms: [Perm.APPLE_LIST_NEW] }, module: Module.APPLE }, schema: { tags } }',
    `{ config: { auth: { perms: [${OTHER}] }, module: Module.APPLE }, schema: { tags } }`,
    MATRIX,
    "'enrollment-profile' needs",
  ],
  ['batch change of clerk Aa4 → Ab3', IDR, 'perms: [Perm.APPLE_LIST_BATCH_CHANGE_CLERK]', `perms: [${OTHER}]`, MATRIX, "'change-for-clerk' needs"],
  [
    'cancel of a scheduled lock Ab4 → Ab3',
    IDR,
    '{ config: { auth: { perms: [Perm.APPLE_ENABLE_LOST_MODE] }, module: Module.APPLE }, schema: { tags, body: cancelScheduleRequest } }',
    `{ config: { auth: { perms: [${OTHER}] }, module: Module.APPLE }, schema: { tags, body: cancelScheduleRequest } }`,
    MATRIX,
    "'cancel-schedule-enable-lost-mode' needs",
  ],
  ['SMS guess limit 5 → 3', SMS, 'const MAX_ATTEMPTS = 5;', 'const MAX_ATTEMPTS = 3;', SMS_TEST, 'guess limit'],
  ['SMS code lifetime 5 → 10 min', SMS, 'const CODE_TTL_MS = 5 * 60_000;', 'const CODE_TTL_MS = 10 * 60_000;', SMS_TEST, 'expiry'],
  ['SMS daily per-phone cap >= → >', SMS, 'daily.n >= limits.perPhonePerDay', 'daily.n > limits.perPhonePerDay', SMS_TEST, 'send caps'],
  ['SMS hourly per-IP cap >= → >', SMS, 'fromIp.n >= limits.perIpPerHour', 'fromIp.n > limits.perIpPerHour', SMS_TEST, 'send caps'],
  ['SMS daily cap 10 → 12', SMS, 'perPhonePerDay: 10,', 'perPhonePerDay: 12,', SMS_TEST, 'send caps'],
  ['open-API window ±300 → ±5 s', `${S}/domain/signature.ts`, 'SIGNATURE_WINDOW_SECONDS = 300;', 'SIGNATURE_WINDOW_SECONDS = 5;', OPEN_API_TEST, 'timestamp'],
  [
    'open-API window ±300 → ±310 s',
    `${S}/domain/signature.ts`,
    'SIGNATURE_WINDOW_SECONDS = 300;',
    'SIGNATURE_WINDOW_SECONDS = 310;',
    OPEN_API_TEST,
    'timestamp',
  ],
  [
    'store quota <= → < (iPhone)',
    `${S}/domain/device-quota.ts`,
    '${store.usedDeviceCount} + ${n} <= ${store.deviceCount}',
    '${store.usedDeviceCount} + ${n} < ${store.deviceCount}',
    `${S}/domain/device-quota.test.ts`,
    '',
  ],
  [
    'store quota <= → < (Android)',
    `${S}/domain/device-quota.ts`,
    '${store.usedDeviceCount} + ${n} <= ${store.deviceCount}',
    '${store.usedDeviceCount} + ${n} < ${store.deviceCount}',
    `${S}/mdm/android/enrolment.test.ts`,
    '',
  ],
  [
    'store-profile enrolment charges no slot',
    `${S}/mdm/apple/checkin.service.ts`,
    'await reserveDeviceSlots(tx, cert.storeId, device ? device.clerkId : cert.clerkId, 1);',
    'void 0;',
    `${S}/mdm/apple/checkin-quota.test.ts`,
    '',
  ],
  [
    'Idempotency-Key race branch off',
    `${S}/domain/device-operation.ts`,
    "if (!idempotency || !isUniqueViolation(err, 'operation_log_idempotency_key')) return null;",
    'return null;',
    `${S}/domain/device-operation.test.ts`,
    '',
  ],
  // Lease plans: each route group's code swapped for another the permission test's clerk holds or lacks.
  [
    'lease payments Fa3 → Fa1',
    LEASE_ROUTES,
    'const pay = { auth: { perms: [Perm.LEASE_PAYMENT_RECORD] } };',
    'const pay = { auth: { perms: [Perm.LEASE_PLAN_VIEW] } };',
    LEASE_TEST,
    'needs 查看分期计划',
  ],
  [
    'lease collections Fa4 → Fa1',
    LEASE_ROUTES,
    'const collect = { auth: { perms: [Perm.LEASE_COLLECTIONS] } };',
    'const collect = { auth: { perms: [Perm.LEASE_PLAN_VIEW] } };',
    LEASE_TEST,
    'needs 查看分期计划',
  ],
  [
    'lease plan edits Fa2 → Fa1',
    LEASE_ROUTES,
    'const edit = { auth: { perms: [Perm.LEASE_PLAN_EDIT] } };',
    'const edit = { auth: { perms: [Perm.LEASE_PLAN_VIEW] } };',
    LEASE_TEST,
    'needs 查看分期计划',
  ],
  [
    'lease view Fa1 → none',
    LEASE_ROUTES,
    'const view = { auth: { perms: [Perm.LEASE_PLAN_VIEW] } };',
    "const view = { auth: 'authenticated' as const };",
    LEASE_TEST,
    'needs 查看分期计划',
  ],
];

const SKIP = new Set(['node_modules', '.git', '.stryker-tmp', 'reports', 'data', 'coverage', 'test-results', 'dist']);

function main() {
  const words = process.argv.slice(2);
  const chosen = MUTATIONS.filter(([name]) => !words.length || words.some((w) => name.includes(w)));
  const root = process.cwd();
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'rule-mutations-'));
  fs.cpSync(root, copy, { recursive: true, filter: (src) => !SKIP.has(path.basename(src)) || path.dirname(src) !== root });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));
  fs.writeFileSync(
    path.join(copy, 'rule-mutations.vitest.config.mjs'),
    "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { include: ['apps/server/src/**/*.test.ts'], environment: 'node', testTimeout: 90_000, hookTimeout: 180_000, maxWorkers: 1 } });\n",
  );
  const results = [];
  try {
    for (const [name, file, original, mutated, test, filter] of chosen) {
      const target = path.join(copy, file);
      const source = fs.readFileSync(target, 'utf8');
      if (source.split(original).length !== 2) {
        results.push({ mutation: name, result: 'NOT FOUND (the code changed: update the list)' });
        continue;
      }
      fs.writeFileSync(target, source.replace(original, mutated));
      const args = ['vitest', 'run', '--config', 'rule-mutations.vitest.config.mjs', test, ...(filter ? ['-t', filter] : [])];
      const run = spawnSync('npx', args, { cwd: copy, encoding: 'utf8' });
      fs.writeFileSync(target, source);
      const out = `${run.stdout}${run.stderr}`;
      const result = run.status === 0 ? 'SURVIVED' : /Tests\s.*failed/.test(out) ? 'KILLED' : `ERROR (exit ${run.status})`;
      results.push({ mutation: name, test: path.basename(test), result });
      console.log(`${result}: ${name} (${path.basename(test)})`);
    }
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
  console.table(results);
  if (results.some((r) => r.result !== 'KILLED')) process.exitCode = 1;
}

main();

// @ts-check
// StrykerJS for the rule-bearing files of issue 18. Run through `npm run mutation` (stryker.run.mjs), one group of
// stryker.groups.mjs at a time; not part of `npm test` (too slow on this machine).
//
// Survivors judged equivalent (a mutant no test can tell from the original, so no test is owed), by file:
//
// modules/logs/device-operation.ts (run 2026-11-25 05:22: 29 killed, 5 survived = 85.3 % of all mutants, 100 % of
// the non-equivalent ones; the five survivors, at lines 42, 59 and 86, all equivalent):
// - `if (!idempotencyKey) return null` → `if (false)`: the lookup then filters on a null key and finds no row.
// - `if (replay) return replay` → `if (false)`: the insert then hits the key's unique index and the catch answers the
//   same replay — the race branch is the backstop for exactly this.
// - the catch's `op.idempotencyKey && isUniqueViolation(…)` → `true`, `||`, or "" for the index name: without a key,
//   or for another error, the lookup finds no row carrying the key (the insert rolled back), so the error is rethrown.
//
// domain/device-quota.ts (run 2026-11-25 05:45: 53 killed, 4 timed out, 8 survived = 87.7 %). Killed since
// by device-quota.test.ts, checked by hand on a copy: `n > 0` → `true` and `n >= 0` (line 50: a clerk whose devices
// come and go in equal numbers is left alone even over a lowered quota; a giving clerk never drops below zero) and
// the error code "" (line 56: the refusal is QUOTA_EXCEEDED / 409). Equivalent, the other five:
// - line 34 `if (clerkId)` → `if (true)`: without a clerk the UPDATE filters on a null id and changes no row.
// - line 45 `if (from === to) continue` → `if (false)`: the clerk's −1 and +1 cancel to 0, which neither branch acts on.
// - line 46 `if (m.fromClerkId)` → `if (true)`: a null giver becomes a delta keyed null, whose UPDATE matches no row.
// - line 57 `n < 0` → `true` or `n <= 0`: only n = 0 reaches it newly, and subtracting 0 changes nothing.
//
// adapters/sms/sms-code.service.ts (run 2026-11-25 05:16–05:50, before the SMS tests of 05:31: 85 killed, 2 timed out, 18 survived = 82.9 %. The tests
// added since target 12 of the 18 (not re-measured by Stryker before the deadline, the group takes ~30 min here; three checked by hand on a copy: `if (deliver)`, the length check, the resend window):
// maskPhone ×4 (moved since to packages/shared/src/masking.ts, tested there) and `return {}` (the send's answer), the invalid message "", the `>=` of both check throttles (30th
// phone / 100th IP check passes), `if (deliver)` → true (nothing sent for deliver: false), the length check → false (an
// undelivered code is refused, not a crash), the resend window in ms instead of s and its error code (59 s later still
// refused with TOO_MANY_REQUESTS). Equivalent:
// - line 44 `ip ?? ''` → another string, and line 47 `[{ n: 0 }]` → `[{}]`: checks without an IP are counted by IP
//   only when a later check carries that same IP, which '' or the mutant's text never is; `undefined > limit` is false
//   like `0 > limit`.
// - lines 13/15 SEND_FAILED / UNDELIVERABLE → "": markers that only need to differ from every 64-hex HMAC.
// - line 126 `spent.length !== 1` → false: reachable only when two checks of the same code race between the guess and
//   the spend; PGlite runs them one at a time (the 1,000-parallel test reaches it on PostgreSQL).
// Not killed, not equivalent: line 74 `padStart(6, '0')` → `padStart(6, "")`: a code below 100000 would be sent with
// fewer than six digits; only 1 code in 10 shows it, so a test would be chance.)
//
// modules/report/ledger.ts (run 2026-11-25: 61 killed, 1 timed out, 1 survived = 98.4 %): the survivor,
// `clerkId: c.clerkId ?? null` → `c.clerkId && null` (line 54), is killed since by ledger.test.ts (a charge keeps its
// clerk), checked by hand on a copy; no equivalents.
//
// modules/webhook/address-guard.ts (run 2026-11-25: 79 killed, 2 timed out, 7 survived = 92.0 %):
// - `default: return null` removed in embeddedIpv4: the function then returns undefined, which its only caller
//   reads as "no embedded IPv4" exactly as null.
// - /^\[|\]$/ → /\[|\]$/ or /^\[|\]/ (isPrivateAddress and assertPublicUrl): a bracket can only stand first or
//   last in an address isIP accepts afterwards, so anchoring or not strips the same characters.
// - /%.*$/ → /%.*/: `.*` is greedy and an address has no line break, so both strip the zone to the end.
// - parseCIDR('2000::/3') → parseCIDR(""): a module-level constant. parseCIDR("") throws, so the module cannot
//   load and every test importing it fails — but the vitest runner activates a mutant only after the test file
//   has imported its modules, so Stryker never sees this one active. Module-level constants are checked by hand
//   instead (the list, all killed: SMS limits and lifetime, the open-API window, the quota comparison).
import { group } from './stryker.groups.mjs';

const g = group();

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'stryker.vitest.config.mjs', related: false },
  mutate: g.mutate,
  coverageAnalysis: 'perTest',
  // The box has 2 cores shared with other work: MUTATION_CONCURRENCY=1 to be gentle.
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  // Reruns test only the mutants whose file or tests changed since the group's last report.
  incremental: process.env.MUTATION_FULL !== '1',
  incrementalFile: `reports/mutation/${g.name}.incremental.json`,
  // A server test file builds an app on PGlite; mutants of start-up code rerun the group's files. A mutant that
  // turns a loop endless (or a wait that never ends) counts as killed by timeout; 15 s over the dry run's time keeps
  // each of those from costing a minute, and is well above the slowest test of a group on this box.
  timeoutMS: 15_000,
  timeoutFactor: 1.5,
  // Copy only what the server tests need into the sandbox (node_modules is linked, not copied).
  ignorePatterns: ['apps/web', 'e2e', 'bench', 'docs', 'data', 'reports', '.stryker-tmp', 'coverage', 'test-results'],
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `reports/mutation/${g.name}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: true },
  tempDirName: `.stryker-tmp/${g.name}`,
  cleanTempDir: true,
  thresholds: { high: 90, low: 80, break: null },
};

// Mutation groups of `npm run mutation` (issue 18): each rule-bearing file with the tests of its own area. A group is
// one Stryker run, so a mutant of code that runs at start-up (a route's permission declaration, a constant) — which
// Stryker must test with every test of the run — costs only its area's tests, not the whole server suite.
const S = 'apps/server/src';
export const GROUPS = {
  permissions: {
    // The routes' permission declarations are not mutated here: Stryker does not swap one Perm constant for another
    // (it leaves member expressions alone), and each mutant of a declaration runs at start-up, so it would cost the
    // whole group's tests. The swaps are what the permission matrices below guard, one test per call (a clerk holding
    // every other code is refused, one holding only this code gets through); docs/mutation-testing.md lists them.
    mutate: [`${S}/http/authz.ts`],
    // authz.ts by its rules test (a small app with its own callers, seconds per mutant): every rule's 401 / 403 and
    // what passes. authz.test.ts (the real app's routes against those rules, the backstop) is left out: it builds the
    // whole app and calls every route three times, over an hour for this group on this box (2026-11-25); the score is
    // still over all of authz.ts's mutants, and is a lower bound of what both files kill.
    tests: [`${S}/http/authz.rules.test.ts`],
  },
  sms: {
    mutate: [`${S}/modules/sms-code/sms-code.service.ts`],
    // sms-code.digits.test.ts fixes randomInt's draw (a mock of node:crypto), so it has a file of its own.
    tests: [`${S}/modules/sms-code/sms-code.service.test.ts`, `${S}/modules/sms-code/sms-code.digits.test.ts`],
  },
  // The signature recipe by its own unit tests (seconds per mutant); the open API's auth by its route tests (minutes).
  signature: { mutate: [`${S}/domain/signature.ts`], tests: [`${S}/domain/signature.test.ts`] },
  'open-api': {
    mutate: [`${S}/modules/open-api/open-api.auth.ts`],
    // open-api.auth.ts by its own test (both checks called as the routes call them, on a database of its own and a
    // clock the test sets). open-api.routes.test.ts proves the same rules through the routes, but starts simulated
    // phones and takes minutes per mutant here; the earlier run with it stopped after 39 of 140 mutants (2026-11-25).
    // signature.ts is the signature group's; signature.test.ts and open-api.guard.test.ts never reach this file.
    tests: [`${S}/modules/open-api/open-api.auth.test.ts`],
  },
  quota: {
    mutate: [`${S}/domain/device-quota.ts`],
    // device-quota.ts is the quota of both platforms (Android enrolment and change-for-clerk call it too).
    tests: [`${S}/domain/device-quota.test.ts`, `${S}/mdm/android/enrolment.test.ts`, `${S}/mdm/apple/checkin-quota.test.ts`],
  },
  // How the console and the lease steps' texts write money (¥1,234.50), by hand rather than through Intl.
  money: { mutate: ['packages/shared/src/money.ts'], tests: ['packages/shared/src/money.test.ts'] },
  'address-guard': { mutate: [`${S}/adapters/webhook/address-guard.ts`], tests: [`${S}/adapters/webhook/address-guard.test.ts`] },
  'apple-queue': {
    // The rule-bearing lines only (queue order and lifetime, check-in refusals, the slot, re-enrolment): the tests are
    // end-to-end runs with simulated phones, minutes per mutant on this box.
    mutate: [`${S}/mdm/apple/commander.ts:34-80`, `${S}/mdm/apple/checkin.service.ts:48-146`],
    // checkin.service.test.ts and commander.test.ts call the two files directly on a database (seconds); the others
    // are end-to-end runs with simulated phones.
    tests: [
      `${S}/mdm/apple/checkin.service.test.ts`,
      `${S}/mdm/apple/commander.test.ts`,
      `${S}/mdm/apple/engine.e2e.test.ts`,
      `${S}/mdm/apple/checkin-messages.e2e.test.ts`,
      `${S}/mdm/apple/checkin-quota.test.ts`,
    ],
  },
  'device-operation': {
    mutate: [`${S}/domain/device-operation.ts`],
    tests: [`${S}/domain/device-operation.test.ts`, `${S}/domain/idempotency.test.ts`],
  },
  // The ledger's own tests alone: they must kill its mutants without the report routes' help.
  'report-ledger': { mutate: [`${S}/modules/report/ledger.ts`], tests: [`${S}/modules/report/ledger.test.ts`] },
  // The shown lock state on a phone's report (the store's lock outlives the phone's word): its unit test alone.
  'lock-on-report': { mutate: [`${S}/mdm/apple/device-facts.ts:42-46`], tests: [`${S}/mdm/apple/lock-status-on-report.test.ts`] },
  // Declaration tokens (a change reaches exactly the phones it concerns) and DDM capability.
  'ddm-tokens': { mutate: [`${S}/mdm/apple/ddm/ddm-tokens.ts`], tests: [`${S}/mdm/apple/ddm/ddm-tokens.test.ts`] },
  // OS updates by declaration: path by iOS version, deadlines, deferral, install state, the offered releases.
  'os-update-ddm': { mutate: [`${S}/modules/ios-settings/os-update-ddm.ts`], tests: [`${S}/modules/ios-settings/os-update-ddm.test.ts`] },
  // Lease plans: the pure rules (state, steps, the store's days) and the CSV reading, by their unit tests (ms per mutant).
  'lease-rules': {
    mutate: [`${S}/modules/lease/lease-rules.ts`, `${S}/modules/lease/lease-calendar.ts`, `${S}/modules/lease/payment-csv.ts`],
    tests: [`${S}/modules/lease/lease-rules.test.ts`, `${S}/modules/lease/lease-calendar.test.ts`, `${S}/modules/lease/payment-csv.test.ts`],
  },
};

/** group: the group named by MUTATION_GROUP (set by stryker.run.mjs for each run). */
export function group() {
  const name = process.env.MUTATION_GROUP ?? '';
  const g = GROUPS[name];
  if (!g) throw new Error(`MUTATION_GROUP must be one of: ${Object.keys(GROUPS).join(', ')}`);
  // MUTATION_MUTATE (comma-separated `file:from-to`) narrows a run to some of the group's lines, for a partial run
  // when the whole group does not fit the time; the report then covers only those lines (say so when quoting it).
  // MUTATION_TESTS likewise runs the group with some of its test files only (the score is then a lower bound).
  const only = process.env.MUTATION_MUTATE?.split(',').filter(Boolean);
  const tests = process.env.MUTATION_TESTS?.split(',').filter(Boolean);
  return { name, ...g, ...(only?.length ? { mutate: only } : {}), ...(tests?.length ? { tests } : {}) };
}

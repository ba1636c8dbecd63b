import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInOperator } from '../../modules/ops/ops.test-kit.ts';
import { type FuzzWorld, describeRequest, runFuzz, startFuzzWorld, summary } from './fuzz-harness.ts';

/**
 * The operator console's calls (/api/ops) fuzzed as a signed-in operator: the console fuzz sends
 * them as a store admin, who only ever gets 401 there. A fuzzed logout or password change ends the session;
 * relogin then signs a new operator in.
 */
let world: FuzzWorld;
let opsWorld: FuzzWorld;
beforeAll(async () => {
  world = await startFuzzWorld();
  let headers = (await signInOperator(world.t)).headers;
  opsWorld = {
    ...world,
    adminHeaders: () => headers,
    async relogin() {
      headers = (await signInOperator(world.t)).headers;
    },
  };
});
afterAll(() => world?.close());

it('answers junk to every operator call with 4xx in the error envelope, never a 5xx', async () => {
  const ops = opsWorld.ops.filter((op) => op.path.startsWith('/api/ops/'));
  expect(ops.length).toBeGreaterThan(10);
  const report = await runFuzz(opsWorld, ops, 40);
  console.log(summary(`ops, ${ops.length} operations`, report));
  expect(report.failures.map(describeRequest)).toEqual([]);
  expect(report.requests).toBeGreaterThanOrEqual(ops.length * 40);
}, 300_000);

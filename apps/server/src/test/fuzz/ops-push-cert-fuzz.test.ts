import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInOperator } from '../../modules/ops/ops.test-kit.ts';
import { type FuzzWorld, describeRequest, runFuzz, startFuzzWorld, summary } from './fuzz-harness.ts';

/**
 * The push certificate and fleet health operations fuzzed as a signed-in operator (the console files send them a
 * clerk's token, which only ever meets the 401). Requests marked 'admin' carry the operator's session here.
 */
let world: FuzzWorld;
let operatorHeaders: { authorization: string };
beforeAll(async () => {
  world = await startFuzzWorld();
  operatorHeaders = (await signInOperator(world.t)).headers;
});
afterAll(() => world?.close());

it('answers junk to /api/ops/push-cert and /api/ops/health, as an operator, with Chinese 4xx, never a 5xx', async () => {
  const ops = world.ops.filter((op) => op.path.startsWith('/api/ops/push-cert') || op.path === '/api/ops/health');
  expect(ops.map((op) => `${op.method} ${op.path}`).sort()).toEqual(
    [
      'GET /api/ops/health',
      'GET /api/ops/push-cert',
      'POST /api/ops/push-cert/certificate',
      'POST /api/ops/push-cert/csr',
      'POST /api/ops/push-cert/vendor-sign',
    ].sort(),
  );
  const report = await runFuzz(world, ops, 60, {
    prepare: (req) => (req.caller === 'admin' ? { ...req, headers: { ...req.headers, ...operatorHeaders } } : req),
  });
  console.log(summary(`ops push-cert + health, ${ops.length} operations`, report));
  expect(report.failures.map(describeRequest)).toEqual([]);
  expect(report.requests).toBeGreaterThanOrEqual(ops.length * 60);
  // The operator's requests were really let in: some answered 200.
  expect(report.byStatus['admin:200'] ?? 0).toBeGreaterThan(0);
}, 300_000);

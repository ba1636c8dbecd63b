import { afterAll, beforeAll, expect, it } from 'vitest';
import { signDevice, signedMdmRequests, unsignedMdmRequests } from './device-fuzz.ts';
import { FUZZ_SCALE, FUZZ_SEED, type FuzzWorld, describeRequest, isDeviceProtocol, newReport, runFuzz, send, startFuzzWorld, summary } from './fuzz-harness.ts';

let world: FuzzWorld;
beforeAll(async () => {
  world = await startFuzzWorld({ withPhone: true });
});
afterAll(() => world?.close());

it('answers junk on the device protocols (/open/v1, /agent/v1, /mdm) with 4xx, never a 5xx, never a 401 on /mdm', async () => {
  const report = newReport();
  const ops = world.ops.filter(isDeviceProtocol);
  await runFuzz(world, ops, 60, { report, callers: ['device', 'device', 'device', 'anonymous', 'forged'], prepare: signDevice(world) });
  await send(world, await signedMdmRequests(world, Math.ceil(700 * FUZZ_SCALE), FUZZ_SEED), report);
  await send(world, unsignedMdmRequests(Math.ceil(400 * FUZZ_SCALE), FUZZ_SEED), report);
  // The hirer's enrolment page is served by the console's fallback route, which has no schema to generate from;
  // the short link's route has one, and gets these on top of the generated junk.
  await send(
    world,
    [
      ...['/enroll/%00', '/enroll/%ED%A0%80', `/enroll/${'a'.repeat(5000)}`, "/enroll/' OR 1=1 --", '/enroll/20261345'],
      // The SMS-sized short link (/e/{code}) is public too.
      ...['/e/%00', '/e/%ED%A0%80', `/e/${'a'.repeat(5000)}`, "/e/' OR 1=1 --", '/e/zzzzzzzz', '/e/'],
    ].map((url) => ({
      method: 'GET',
      url,
      headers: {},
      caller: 'anonymous' as const,
    })),
    report,
  );
  console.log(summary(`device protocols, ${ops.length} operations + /mdm plists`, report));
  expect(report.failures.map(describeRequest)).toEqual([]);
  expect(report.requests).toBeGreaterThanOrEqual(ops.length * 60 + 1100);
}, 300_000);

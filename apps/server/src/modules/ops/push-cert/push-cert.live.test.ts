import { type MockApns, startMockApns } from '@lease/device-sim';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PushCsrResult } from '@lease/shared';
import { createTestPushCa } from '../../../mdm/apple/push-cert/test-push-ca.ts';
import { type TestApp, buildTestApp } from '../../../test/build-test-app.ts';
import { signInOperator } from '../ops.test-kit.ts';

let apns: MockApns;
let t: TestApp;
beforeAll(async () => {
  apns = await startMockApns();
  // No APNS_* credentials and no test pusher: the server starts without a push client, as a fresh install does.
  t = await buildTestApp({ APNS_ORIGIN: apns.origin });
});
afterAll(async () => {
  await t.close();
  await apns.close();
});

it('takes an uploaded push certificate into use at once: the next wake goes out on its topic, no restart', async () => {
  const store = await t.newStore();
  const phone = await t.newIosDevice({ storeId: store.id, enrolled: true });
  expect(await t.app.mdm.push.wake([phone.id])).toBe(0);
  expect(apns.received).toHaveLength(0);

  const op = await signInOperator(t);
  const { csr_pem } = (await t.app.inject({ method: 'POST', url: '/api/ops/push-cert/csr', headers: op.headers, payload: {} })).json<PushCsrResult>();
  const certificate_pem = createTestPushCa().issue({ csrPem: csr_pem, topic: 'com.apple.mgmt.test' });
  expect((await t.app.inject({ method: 'POST', url: '/api/ops/push-cert/certificate', headers: op.headers, payload: { certificate_pem } })).statusCode).toBe(
    200,
  );

  expect(await t.app.mdm.push.wake([phone.id])).toBe(1);
  expect(apns.received.map((p) => p.topic)).toEqual(['com.apple.mgmt.test']);
});

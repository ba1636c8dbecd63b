import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/build-test-app.ts';
import { enableOpenApi, signedHeaders } from '../modules/open-api/open-api.test-kit.ts';
import { operationLog } from './operation-log.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload: unknown) => t.app.inject({ method: 'POST', url, headers, payload: payload as object });
const lockRows = (deviceId: string) => t.db.select().from(operationLog).where(eq(operationLog.deviceId, deviceId));

describe('Idempotency-Key on the console', () => {
  it('replays the same request, and refuses the same key with another body (409, nothing done)', async () => {
    const s = await t.newStore();
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
    const d = await t.newIosDevice({ storeId: s.id, enrolled: true });
    const key = { ...headers, 'idempotency-key': `console-${d.id}` };
    const first = await post('/api/device/ios/command/lock', key, { device_id: d.id, message: '请联系门店' });
    expect(first.statusCode).toBe(200);
    const replay = await post('/api/device/ios/command/lock', key, { message: '请联系门店', device_id: d.id });
    expect(replay.json().operation_log_id).toBe(first.json().operation_log_id);

    const other = await post('/api/device/ios/command/lock', key, { device_id: d.id, message: '另一条锁屏信息' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('Idempotency-Key') });
    // Another command under the same key is another request too.
    expect((await post('/api/device/ios/command/unlock', key, { device_id: d.id })).statusCode).toBe(409);
    expect(await lockRows(d.id)).toHaveLength(1);
  });
});

describe('Idempotency-Key on the open API', () => {
  it('refuses the same key with another body', async () => {
    const s = await t.newStore();
    const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
    const creds = await enableOpenApi(t, headers);
    const d = await t.newIosDevice({ storeId: s.id, enrolled: true });
    const url = `/open/v1/devices/ios/${d.id}/lock`;
    const send = (body: unknown) => {
      const text = JSON.stringify(body);
      return t.app.inject({
        method: 'POST',
        url,
        headers: { ...signedHeaders(creds, 'POST', url, text), 'content-type': 'application/json', 'idempotency-key': 'erp-order-42' },
        payload: text,
        remoteAddress: '203.0.113.7',
      });
    };
    const first = await send({ message: '逾期未付，请联系门店' });
    expect(first.statusCode).toBe(200);
    expect((await send({ message: '逾期未付，请联系门店' })).json().operation_log_id).toBe(first.json().operation_log_id);
    const other = await send({ message: '别的信息' });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toContain('Idempotency-Key');
    expect(await lockRows(d.id)).toHaveLength(1);
  });
});

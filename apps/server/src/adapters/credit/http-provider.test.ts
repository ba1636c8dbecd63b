import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreditStandIn, startCreditStandIn } from '@lease/device-sim';
import { ProviderFailure } from './credit-provider.ts';
import { createHttpProvider } from './http-provider.ts';

let vendor: CreditStandIn;
beforeAll(async () => {
  vendor = await startCreditStandIn({ accounts: { operator: 'op-secret', 'store:s1': 'store-secret' }, callbackSecret: 'cb-secret' });
});
afterAll(() => vendor.close());

const query = {
  orderId: 'o-1',
  level: 'advanced' as const,
  name: '张三',
  idCard: '11010519491231002X',
  phone: '13812345678',
  storeId: 's1',
  storeSecret: null,
};
const client = (over: Partial<Parameters<typeof createHttpProvider>[0]> = {}) =>
  createHttpProvider({ origin: vendor.origin, account: 'operator', secret: 'op-secret', timeoutMs: 300, retries: 2, sleep: async () => {}, ...over });

describe('signed-HTTP credit provider against the vendor stand-in', () => {
  it('signs requests the vendor accepts and reads the report sections', async () => {
    const sections = await client().report(query);
    expect(sections.multi_lender).not.toBeNull();
    expect(['low', 'medium', 'high']).toContain(sections.risk.level);
    expect(vendor.calls.at(-1)).toMatchObject({ path: '/v1/report', account: 'operator', status: 200 });
  });

  it("signs as the store's own account when the store set its vendor secret", async () => {
    await client().blacklist({ orderId: 'o-2', type: 1, value: '13800000004', storeId: 's1', storeSecret: 'store-secret' });
    expect(vendor.calls.at(-1)).toMatchObject({ path: '/v1/blacklist', account: 'store:s1', status: 200 });
  });

  it('a wrong secret is refused by the vendor and is a failure at once (no retries)', async () => {
    const before = vendor.calls.length;
    await expect(client({ secret: 'wrong' }).report(query)).rejects.toThrow(new ProviderFailure('报告服务商拒绝了请求（HTTP 401）'));
    expect(vendor.calls.length - before).toBe(1);
  });

  it('retries 5xx and timeouts, then gives up with a failure', async () => {
    vendor.faults.unavailable = 1;
    vendor.faults.hang = 1;
    const before = vendor.calls.length;
    await expect(client().report(query)).resolves.toBeTruthy();
    // The hung attempt (0: no answer) times out, the 503 is retried, the third attempt answers.
    expect(vendor.calls.slice(before).map((c) => c.status)).toEqual([0, 503, 200]);
    vendor.faults.unavailable = 3;
    await expect(client().report(query)).rejects.toThrow('报告服务商暂时无法访问');
  });

  it("passes the vendor's own refusal through as the reason", async () => {
    await expect(client().report({ ...query, phone: '19900001234' })).rejects.toThrow('模拟故障');
  });
});

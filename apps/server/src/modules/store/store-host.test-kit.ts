import type { TestApp } from '../../test/build-test-app.ts';

/**
 * Test helpers for a store's own enrolment host (white label). `aStoreHost` makes a host name no other test of the
 * process uses; `claimStoreHost` sets it as the store's admin would, through PUT /api/store/mdm-host.
 */
let hostN = 0;
export const aStoreHost = () => `mdm${++hostN}.shop-${process.pid}.com`;

export async function claimStoreHost(t: Pick<TestApp, 'app'>, headers: { authorization: string }, host: string): Promise<void> {
  const payload = { mdm_host: host, payload_prefix: '', site_title: '', hide_login_page_logo: false };
  const res = await t.app.inject({ method: 'PUT', url: '/api/store/mdm-host', headers, payload });
  if (res.statusCode !== 200) throw new Error(`mdm-host: ${res.statusCode} ${res.body}`);
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_LOGO_MAX_BYTES } from '@lease/shared';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://mdm.zujibao.test' });
});
afterAll(() => t.close());

type Headers = { authorization: string };
const URL_ = '/api/store/mdm-host';
const get = (headers: Headers) => t.app.inject({ method: 'GET', url: URL_, headers });
const put = (headers: Headers, payload: object) => t.app.inject({ method: 'PUT', url: URL_, headers, payload });
const settings = (over: object = {}) => ({ mdm_host: '', payload_prefix: '', site_title: '', hide_login_page_logo: false, ...over });

// The smallest PNG there is (1×1, transparent): its bytes come back from favicon.png unchanged.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const PNG_URI = `data:image/png;base64,${PNG.toString('base64')}`;

let hostN = 0;
/** aHost: a host name no other test of this file uses. */
const aHost = () => `mdm${++hostN}.shop-${process.pid}.com`;

async function anAdmin() {
  const s = await t.newStore();
  const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
  return { s, ...admin };
}

describe('GET/PUT /api/store/mdm-host', () => {
  it('starts on the server’s host and default prefix', async () => {
    const { s, headers } = await anAdmin();
    const res = await get(headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      mdm_host: '',
      mdm_host_url: 'https://mdm.zujibao.test',
      payload_prefix: '',
      payload_identifier: `com.zujibao.mdm.${s.id}`,
      mdm_api_key_set: false,
      site_title: '',
      hide_login_page_logo: false,
      logo: null,
      enrolled_apple_devices: 0,
    });
  });

  it('is for the store admin only', async () => {
    const { s } = await anAdmin();
    const clerk = await t.signedIn({ storeId: s.id, isAdmin: false, permission: 'Aa2,Aa3' });
    expect((await get(clerk.headers)).statusCode).toBe(403);
    expect((await put(clerk.headers, settings({ mdm_host: aHost() }))).statusCode).toBe(403);
  });

  it('saves host (lower-cased), prefix, title, logo and a sealed API key that is never returned', async () => {
    const { s, headers } = await anAdmin();
    const host = aHost();
    const res = await put(
      headers,
      settings({ mdm_host: ` ${host.toUpperCase()} `, payload_prefix: 'com.shopa.mdm', mdm_api_key: 'key-123', site_title: 'A 店租机', logo: PNG_URI }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      mdm_host: host,
      mdm_host_url: `https://${host}`,
      payload_identifier: `com.shopa.mdm.${s.id}`,
      mdm_api_key_set: true,
      site_title: 'A 店租机',
      logo: PNG_URI,
    });
    expect(res.body).not.toContain('key-123');
    // Omitted key and logo stay; '' removes the key, null the logo; empty host and prefix go back to the server's.
    const kept = (await put(headers, settings({ mdm_host: host, payload_prefix: 'com.shopa.mdm' }))).json();
    expect(kept).toMatchObject({ mdm_api_key_set: true, logo: PNG_URI });
    const cleared = (await put(headers, settings({ mdm_api_key: '', logo: null }))).json();
    expect(cleared).toMatchObject({
      mdm_host: '',
      mdm_host_url: 'https://mdm.zujibao.test',
      payload_identifier: `com.zujibao.mdm.${s.id}`,
      mdm_api_key_set: false,
      logo: null,
    });
  });

  it.each([
    ['https://mdm.shop.com', 'mdm_host'],
    ['mdm.shop.com/path', 'mdm_host'],
    ['localhost', 'mdm_host'],
    ['10.0.0.1', 'mdm_host'],
    ['bad_host.com', 'mdm_host'],
    ['-x.shop.com', 'mdm_host'],
    ['mdm.zujibao.test', 'mdm_host'],
  ])('refuses the host %j with a Chinese 400 on the field', async (mdmHost, field) => {
    const { headers } = await anAdmin();
    const res = await put(headers, settings({ mdm_host: mdmHost }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([field]);
    expect(res.json().message).toMatch(/域名/);
  });

  it('refuses a prefix that is not reverse-DNS, and a logo that is not a small PNG or JPEG', async () => {
    const { headers } = await anAdmin();
    for (const prefix of ['mdm', 'com..shop', 'com.shop mdm', 'com.shop.']) {
      const res = await put(headers, settings({ payload_prefix: prefix }));
      expect(res.statusCode, prefix).toBe(400);
      expect(res.json().message).toMatch(/描述文件标识前缀/);
    }
    const big = `data:image/png;base64,${Buffer.alloc(STORE_LOGO_MAX_BYTES + 100).toString('base64')}`;
    for (const logo of [big, 'data:image/gif;base64,R0lGOD==', 'https://x.com/logo.png']) {
      const res = await put(headers, settings({ logo }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Logo/);
    }
  });

  it('gives a host to one store only; another store’s settings stay its own', async () => {
    const a = await anAdmin();
    const b = await anAdmin();
    const host = aHost();
    expect((await put(a.headers, settings({ mdm_host: host, site_title: 'A 店' }))).statusCode).toBe(200);
    const taken = await put(b.headers, settings({ mdm_host: host.toUpperCase() }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('该域名已被其他门店使用');
    expect((await get(b.headers)).json()).toMatchObject({ mdm_host: '', site_title: '' });
    // Saving its own host again is no conflict.
    expect((await put(a.headers, settings({ mdm_host: host, site_title: 'A 店' }))).statusCode).toBe(200);
  });

  it('keeps host and prefix while the store has enrolled Apple phones; the look may still change', async () => {
    const { s, headers } = await anAdmin();
    const host = aHost();
    await put(headers, settings({ mdm_host: host, payload_prefix: 'com.shopb.mdm' }));
    await t.newIosDevice({ storeId: s.id, enrolled: true });
    expect((await get(headers)).json().enrolled_apple_devices).toBe(1);
    for (const change of [{ mdm_host: aHost() }, { mdm_host: '' }, { payload_prefix: 'com.other.mdm' }]) {
      const res = await put(headers, settings({ mdm_host: host, payload_prefix: 'com.shopb.mdm', ...change }));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/1 台 Apple 设备/);
    }
    const res = await put(headers, settings({ mdm_host: host, payload_prefix: 'com.shopb.mdm', site_title: '新标题' }));
    expect(res.json()).toMatchObject({ mdm_host: host, site_title: '新标题' });
  });
});

describe('the store’s host in its enrolment profile and links', () => {
  it('puts the host in the profile’s URLs and the prefix in its PayloadIdentifier; other stores keep the server’s', async () => {
    const a = await anAdmin();
    const b = await anAdmin();
    const host = aHost();
    await put(a.headers, settings({ mdm_host: host, payload_prefix: 'com.shopc.mdm' }));
    const profile = (headers: Headers) => t.app.inject({ method: 'GET', url: '/api/device/ios/enrollment-profile', headers });
    // The signed profile carries its XML as is inside the PKCS#7 envelope.
    const mine = (await profile(a.headers)).rawPayload.toString('latin1');
    for (const path of ['/mdm/connect', '/mdm/checkin', '/mdm/scep']) expect(mine).toContain(`https://${host}${path}`);
    expect(mine).toContain(`<string>com.shopc.mdm.${a.s.id}</string>`);
    expect(mine).not.toContain('mdm.zujibao.test');
    const theirs = (await profile(b.headers)).rawPayload.toString('latin1');
    expect(theirs).toContain('https://mdm.zujibao.test/mdm/connect');
    expect(theirs).toContain(`<string>com.zujibao.mdm.${b.s.id}</string>`);
    expect(theirs).not.toContain(host);
  });

  it('gives the phones’ enrolment links on the store’s host', async () => {
    const { s, headers } = await anAdmin();
    const host = aHost();
    await put(headers, settings({ mdm_host: host }));
    const d = await t.newIosDevice({ storeId: s.id });
    const list = (await t.app.inject({ method: 'GET', url: '/api/device/ios/list', headers })).json();
    expect(list.list[0].enroll_link).toMatch(new RegExp(`^https://${host.replace(/\./g, '\\.')}/enroll/`));
    const detail = (await t.app.inject({ method: 'GET', url: `/api/device/ios/${d.id}`, headers })).json();
    expect(detail.enroll_link.startsWith(`https://${host}/enroll/`)).toBe(true);
  });
});

describe('/custom/<host>/config.json and favicon.png', () => {
  it('answers the title, logo setting and logo of the store that claims the host', async () => {
    const { headers } = await anAdmin();
    const host = aHost();
    await put(headers, settings({ mdm_host: host, site_title: '某某租机', hide_login_page_logo: true, logo: PNG_URI }));
    const config = await t.app.inject({ method: 'GET', url: `/custom/${host}/config.json?t=1` });
    expect(config.statusCode).toBe(200);
    expect(config.json()).toEqual({ title: '某某租机', hideLoginPageLogo: true });
    const upper = await t.app.inject({ method: 'GET', url: `/custom/${host.toUpperCase()}/config.json` });
    expect(upper.json().title).toBe('某某租机');
    const icon = await t.app.inject({ method: 'GET', url: `/custom/${host}/favicon.png?t=1` });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.rawPayload.equals(PNG)).toBe(true);
  });

  it('sends a store without a title or logo to the defaults, and knows no other host', async () => {
    const { headers } = await anAdmin();
    const host = aHost();
    await put(headers, settings({ mdm_host: host }));
    expect((await t.app.inject({ method: 'GET', url: `/custom/${host}/config.json` })).json()).toEqual({ hideLoginPageLogo: false });
    const icon = await t.app.inject({ method: 'GET', url: `/custom/${host}/favicon.png` });
    expect(icon.statusCode).toBe(302);
    expect(icon.headers.location).toBe('/favicon.svg');
    expect((await t.app.inject({ method: 'GET', url: `/custom/${aHost()}/config.json` })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/custom/${aHost()}/favicon.png` })).statusCode).toBe(404);
  });
});

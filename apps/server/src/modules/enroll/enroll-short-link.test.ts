import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { aStoreHost, claimStoreHost } from '../store/store-host.test-kit.ts';
import { SHORT_ALPHABET, SHORT_CODE_LENGTH, newShortCode } from './enroll-short-link.ts';
import { enrollShortLink } from './enroll-short-link.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A store admin and one registered phone, with the short link the console shows for it. */
async function registeredPhone() {
  const s = await t.newStore({ storeName: '短链门店' });
  const { headers } = await t.signedIn({ storeId: s.id, isAdmin: true });
  const serial = `SL${randomBytes(4).toString('hex').toUpperCase()}`;
  const res = await t.app.inject({ method: 'POST', url: '/api/device/ios/new', headers, payload: { serial_numbers: [serial] } });
  const { id } = res.json().list[0] as { id: string };
  return { storeId: s.id, headers, serial, deviceId: id };
}
const shortLinkOf = (headers: Record<string, string>, deviceId: string) =>
  t.app.inject({ method: 'POST', url: '/api/device/ios/enroll-short-link', headers, payload: { device_id: deviceId } });
const codeOf = (link: string) => link.split('/e/')[1];

describe('short enrolment link /e/{code}', () => {
  it('draws codes of 8 unambiguous characters', () => {
    for (let i = 0; i < 200; i += 1) {
      const code = newShortCode();
      expect(code).toHaveLength(SHORT_CODE_LENGTH);
      for (const c of code) expect(SHORT_ALPHABET).toContain(c);
      expect(code).not.toMatch(/[01ilo]/);
    }
  });

  it('issues one short code per phone and redirects it (302) to the long enrolment page of that phone', async () => {
    const p = await registeredPhone();
    const res = await shortLinkOf(p.headers, p.deviceId);
    expect(res.statusCode).toBe(200);
    const { short_link, expires_at } = res.json() as { short_link: string; expires_at: string };
    expect(short_link).toMatch(new RegExp(`/e/[${SHORT_ALPHABET}]{8}$`));
    expect(new Date(expires_at).getTime()).toBeGreaterThan(Date.now());
    // Asking again (the device page opened twice) hands the same code back.
    expect((await shortLinkOf(p.headers, p.deviceId)).json().short_link).toBe(short_link);

    const code = codeOf(short_link);
    for (const url of [`/e/${code}`, `/e/${code.toUpperCase()}`]) {
      const hop = await t.app.inject({ method: 'GET', url });
      expect(hop.statusCode).toBe(302);
      const location = String(hop.headers.location);
      expect(location).toMatch(/^\/enroll\/[\w-]+$/);
      const info = await t.app.inject({ method: 'GET', url: `/api/enroll/baseinfo?code=${location.split('/enroll/')[1]}` });
      expect(info.json()).toMatchObject({ store_name: '短链门店', serial_number: p.serial, can_submit: true });
    }
  });

  it('is store-scoped: another store cannot issue a code for the phone', async () => {
    const p = await registeredPhone();
    const other = await t.newStore({ storeName: '别家门店' });
    const { headers } = await t.signedIn({ storeId: other.id, isAdmin: true });
    const res = await shortLinkOf(headers, p.deviceId);
    expect(res.statusCode).toBe(404);
  });

  it('answers an unknown, malformed or expired code with a Chinese 404 page, never a 5xx', async () => {
    const p = await registeredPhone();
    const code = codeOf((await shortLinkOf(p.headers, p.deviceId)).json().short_link);
    await t.db
      .update(enrollShortLink)
      .set({ issuedAt: new Date(Date.now() - 100 * 86_400_000), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(enrollShortLink.code, code));
    for (const url of [`/e/${code}`, '/e/zzzzzzzz', '/e/0000', "/e/' OR 1=1 --", '/e/%00', '/e/%E4%BD%A0%E5%A5%BD']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.statusCode, url).not.toBe(302);
    }
    const dead = await t.app.inject({ method: 'GET', url: `/e/${code}` });
    expect(dead.statusCode).toBe(404);
    expect(dead.headers['content-type']).toContain('text/html');
    expect(dead.body).toContain('登记链接无效或已过期');
    // The expired phone gets a fresh code on its next page view.
    expect(codeOf((await shortLinkOf(p.headers, p.deviceId)).json().short_link)).not.toBe(code);
  });

  it('makes an address that keeps missing codes wait, even for a live code, while another address is served', async () => {
    const p = await registeredPhone();
    const code = codeOf((await shortLinkOf(p.headers, p.deviceId)).json().short_link);
    const open = (url: string, remoteAddress: string) => t.app.inject({ method: 'GET', url, remoteAddress });
    for (let i = 0; i < 20; i += 1) expect((await open(`/e/zz${String(i).padStart(6, '2')}`, '203.0.113.9')).statusCode).toBe(404);
    const refused = await open(`/e/${code}`, '203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toContain('尝试次数过多');
    expect((await open(`/e/${code}`, '203.0.113.10')).statusCode).toBe(302);
  });
});

describe('short enrolment link on the store’s own host', () => {
  it('is on the host of the phone’s long link: the store’s own when it has one, never another store’s', async () => {
    const a = await registeredPhone();
    const b = await registeredPhone();
    const host = aStoreHost();
    await claimStoreHost(t, a.headers, host);
    const detailLink = async (p: { headers: Record<string, string>; deviceId: string }) =>
      (await t.app.inject({ method: 'GET', url: `/api/device/ios/${p.deviceId}`, headers: p.headers })).json().enroll_link as string;

    const mine = new URL((await shortLinkOf(a.headers, a.deviceId)).json().short_link);
    expect(mine.hostname).toBe(host);
    expect(mine.origin).toBe(new URL(await detailLink(a)).origin);

    const theirs = new URL((await shortLinkOf(b.headers, b.deviceId)).json().short_link);
    expect(theirs.hostname).toBe(new URL(t.config.publicUrl ?? 'http://localhost').hostname);
    expect(theirs.origin).toBe(new URL(await detailLink(b)).origin);
    expect(theirs.href).not.toContain(host);
  });

  it('opened on the store’s host, redirects there to the phone’s enrolment page', async () => {
    const p = await registeredPhone();
    const host = aStoreHost();
    await claimStoreHost(t, p.headers, host);
    const link = new URL((await shortLinkOf(p.headers, p.deviceId)).json().short_link);
    const hop = await t.app.inject({ method: 'GET', url: link.pathname, headers: { host: link.host } });
    expect(hop.statusCode).toBe(302);
    // A relative Location: the hirer's browser stays on the host the SMS named.
    const location = String(hop.headers.location);
    expect(location).toMatch(/^\/enroll\/[\w-]+$/);
    const info = await t.app.inject({ method: 'GET', url: `/api/enroll/baseinfo?code=${location.split('/enroll/')[1]}`, headers: { host: link.host } });
    expect(info.json()).toMatchObject({ store_name: '短链门店', serial_number: p.serial, can_submit: true });
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abmServer } from '../abm/abm.table.ts';
import { type TestApp, buildTestApp, testMdmKeys } from '../../test/build-test-app.ts';
import { createExpiryWatch } from './expiry-watch.ts';
import type { IdentityRenewal } from '../../mdm/apple/identity-renewal.ts';
import { createCa, loadCa } from '../../mdm/apple/pki/ca.ts';
import { generateRsaKey } from '../../mdm/apple/pki/keys.ts';

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** endingIn makes a one-year certificate that ends in `days` days. */
const endingIn = (days: number, key = generateRsaKey()) => createCa({ key, validityYears: 1, now: new Date(Date.now() - 365 * DAY + days * DAY) });
const noRenewals = { unanswered: async () => [] } as unknown as IdentityRenewal;
const lines: { level: string; msg: string }[] = [];
const log = {
  warn: (_o: object, msg: string) => lines.push({ level: 'warn', msg }),
  info: (_o: object, msg: string) => lines.push({ level: 'info', msg }),
} as never;

describe('expiry watch', () => {
  it('warns 30 days ahead of the CA, the APNs certificate and the store’s ABM token, and only the store’s own token', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'expiry-'));
    const apnsCertFile = path.join(dir, 'apns.pem');
    fs.writeFileSync(apnsCertFile, endingIn(10).certPem);
    const ca = endingIn(20);
    const [mine, other] = [await t.newStore({ storeName: '华强北店' }), await t.newStore()];
    for (const [s, days] of [
      [mine, 5],
      [other, 3],
    ] as const) {
      await t.db.insert(abmServer).values({ storeId: s.id, keySealed: 'x', certificatePem: 'x', accessTokenExpiry: new Date(Date.now() + days * DAY) });
    }
    const watch = createExpiryWatch({ db: t.db, keys: { ...testMdmKeys, ca: loadCa(ca) }, apnsCertFile, renewal: noRenewals, log });
    const list = await watch.warnings(mine.id);
    expect(list.map((w) => [w.kind, w.days_left])).toEqual([
      ['mdm-ca', 19],
      ['apns-certificate', 9],
      ['abm-token', 4],
    ]);
    expect(list[2].message).toContain('华强北店');
    expect(await watch.job().run()).toBe(4);
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(4);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('says nothing is ending when everything lasts beyond 30 days, and logs that daily', async () => {
    lines.length = 0;
    await t.db.delete(abmServer); // the daily line covers every store: leave only a token far from its end
    const s = await t.newStore();
    await t.db.insert(abmServer).values({ storeId: s.id, keySealed: 'x', certificatePem: 'x', accessTokenExpiry: new Date(Date.now() + 40 * DAY) });
    const watch = createExpiryWatch({ db: t.db, keys: testMdmKeys, renewal: noRenewals, log });
    expect(await watch.warnings(s.id)).toEqual([]);
    await watch.job().run();
    expect(lines.some((l) => l.level === 'info' && l.msg.includes('all valid'))).toBe(true);
  });

  it('answers the console only for admins', async () => {
    const s = await t.newStore();
    const clerk = await t.signedIn({ storeId: s.id });
    expect((await t.app.inject({ method: 'GET', url: '/api/system/expiry-warnings', headers: clerk.headers })).statusCode).toBe(403);
    const admin = await t.signedIn({ storeId: s.id, isAdmin: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/system/expiry-warnings', headers: admin.headers })).json()).toEqual({ list: [], total: 0 });
  });
});

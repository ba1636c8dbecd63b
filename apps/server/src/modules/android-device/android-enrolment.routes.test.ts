import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SimulatedAndroidAgent, fetchViaInject } from '@lease/device-sim';
import { agentApkFile } from '../../mdm/android/enroll-token.service.ts';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { aStoreHost, claimStoreHost } from '../store/store-host.test-kit.ts';

const PLATFORM = 'https://mdm.zujibao.test';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: PLATFORM });
});
afterAll(() => t.close());
afterEach(() => {
  vi.unstubAllGlobals();
});

type Headers = { authorization: string };
const ADMIN_EXTRAS = 'android.app.extra.PROVISIONING_ADMIN_EXTRAS_BUNDLE';
const APK_LOCATION = 'android.app.extra.PROVISIONING_DEVICE_ADMIN_PACKAGE_DOWNLOAD_LOCATION';

async function anAdmin() {
  const s = await t.newStore();
  return { storeId: s.id, ...(await t.signedIn({ storeId: s.id, isAdmin: true })) };
}
/** enrolmentLinks: what the console's 登记设备 dialog shows the store, the QR code's JSON and the APK link. */
async function enrolmentLinks(headers: Headers) {
  const token = await t.app.inject({ method: 'POST', url: '/api/device/android/enroll-token', headers, payload: {} });
  expect(token.statusCode, token.body).toBe(200);
  const link = await t.app.inject({ method: 'GET', url: '/api/device/android/mdm-app-download-link', headers });
  expect(link.statusCode, link.body).toBe(200);
  const body = token.json() as { token: string; qr_payload: string; download_url: string };
  return { ...body, qr: JSON.parse(body.qr_payload) as Record<string, unknown>, apkLink: (link.json() as { download_url: string }).download_url };
}

describe('the Android QR code and APK link on the store’s own host', () => {
  it('point at the store’s host when it has one, at PUBLIC_URL otherwise, and never at another store’s host', async () => {
    const a = await anAdmin();
    const b = await anAdmin();
    const host = aStoreHost();
    await claimStoreHost(t, a.headers, host);

    const mine = await enrolmentLinks(a.headers);
    expect(mine.qr[ADMIN_EXTRAS]).toMatchObject({ server_url: `https://${host}`, enroll_token: mine.token });
    expect(mine.qr[APK_LOCATION]).toBe(`https://${host}/agent/v1/app/agent.apk`);
    expect(mine.download_url).toBe(`https://${host}/agent/v1/app/agent.apk`);
    expect(mine.apkLink).toBe(`https://${host}/agent/v1/app/agent.apk`);
    expect(JSON.stringify(mine)).not.toContain('mdm.zujibao.test');

    const theirs = await enrolmentLinks(b.headers);
    expect(theirs.qr[ADMIN_EXTRAS]).toMatchObject({ server_url: PLATFORM });
    expect(theirs.qr[APK_LOCATION]).toBe(`${PLATFORM}/agent/v1/app/agent.apk`);
    expect(theirs.apkLink).toBe(`${PLATFORM}/agent/v1/app/agent.apk`);
    expect(JSON.stringify(theirs)).not.toContain(host);
  });

  it('a phone that scans it downloads the agent, enrols and checks in on the store’s host', async () => {
    const a = await anAdmin();
    const host = aStoreHost();
    await claimStoreHost(t, a.headers, host);
    const apk = agentApkFile(t.config.dataDir);
    fs.mkdirSync(path.dirname(apk), { recursive: true });
    fs.writeFileSync(apk, Buffer.from('not really an apk'));
    const { qr, token } = await enrolmentLinks(a.headers);
    const serverUrl = (qr[ADMIN_EXTRAS] as { server_url: string }).server_url;

    // The phone's requests reach this app with the Host its URL names, as through DNS and a TLS proxy.
    const hosts: string[] = [];
    const viaInject = fetchViaInject({
      inject: (req) => {
        hosts.push(String(req.headers.host));
        return t.app.inject(req);
      },
    });
    vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) =>
      viaInject(url, { ...init, headers: { ...(init.headers as object), host: new URL(url).host } }),
    );

    const download = await fetch(String(qr[APK_LOCATION]));
    expect(download.status).toBe(200);
    const agent = new SimulatedAndroidAgent({ serverUrl, pollMs: 3_600_000, tickMs: 3_600_000, checkinMs: 3_600_000 });
    const enrolled = await agent.enroll(token);
    await agent.checkin();
    expect(hosts.length).toBeGreaterThanOrEqual(3);
    expect(new Set(hosts)).toEqual(new Set([host]));

    vi.unstubAllGlobals();
    const list = await t.app.inject({ method: 'GET', url: '/api/device/android/list', headers: a.headers });
    expect(list.json().list.map((d: { id: string }) => d.id)).toEqual([enrolled.device_id]);
  });
});

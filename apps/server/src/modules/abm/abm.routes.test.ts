import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AbmStatus, Perm } from '@lease/shared';
import { type MockDep, selfSignedCertificatePem, serverTokenP7m, startMockDep } from '@lease/device-sim';
import { type TestApp, buildTestApp } from '../../test/build-test-app.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { abmTokenFile, seedAbmToken } from './abm.test-kit.ts';
import { abmServer } from './abm.table.ts';

let t: TestApp;
let dep: MockDep;
beforeAll(async () => {
  dep = await startMockDep({ devices: [{ serial_number: 'F2LABM000001' }, { serial_number: 'F2LABM000002' }] });
  t = await buildTestApp({ DEP_ORIGIN: dep.origin, PUBLIC_URL: 'https://mdm.zujibao.example' });
});
afterAll(async () => {
  await t.close();
  await dep.close();
});

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const upload = (headers: Record<string, string>, content: Buffer | string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/system/abm-server/upload-p7m',
    headers,
    payload: { file_name: 'Token_smime.p7m', content_base64: Buffer.from(content).toString('base64') },
  });

describe('ABM server token', () => {
  it('says 未上传 before anything, serves one stable public key certificate per store', async () => {
    const { headers, clerk } = await t.signedIn();
    const info = await get('/api/system/abm-server/info', headers);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ uploaded: false, has_public_key: false, server_name: null, device_count: 0, dep_origin: dep.origin });

    const pem = await get('/api/system/abm-server/download-public-pem', headers);
    expect(pem.statusCode).toBe(200);
    expect(pem.headers['content-disposition']).toMatch(/attachment; filename="zujibao-abm-.*\.pem"/);
    const cert = new X509Certificate(pem.body);
    expect(cert.subject).toContain(clerk.storeId);
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect((await get('/api/system/abm-server/download-public-pem', headers)).body).toBe(pem.body);
    // The private key is sealed, never stored in the clear.
    const [row] = await t.db.select().from(abmServer).where(eq(abmServer.storeId, clerk.storeId));
    expect(row.keySealed).toMatch(/^v1\./);
    expect(row.keySealed).not.toContain('PRIVATE KEY');
  });

  it('decrypts a token encrypted to our certificate, checks it with Apple, seals it and syncs at once', async () => {
    const { headers, clerk } = await t.signedIn();
    await t.newIosDevice({ storeId: clerk.storeId, serialNumber: 'F2LABM000001' });
    const file = await abmTokenFile(t, clerk.storeId, dep);
    const res = await upload(headers, file);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      uploaded: true,
      server_name: dep.servers[0].server_name,
      org_name: dep.org.org_name,
      device_count: 2,
      last_sync_error: null,
    });
    expect(res.json().expires_in_days).toBeGreaterThan(360);
    const [row] = await t.db.select().from(abmServer).where(eq(abmServer.storeId, clerk.storeId));
    expect(row.tokenSealed).toMatch(/^v1\./);
    expect(row.tokenSealed).not.toContain(dep.tokens[0].access_secret);
    const [device] = await t.db.select().from(iosDevice).where(eq(iosDevice.serialNumber, 'F2LABM000001'));
    expect(device.abmStatus).toBe(AbmStatus.ASSIGNED);
    const client = await t.abm.gateway.clientFor(clerk.storeId);
    expect(client).not.toBeNull();
    await expect(client!.account()).resolves.toMatchObject({ server_uuid: dep.servers[0].server_uuid });
  });

  it('seedAbmToken (test kit) connects a store in one call', async () => {
    const { clerk } = await t.signedIn();
    expect(await t.abm.gateway.clientFor(clerk.storeId)).toBeNull();
    await seedAbmToken(t, clerk.storeId, dep);
    const client = await t.abm.gateway.clientFor(clerk.storeId);
    await expect(client!.disownDevices(['NOTOURS00009'])).resolves.toEqual({ NOTOURS00009: 'NOT_ACCESSIBLE' });
  });

  it('refuses bad uploads with a Chinese 400 and stores nothing', async () => {
    const { headers, clerk } = await t.signedIn();
    // Before the key pair exists.
    expect((await upload(headers, 'x')).json()).toMatchObject({ statusCode: 400, message: expect.stringMatching(/请先下载本门店的公钥/) });
    const pem = (await get('/api/system/abm-server/download-public-pem', headers)).body;
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const cases: [string, Buffer | string, RegExp][] = [
      ['expired token', serverTokenP7m(pem, { ...dep.tokens[0], access_token_expiry: past }), /已过期/],
      ['token Apple does not know', serverTokenP7m(pem, { ...dep.tokens[0], access_secret: 'AS_revoked' }), /Apple 拒绝了该服务器令牌/],
      ['empty JSON', Buffer.from(''), /请选择服务器令牌文件/],
      ['not a p7m', 'hello, this is a text file', /不是 Apple 商务管理的服务器令牌/],
      ['garbage DER', Buffer.from([0x30, 0x03, 0x01, 0x02, 0x03]), /不是 Apple 商务管理的服务器令牌/],
      ['another certificate', serverTokenP7m(selfSignedCertificatePem(), dep.tokens[0]), /不是用本门店的公钥加密的/],
      ['another store’s certificate', await abmTokenFile(t, (await t.newStore()).id, dep), /不是用本门店的公钥加密的/],
    ];
    for (const [what, content, message] of cases) {
      const res = await upload(headers, content);
      expect({ what, status: res.statusCode }).toEqual({ what, status: 400 });
      expect(res.json().message).toMatch(message);
    }
    const [row] = await t.db.select().from(abmServer).where(eq(abmServer.storeId, clerk.storeId));
    expect(row.tokenSealed).toBeNull();
  });

  it('lets only admins in (a clerk gets 403 PERMISSION_DENIED even with every device permission)', async () => {
    const { headers } = await t.signedIn({ isAdmin: false, permission: Object.values(Perm).join(',') });
    for (const [method, url] of [
      ['GET', '/api/system/abm-server/info'],
      ['GET', '/api/system/abm-server/download-public-pem'],
      ['POST', '/api/system/abm-server/upload-p7m'],
      ['POST', '/api/system/abm-server/sync'],
      ['GET', '/api/system/abm-server/devices'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers, payload: method === 'POST' ? { content_base64: 'eA==' } : undefined });
      expect({ url, status: res.statusCode, code: res.json().code }).toEqual({ url, status: 403, code: 'PERMISSION_DENIED' });
    }
  });
});

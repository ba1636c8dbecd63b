import { createPublicKey, verify } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../../test/build-test-app.ts';
import { mdmEnrollment } from '../mdm.table.ts';
import { generateRsaKey } from '../pki/keys.ts';
import { parsePlistDict } from '../plist.ts';
import { createPushCertStore } from './push-cert-store.ts';
import { type PushCertEnv, createPushCertService } from './push-cert.service.ts';
import { createTestPushCa } from './test-push-ca.ts';

const TOPIC = 'com.apple.mgmt.External.6d1f8c2e-0000-4000-8000-000000000001';
const OTHER = 'com.apple.mgmt.External.6d1f8c2e-0000-4000-8000-000000000002';
const log = { info: () => {}, warn: () => {}, error: () => {} } as never;
const pushCa = createTestPushCa();

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function setup(env: PushCertEnv = { tokenAuth: false }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-cert-'));
  const installs: { topic: string; certPem: string }[] = [];
  let topic = 'com.apple.mgmt.External.generated';
  const service = createPushCertService({
    db: t.db,
    store: createPushCertStore(dataDir),
    env,
    currentTopic: () => topic,
    onInstalled: (m, tp) => {
      installs.push({ topic: tp, certPem: m.certPem });
      topic = tp;
    },
    log,
  });
  return { dataDir, service, installs };
}

const enrolPhone = async (topic: string) => {
  const s = await t.newStore();
  const d = await t.newIosDevice({ storeId: s.id, enrolled: true });
  await t.db.update(mdmEnrollment).set({ topic }).where(eq(mdmEnrollment.deviceId, d.id));
  return d;
};

describe('push certificate service', () => {
  it('keeps one pending CSR until asked for a new one, with its key sealed on disk', async () => {
    const { dataDir, service } = setup();
    const first = service.csr();
    expect(first.created).toBe(true);
    expect(first.csr_pem).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----/);
    expect(service.csr()).toMatchObject({ csr_pem: first.csr_pem, created: false });
    const replaced = service.csr(true);
    expect(replaced.created).toBe(true);
    expect(replaced.csr_pem).not.toBe(first.csr_pem);
    const sealed = fs.readFileSync(path.join(dataDir, 'keys/push-cert/pending.key.sealed'), 'utf8');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('PRIVATE KEY');
  });

  it('installs the certificate Apple issued for the pending CSR, shows its topic and expiry, and swaps the client', async () => {
    const { dataDir, service, installs } = setup();
    const { csr_pem } = service.csr();
    const pem = pushCa.issue({ csrPem: csr_pem, topic: TOPIC, days: 300 });
    const { status, change } = await service.accept(pem);
    expect(status.source).toBe('stored');
    expect(status.stored).toMatchObject({ topic: TOPIC, days_left: 299 });
    expect(status.stored!.subject).toContain(`UID=${TOPIC}`);
    expect(status.pending_csr).toBeNull();
    expect(status.warning).toBeNull();
    expect(status.current_topic).toBe(TOPIC);
    expect(change).toMatchObject({ before: null, after: { topic: TOPIC } });
    expect(installs.map((i) => i.topic)).toEqual([TOPIC]);
    expect(fs.readFileSync(path.join(dataDir, 'keys/mdm-topic.txt'), 'utf8')).toBe(TOPIC);
    expect(fs.readFileSync(path.join(dataDir, 'keys/push-cert/push.key.sealed'), 'utf8')).not.toContain('PRIVATE KEY');
  });

  it('refuses a certificate for another key, an expired one, and one that is not an MDM push certificate', async () => {
    const { service, installs } = setup();
    await expect(
      service.accept(pushCa.issue({ publicKeyPem: pushCa.vendor().publicKey.export({ type: 'spki', format: 'pem' }).toString(), topic: TOPIC })),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('还没有生成') });
    const { csr_pem } = service.csr();
    const other = pushCa.vendor().publicKey.export({ type: 'spki', format: 'pem' }).toString();
    await expect(service.accept(pushCa.issue({ publicKeyPem: other, topic: TOPIC }))).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('不匹配'),
    });
    await expect(service.accept(pushCa.issue({ csrPem: csr_pem, topic: TOPIC, days: -1 }))).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('已过期'),
    });
    await expect(service.accept(pushCa.issue({ csrPem: csr_pem, topic: 'com.example.push' }))).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('com.apple.mgmt.'),
    });
    await expect(service.accept('not a certificate')).rejects.toMatchObject({ statusCode: 400 });
    expect(installs).toEqual([]);
  });

  it('refuses a topic the enrolled phones do not know, explaining that every phone would be lost', async () => {
    const { service, installs } = setup();
    const enrolled = 'com.apple.mgmt.External.enrolled-phones';
    await enrolPhone(enrolled);
    const { csr_pem } = service.csr();
    await expect(service.accept(pushCa.issue({ csrPem: csr_pem, topic: TOPIC }))).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/已接入的 \d+ 台Apple 设备使用的是 com\.apple\.mgmt\.External\.enrolled-phones.*全部无法被唤醒.*续订/),
    });
    expect(installs).toEqual([]);
    expect((await service.status()).stored).toBeNull();
    // The same topic is accepted.
    await service.accept(pushCa.issue({ csrPem: csr_pem, topic: enrolled }));
    expect(installs.map((i) => i.topic)).toEqual([enrolled]);
    await t.db.delete(mdmEnrollment);
  });

  it('renews with the same topic (new CSR or the key in use) and refuses a renewal with another topic', async () => {
    const { dataDir, service, installs } = setup();
    await service.accept(pushCa.issue({ csrPem: service.csr().csr_pem, topic: TOPIC, days: 10 }));
    expect((await service.status()).warning).toMatch(/将在 9 天后.*续订/);
    const renewalCsr = service.csr().csr_pem;
    await expect(service.accept(pushCa.issue({ csrPem: renewalCsr, topic: OTHER }))).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('续期必须保持主题不变'),
    });
    const { change } = await service.accept(pushCa.issue({ csrPem: renewalCsr, topic: TOPIC, days: 365 }));
    expect(change.before).toMatchObject({ topic: TOPIC });
    expect((await service.status()).stored!.days_left).toBe(364);
    expect((await service.status()).warning).toBeNull();
    // Apple's renewal may also reuse the key in use: accepted without a pending CSR.
    const inUse = createPushCertStore(dataDir).installed()!;
    const samekey = createPublicKey(inUse.keyPem).export({ type: 'spki', format: 'pem' }).toString();
    await service.accept(pushCa.issue({ publicKeyPem: samekey, topic: TOPIC, days: 200 }));
    expect((await service.status()).stored!.days_left).toBe(199);
    expect(installs.map((i) => i.topic)).toEqual([TOPIC, TOPIC, TOPIC]);
  });

  it('lets environment variables win and says so', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-env-'));
    const key = generateRsaKey();
    const certFile = path.join(dir, 'push.pem');
    fs.writeFileSync(certFile, pushCa.issue({ publicKeyPem: createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString(), topic: TOPIC, days: 5 }));
    const { service } = setup({ certFile, keyFile: path.join(dir, 'push.key'), tokenAuth: false, topic: TOPIC });
    await service.accept(pushCa.issue({ csrPem: service.csr().csr_pem, topic: TOPIC }));
    const status = await service.status();
    expect(status).toMatchObject({ source: 'env-certificate', env_overrides: true, env_topic: TOPIC });
    expect(status.env_certificate!.days_left).toBe(4);
    // The warning is about the certificate in use, the environment's.
    expect(status.warning).toMatch(/将在 4 天后/);
    // A certificate whose topic differs from MDM_TOPIC would never be used.
    await expect(service.accept(pushCa.issue({ csrPem: service.csr().csr_pem, topic: OTHER }))).rejects.toMatchObject({ statusCode: 409 });
  });

  it('signs the CSR as an MDM vendor: the plist Apple takes, with a SHA-256 signature by the vendor key', async () => {
    const { service } = setup();
    const vendor = pushCa.vendor();
    const result = service.vendorSign({ vendor_certificate_pem: `${pushCa.caPem}\n${vendor.certPem}`, vendor_key_pem: vendor.keyPem });
    const plist = parsePlistDict(Buffer.from(result.upload_base64, 'base64').toString('utf8'));
    const csrDer = Buffer.from(plist.PushCertRequestCSR as string, 'base64');
    const pending = service.csr();
    expect(pending.created).toBe(false);
    expect(csrDer.equals(Buffer.from(pending.csr_pem.replace(/-----[^-]+-----|\s/g, ''), 'base64'))).toBe(true);
    expect(verify('sha256', csrDer, vendor.publicKey, Buffer.from(plist.PushCertSignature as string, 'base64'))).toBe(true);
    const chain = (plist.PushCertCertificateChain as string).match(/-----BEGIN CERTIFICATE-----/g);
    expect(chain).toHaveLength(2);
    expect((plist.PushCertCertificateChain as string).indexOf(vendor.certPem.trim())).toBe(0);
    expect(result.vendor_subject).toContain('MDM Vendor');
    const stranger = pushCa.vendor();
    expect(() => service.vendorSign({ vendor_certificate_pem: vendor.certPem, vendor_key_pem: stranger.keyPem })).toThrow(/不匹配/);
    expect(() => service.vendorSign({ vendor_certificate_pem: 'x', vendor_key_pem: vendor.keyPem })).toThrow(/供应商证书/);
    expect(() => service.vendorSign({ vendor_certificate_pem: vendor.certPem, vendor_key_pem: 'x' })).toThrow(/私钥/);
    const old = pushCa.vendor(-1);
    expect(() => service.vendorSign({ vendor_certificate_pem: old.certPem, vendor_key_pem: old.keyPem })).toThrow(/已过期/);
  });
});

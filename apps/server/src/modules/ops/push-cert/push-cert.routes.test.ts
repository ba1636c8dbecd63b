import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FleetHealth, PushCertStatus, PushCsrResult, PushVendorSignResult } from '@lease/shared';
import { createTestPushCa } from '../../../mdm/apple/push-cert/test-push-ca.ts';
import { type TestApp, buildTestApp } from '../../../test/build-test-app.ts';
import { opsAudit } from '../ops.table.ts';
import { signInOperator } from '../ops.test-kit.ts';

/** The topic test phones enrol with (build-test-app's newIosDevice). */
const ENROLLED_TOPIC = 'com.apple.mgmt.test';
const pushCa = createTestPushCa();

let t: TestApp;
let op: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await buildTestApp();
  op = await signInOperator(t, { name: '证书运营' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = op.headers) =>
  t.app.inject({ method, url, payload, headers });

describe('/api/ops/push-cert', () => {
  it('answers operators only: no token 401, a store admin token refused', async () => {
    const admin = await t.signedIn();
    for (const [method, url] of [
      ['GET', '/api/ops/push-cert'],
      ['POST', '/api/ops/push-cert/csr'],
      ['POST', '/api/ops/push-cert/certificate'],
      ['POST', '/api/ops/push-cert/vendor-sign'],
      ['GET', '/api/ops/health'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode, url).toBe(401);
      expect([401, 403], url).toContain((await call(method, url, method === 'POST' ? {} : undefined, admin.headers)).statusCode);
    }
    // And an operator token does not open the store console.
    expect((await t.app.inject({ method: 'GET', url: '/api/system/expiry-warnings', headers: op.headers })).statusCode).toBe(401);
  });

  it('makes a CSR, installs the certificate Apple issued for it with the enrolled topic, shows its expiry, audits it', async () => {
    const before = await call('GET', '/api/ops/push-cert');
    expect(before.statusCode).toBe(200);
    expect(before.json<PushCertStatus>()).toMatchObject({ source: 'none', env_overrides: false, stored: null, pending_csr: null, warn_days: 30 });
    const store = await t.newStore();
    await t.newIosDevice({ storeId: store.id, enrolled: true });

    const csr = await call('POST', '/api/ops/push-cert/csr', {});
    expect(csr.statusCode).toBe(200);
    const { csr_pem } = csr.json<PushCsrResult>();
    expect((await call('GET', '/api/ops/push-cert')).json<PushCertStatus>().pending_csr?.csr_pem).toBe(csr_pem);
    expect(JSON.stringify((await call('GET', '/api/ops/push-cert')).json())).not.toContain('PRIVATE KEY');

    const res = await call('POST', '/api/ops/push-cert/certificate', { certificate_pem: pushCa.issue({ csrPem: csr_pem, topic: ENROLLED_TOPIC, days: 365 }) });
    expect(res.statusCode, res.body).toBe(200);
    const status = res.json<PushCertStatus>();
    expect(status).toMatchObject({
      source: 'stored',
      current_topic: ENROLLED_TOPIC,
      pending_csr: null,
      warning: null,
      enrolled_topics: [{ topic: ENROLLED_TOPIC, devices: 1 }],
    });
    expect(status.stored).toMatchObject({ topic: ENROLLED_TOPIC, days_left: 364 });

    const rows = await t.db.select().from(opsAudit);
    const install = rows.find((r) => r.action === 'push-cert.install')!;
    expect(install).toMatchObject({ operatorName: '证书运营', targetId: ENROLLED_TOPIC, before: null });
    expect(install.after).toMatchObject({ topic: ENROLLED_TOPIC, source: 'stored' });
    expect(rows.some((r) => r.action === 'push-cert.csr')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('PRIVATE KEY');
  });

  it('refuses a certificate with another topic (409, in Chinese, every phone would be lost) and keeps the one installed', async () => {
    const { csr_pem } = (await call('POST', '/api/ops/push-cert/csr', {})).json<PushCsrResult>();
    const res = await call('POST', '/api/ops/push-cert/certificate', {
      certificate_pem: pushCa.issue({ csrPem: csr_pem, topic: 'com.apple.mgmt.External.another' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/推送主题.*无法被唤醒.*续订/);
    const status = (await call('GET', '/api/ops/push-cert')).json<PushCertStatus>();
    expect(status.stored?.topic).toBe(ENROLLED_TOPIC);
    expect(status.current_topic).toBe(ENROLLED_TOPIC);
    expect((await t.db.select().from(opsAudit)).filter((r) => r.action === 'push-cert.install')).toHaveLength(1);
  });

  it('warns when the certificate ends within 30 days, on the page and on the operator home', async () => {
    const { csr_pem } = (await call('POST', '/api/ops/push-cert/csr', {})).json<PushCsrResult>();
    expect(
      (await call('POST', '/api/ops/push-cert/certificate', { certificate_pem: pushCa.issue({ csrPem: csr_pem, topic: ENROLLED_TOPIC, days: 20 }) }))
        .statusCode,
    ).toBe(200);
    const status = (await call('GET', '/api/ops/push-cert')).json<PushCertStatus>();
    expect(status.warning).toMatch(/将在 19 天后.*续订/);
    const health = await call('GET', '/api/ops/health');
    expect(health.statusCode).toBe(200);
    expect(health.json<FleetHealth>().push_certificate).toMatchObject({ source: 'stored', topic: ENROLLED_TOPIC, days_left: 19, warning: status.warning });
    // The store admins' expiry warnings name it too (the expiry watch reads the certificate in use).
    const admin = await t.signedIn();
    const warnings = (await t.app.inject({ method: 'GET', url: '/api/system/expiry-warnings', headers: admin.headers })).json<{
      list: { kind: string; days_left: number }[];
    }>();
    expect(warnings.list).toContainEqual(expect.objectContaining({ kind: 'apns-certificate', days_left: 19 }));
  });

  it('signs the pending CSR with the vendor certificate, and refuses bad input with a Chinese 400', async () => {
    const vendor = pushCa.vendor();
    const res = await call('POST', '/api/ops/push-cert/vendor-sign', { vendor_certificate_pem: vendor.certPem, vendor_key_pem: vendor.keyPem });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PushVendorSignResult>();
    expect(Buffer.from(body.upload_base64, 'base64').toString()).toContain('<key>PushCertSignature</key>');
    expect(res.body).not.toContain('PRIVATE KEY');
    for (const payload of [{}, { certificate_pem: '' }, { certificate_pem: 'x', extra: 1 }, { certificate_pem: 'x'.repeat(70_000) }]) {
      const bad = await call('POST', '/api/ops/push-cert/certificate', payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/[\u4e00-\u9fff]/);
    }
    const mismatch = await call('POST', '/api/ops/push-cert/vendor-sign', { vendor_certificate_pem: vendor.certPem, vendor_key_pem: pushCa.vendor().keyPem });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toContain('不匹配');
    const audit = (await t.db.select().from(opsAudit)).find((r) => r.action === 'push-cert.vendor-sign')!;
    expect(audit.after).toMatchObject({ vendor_subject: expect.stringContaining('MDM Vendor') });
  });
});

describe('/api/ops/health', () => {
  it('gives the platform figures to an operator', async () => {
    const s = await t.newStore({ storeName: '健康门店' });
    await t.newAndroidDevice({ storeId: s.id });
    const res = await call('GET', '/api/ops/health');
    expect(res.statusCode).toBe(200);
    const h = res.json<FleetHealth>();
    expect(h.devices.apple).toBeGreaterThanOrEqual(1);
    expect(h.database.bytes).toBeGreaterThan(0);
    expect(h.identities.window_days).toBe(60);
  });
});

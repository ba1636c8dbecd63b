import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnrollmentStatus, OperationStatus, Perm } from '@lease/shared';
import { AgentRefused } from '@lease/device-sim';
import { androidDevice } from '../../domain/android-device.table.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { store } from '../../domain/store.table.ts';
import { androidAgent, androidEnrollToken } from './android-agent.table.ts';
import { hashToken } from './enroll-token.service.ts';
import { type AndroidHarness, startAndroidHarness } from './test/android-harness.ts';

let h: AndroidHarness;
beforeAll(async () => {
  h = await startAndroidHarness();
});
afterAll(async () => h?.close());

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AgentRefused);
  return err as AgentRefused;
};

describe('enrolment token (console)', () => {
  it('issues a one-time token with Android provisioning JSON carrying the server and the token', async () => {
    const res = await h.issueToken(h.admin.headers, { channel: 2 });
    expect(res.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const qr = JSON.parse(res.qr_payload);
    expect(qr['android.app.extra.PROVISIONING_DEVICE_ADMIN_COMPONENT_NAME']).toContain('/');
    expect(qr['android.app.extra.PROVISIONING_ADMIN_EXTRAS_BUNDLE']).toMatchObject({ enroll_token: res.token, channel: 2 });
    expect(new Date(res.expires_at).getTime()).toBeGreaterThan(Date.now());
    const [row] = await h.db
      .select()
      .from(androidEnrollToken)
      .where(eq(androidEnrollToken.tokenHash, hashToken(res.token)));
    expect(row.storeId).toBe(h.admin.clerk.storeId);
  });

  it('needs Ea1, and refuses a clerk of another store', async () => {
    const plain = await h.signedIn({ isAdmin: false, storeId: h.admin.clerk.storeId, permission: '' });
    const denied = await h.app.inject({ method: 'POST', url: '/api/device/android/enroll-token', headers: plain.headers, payload: {} });
    expect(denied.statusCode).toBe(403);
    const other = await h.newClerk();
    const res = await h.app.inject({ method: 'POST', url: '/api/device/android/enroll-token', headers: h.admin.headers, payload: { for_clerk_id: other.id } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('店员不存在');
    const allowed = await h.signedIn({ isAdmin: false, storeId: h.admin.clerk.storeId, permission: Perm.ANDROID_LIST_NEW });
    expect((await h.app.inject({ method: 'POST', url: '/api/device/android/enroll-token', headers: allowed.headers, payload: {} })).statusCode).toBe(200);
  });

  it('tells the console whether the agent APK is on the server', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/device/android/mdm-app-download-link', headers: h.admin.headers });
    expect(res.json()).toMatchObject({ available: false, sha256: null });
    expect((await h.app.inject({ method: 'GET', url: '/agent/v1/app/agent.apk' })).statusCode).toBe(404);
  });
});

describe('enrolment (agent)', () => {
  it('enrols once with a token: device row, credential, sealed key, quota, operation log', async () => {
    const { token } = await h.issueToken();
    const before = (await h.db.select().from(store).where(eq(store.id, h.admin.clerk.storeId)))[0].usedDeviceCount;
    const agent = h.newAgent();
    const res = await agent.enroll(token, { channel: 1 });
    expect(res.passcode_key).toHaveLength(44);
    expect(res.channel).toBe(1);
    expect(res.policy.offline_lock_hours).toBe(72);
    const device = await h.device(res.device_id);
    expect(device).toMatchObject({
      storeId: h.admin.clerk.storeId,
      clerkId: h.admin.clerk.id,
      channel: 1,
      enrollmentStatus: EnrollmentStatus.ENROLLED,
      isSimulated: true,
      imei1: agent.data.facts.imei_1,
    });
    const [cred] = await h.db.select().from(androidAgent).where(eq(androidAgent.deviceId, res.device_id));
    // Only the public key and the sealed K_dev are stored.
    expect(cred.publicKey).not.toContain('PRIVATE');
    expect(cred.devKeyEnc).not.toContain(res.passcode_key);
    expect((await h.db.select().from(store).where(eq(store.id, h.admin.clerk.storeId)))[0].usedDeviceCount).toBe(before + 1);
    const [op] = await h.db.select().from(operationLog).where(eq(operationLog.deviceId, res.device_id));
    expect(op).toMatchObject({ action: 'enroll', status: OperationStatus.DONE, platform: 'android' });

    // The same token a second time is refused, and nothing more is created or charged.
    const again = await refusal(h.newAgent().enroll(token));
    expect(again.status).toBe(409);
    expect(JSON.parse(again.body).message).toContain('已被使用');
    expect((await h.db.select().from(store).where(eq(store.id, h.admin.clerk.storeId)))[0].usedDeviceCount).toBe(before + 1);
  });

  it('refuses an expired or unknown token', async () => {
    const { token } = await h.issueToken();
    await h.db
      .update(androidEnrollToken)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(androidEnrollToken.tokenHash, hashToken(token)));
    const expired = await refusal(h.newAgent().enroll(token));
    expect(expired.status).toBe(401);
    expect(JSON.parse(expired.body).message).toContain('过期');
    const unknown = await refusal(h.newAgent().enroll('x'.repeat(43)));
    expect(unknown.status).toBe(401);
  });

  it('refuses with a Chinese message when the store or the clerk quota is full, and leaves the token unspent', async () => {
    const limited = await h.newClerk({ storeId: h.admin.clerk.storeId });
    await h.db.update(clerk).set({ quotaLimit: true, totalQuota: 0 }).where(eq(clerk.id, limited.id));
    const { token } = await h.issueToken(h.admin.headers, { for_clerk_id: limited.id });
    const full = await refusal(h.newAgent().enroll(token));
    expect(full.status).toBe(409);
    expect(JSON.parse(full.body).message).toBe('店员设备额度不足，请联系管理员调整额度');
    const [row] = await h.db
      .select()
      .from(androidEnrollToken)
      .where(eq(androidEnrollToken.tokenHash, hashToken(token)));
    expect(row.usedAt).toBeNull();

    const [s] = await h.db.select().from(store).where(eq(store.id, h.admin.clerk.storeId));
    await h.db.update(store).set({ deviceCount: s.usedDeviceCount }).where(eq(store.id, s.id));
    const storeFull = await refusal(h.newAgent().enroll((await h.issueToken()).token));
    expect(JSON.parse(storeFull.body).message).toBe('门店设备额度不足，请联系平台增加额度');
    await h.db.update(store).set({ deviceCount: 100 }).where(eq(store.id, s.id));
  });

  it('a store with N slots enrols exactly N phones, then refuses the next', async () => {
    const N = 3;
    const s = await h.newStore();
    await h.db.update(store).set({ deviceCount: N }).where(eq(store.id, s.id));
    const admin = await h.signedIn({ storeId: s.id, isAdmin: true });
    for (let i = 0; i < N; i++) await h.newAgent().enroll((await h.issueToken(admin.headers)).token);
    const [after] = await h.db.select().from(store).where(eq(store.id, s.id));
    expect(after.usedDeviceCount).toBe(N);
    const over = await refusal(h.newAgent().enroll((await h.issueToken(admin.headers)).token));
    expect(over.status).toBe(409);
    expect(JSON.parse(over.body).message).toBe('门店设备额度不足，请联系平台增加额度');
    expect(await h.db.select().from(androidDevice).where(eq(androidDevice.storeId, s.id))).toHaveLength(N);
  });

  it('rejects a body without a P-256 public key as a 400', async () => {
    const { token } = await h.issueToken();
    const res = await h.app.inject({ method: 'POST', url: '/agent/v1/enroll', payload: { token, public_key: 'A'.repeat(120), facts: {} } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('公钥');
  });
});

describe('agent credential', () => {
  it('refuses no credential, a malformed one, another device’s signature and a revoked device: 401/403, never 500', async () => {
    const a = await h.enrolledAgent({}, false);
    const b = await h.enrolledAgent({}, false);
    expect((await a.request<{ policy_version: number }>('GET', '/agent/v1/policy')).policy_version).toBeGreaterThan(0);

    const none = await h.app.inject({ method: 'GET', url: '/agent/v1/policy' });
    expect(none.statusCode).toBe(401);
    const garbage = await h.app.inject({ method: 'GET', url: '/agent/v1/policy', headers: { authorization: 'AgentSig nonsense' } });
    expect(garbage.statusCode).toBe(401);

    // b signs, but claims to be a: the signature does not verify under a's key.
    const forged = (b as unknown as { signer: { authorization: (...args: unknown[]) => string } }).signer.authorization(
      a.deviceId,
      'GET',
      '/agent/v1/policy',
      undefined,
      Date.now(),
    );
    const res = await h.app.inject({ method: 'GET', url: '/agent/v1/policy', headers: { authorization: forged } });
    expect(res.statusCode).toBe(401);
    // A device id the server never issued.
    const unknown = (b as unknown as { signer: { authorization: (...args: unknown[]) => string } }).signer.authorization(
      '7d4a0a52-5a1e-4c39-9b0e-3f1f2b6c9d10',
      'GET',
      '/agent/v1/policy',
      undefined,
      Date.now(),
    );
    expect((await h.app.inject({ method: 'GET', url: '/agent/v1/policy', headers: { authorization: unknown } })).statusCode).toBe(401);

    // A signature over one request does not authorise another path or body.
    const signedForPolicy = (a as unknown as { signer: { authorization: (...args: unknown[]) => string } }).signer.authorization(
      a.deviceId,
      'GET',
      '/agent/v1/policy',
      undefined,
      Date.now(),
    );
    expect((await h.app.inject({ method: 'GET', url: '/agent/v1/commands', headers: { authorization: signedForPolicy } })).statusCode).toBe(401);

    // A stale timestamp is refused with the server's time, which the agent uses to sign again.
    const stale = (a as unknown as { signer: { authorization: (...args: unknown[]) => string } }).signer.authorization(
      a.deviceId,
      'GET',
      '/agent/v1/policy',
      undefined,
      Date.now() - 3_600_000,
    );
    const skew = await h.app.inject({ method: 'GET', url: '/agent/v1/policy', headers: { authorization: stale } });
    expect(skew.statusCode).toBe(401);
    expect(Number(skew.headers['x-server-time'])).toBeGreaterThan(0);

    await h.db.update(androidAgent).set({ revokedAt: new Date() }).where(eq(androidAgent.deviceId, b.deviceId!));
    const revoked = await refusal(b.request('GET', '/agent/v1/policy'));
    expect(revoked.status).toBe(403);
    expect(b.state().released).toBe(true);

    await h.db.update(androidDevice).set({ enrollmentStatus: EnrollmentStatus.RELEASED }).where(eq(androidDevice.id, a.deviceId!));
    expect((await refusal(a.request('GET', '/agent/v1/policy'))).status).toBe(403);
  });
});

describe('documentation', () => {
  it('lists the agent protocol in the OpenAPI document', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/agent/v1/enroll',
      '/agent/v1/policy',
      '/agent/v1/checkin',
      '/agent/v1/commands',
      '/agent/v1/results',
      '/agent/v1/ws',
      '/api/device/android/enroll-token',
    ])
      expect(paths).toContain(p);
  });
});

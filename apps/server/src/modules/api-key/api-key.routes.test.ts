import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Perm } from '@lease/shared';
import { type TestApp, TEST_PASSWORD, buildTestApp } from '../../test/build-test-app.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { storeApiSetting } from '../../domain/store-api.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = { authorization: string };
const base = '/api/store/api-key';
const get = (path: string, headers: Headers) => t.app.inject({ method: 'GET', url: `${base}/${path}`, headers });
const post = (path: string, headers: Headers, payload?: object) => t.app.inject({ method: 'POST', url: `${base}/${path}`, headers, payload });

async function shop() {
  const store = await t.newStore();
  const admin = await t.signedIn({ storeId: store.id, isAdmin: true });
  const clerk = await t.signedIn({ storeId: store.id, isAdmin: false, permission: `${Perm.APPLE_LIST_NEW},${Perm.OPERATION_LOG}` });
  return { store, admin: admin.headers, clerk: clerk.headers };
}

describe('api-key console calls: who may call', () => {
  it.each([
    ['GET', 'info'],
    ['POST', 'enabled'],
    ['POST', 'preview'],
    ['POST', 'generate'],
    ['POST', 'update'],
    ['GET', 'webhook-deliveries'],
    ['POST', 'webhook-deliveries/resend'],
  ])('%s %s refuses a non-admin clerk (403) and an anonymous caller (401)', async (method, path) => {
    const s = await shop();
    const asClerk = await t.app.inject({
      method: method as 'GET' | 'POST',
      url: `${base}/${path}`,
      headers: s.clerk,
      payload: method === 'POST' ? {} : undefined,
    });
    expect(asClerk.statusCode).toBe(403);
    expect(asClerk.json().code).toBe('PERMISSION_DENIED');
    const anonymous = await t.app.inject({ method: method as 'GET' | 'POST', url: `${base}/${path}`, payload: method === 'POST' ? {} : undefined });
    expect(anonymous.statusCode).toBe(401);
    const [row] = await t.db.select().from(storeApiSetting).where(eq(storeApiSetting.storeId, s.store.id));
    expect(row).toBeUndefined();
  });
});

describe('generate: the secret is shown once', () => {
  it('needs the password, returns the pair once, and afterwards only a masked secret', async () => {
    const s = await shop();
    const wrong = await post('generate', s.admin, { password: 'not-my-pass' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('SECPWD_MISMATCH');
    expect((await get('info', s.admin)).json().api_key).toBeNull();

    const res = await post('generate', s.admin, { password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { api_key, api_secret_key } = res.json();
    expect(api_key).toMatch(/^ak_[0-9a-f]{24}$/);
    expect(api_secret_key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);

    const info = await get('info', s.admin);
    expect(info.json()).toMatchObject({ api_key, enabled: false, api_secret_key_masked: `sk_${'*'.repeat(12)}${api_secret_key.slice(-4)}` });
    expect(info.body).not.toContain(api_secret_key);
    const preview = await post('preview', s.admin);
    expect(preview.body).not.toContain(api_secret_key);

    // At rest the secret is sealed with the DATA_DIR key, not stored in clear.
    const [row] = await t.db.select().from(storeApiSetting).where(eq(storeApiSetting.storeId, s.store.id));
    expect(row.secretCipher).toBeTruthy();
    expect(row.secretCipher).not.toContain(api_secret_key.slice(3, 20));

    const again = await post('generate', s.admin, { password: TEST_PASSWORD });
    expect(again.json().api_key).not.toBe(api_key);
    expect(again.json().api_secret_key).not.toBe(api_secret_key);
    const logs = await t.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.storeId, s.store.id), eq(operationLog.action, 'api-key-generate')));
    expect(logs).toHaveLength(2);
  });

  it('preview says what a new pair would break', async () => {
    const s = await shop();
    const first = (await post('preview', s.admin)).json();
    expect(first).toMatchObject({ has_key: false, api_key: null });
    expect(first.effects.join()).toContain('只显示一次');
    await post('generate', s.admin, { password: TEST_PASSWORD });
    const second = (await post('preview', s.admin)).json();
    expect(second.has_key).toBe(true);
    expect(second.effects[0]).toContain('立即失效');
  });
});

describe('enabled', () => {
  it('needs the password and a key first', async () => {
    const s = await shop();
    const noKey = await post('enabled', s.admin, { enabled: true, password: TEST_PASSWORD });
    expect(noKey.statusCode).toBe(409);
    expect(noKey.json().message).toContain('请先生成密钥');
    await post('generate', s.admin, { password: TEST_PASSWORD });
    const wrong = await post('enabled', s.admin, { enabled: true, password: 'wrong-pass' });
    expect(wrong.statusCode).toBe(403);
    expect((await get('info', s.admin)).json().enabled).toBe(false);
    const missing = await post('enabled', s.admin, { enabled: true });
    expect(missing.statusCode).toBe(400);
    const ok = await post('enabled', s.admin, { enabled: true, password: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect((await get('info', s.admin)).json().enabled).toBe(true);
    await post('enabled', s.admin, { enabled: false, password: TEST_PASSWORD });
    expect((await get('info', s.admin)).json().enabled).toBe(false);
  });
});

describe('update: callback URL, IP whitelist, offline hours', () => {
  const valid = { callback_url: 'https://93.184.216.34/hooks/lease?x=1', ip_white_list: '203.0.113.7, 2001:db8::1,203.0.113.7', offline_hours: 24 };

  it('saves a valid form and normalises the whitelist', async () => {
    const s = await shop();
    const res = await post('update', s.admin, valid);
    expect(res.statusCode).toBe(200);
    expect((await get('info', s.admin)).json()).toMatchObject({
      callback_url: valid.callback_url,
      ip_white_list: '203.0.113.7,2001:db8::1',
      offline_hours: 24,
    });
    const cleared = await post('update', s.admin, { callback_url: '', ip_white_list: '', offline_hours: null });
    expect(cleared.statusCode).toBe(200);
    expect((await get('info', s.admin)).json()).toMatchObject({ callback_url: '', ip_white_list: '', offline_hours: null });
  });

  it.each([
    ['a URL that is not one', { callback_url: 'not a url' }, '回调地址'],
    ['an ftp URL', { callback_url: 'ftp://93.184.216.34/x' }, '回调地址'],
    ['a javascript URL', { callback_url: 'javascript:alert(1)' }, '回调地址'],
    ['a malformed IPv4', { ip_white_list: '1.2.3' }, 'IP 地址格式有误'],
    ['a word among IPs', { ip_white_list: '203.0.113.7,abc' }, 'IP 地址格式有误'],
    ['an IPv4 with an octet over 255', { ip_white_list: '256.1.1.1' }, 'IP 地址格式有误'],
    ['an offline duration not offered', { offline_hours: 5 }, '离线时长'],
  ])('refuses %s with a Chinese 400', async (_name, change, text) => {
    const s = await shop();
    await post('update', s.admin, valid);
    const res = await post('update', s.admin, { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().message).toContain(text);
    expect((await get('info', s.admin)).json().callback_url).toBe(valid.callback_url);
  });

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://localhost/hook',
    'http://10.1.2.3/hook',
    'http://172.20.0.5/hook',
    'http://192.168.1.10/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/hook',
    'http://0.0.0.0/hook',
    'http://[::1]/hook',
    'http://[fd00::1]/hook',
    'http://[fe80::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
  ])('refuses the private or loopback callback %s (WEBHOOK_ALLOW_PRIVATE off)', async (url) => {
    const s = await shop();
    const res = await post('update', s.admin, { ...valid, callback_url: url });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/本机|内网|保留/);
    expect((await get('info', s.admin)).json().callback_url).toBe('');
  });

  it('is admin-only and scoped: another store never sees the settings', async () => {
    const a = await shop();
    const b = await shop();
    await post('update', a.admin, valid);
    await post('generate', a.admin, { password: TEST_PASSWORD });
    const seenByB = (await get('info', b.admin)).json();
    expect(seenByB).toMatchObject({ api_key: null, callback_url: '', enabled: false });
  });
});

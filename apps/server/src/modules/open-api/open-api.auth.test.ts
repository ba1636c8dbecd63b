import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createSecretBox } from '../../secret-box.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { createApiKeyRepo } from '../api-key/api-key.repo.ts';
import { storeApiSetting } from '../../domain/store-api.table.ts';
import { signParts } from '../../domain/signature.ts';
import { store } from '../../domain/store.table.ts';
import { createOpenApiAuth, ipAllowed, plainIp } from './open-api.auth.ts';

/**
 * The open API's two checks, called the way open-api.routes.ts calls them (beforeBody, then afterBody with the raw
 * body), on a database of their own and a clock the test sets: every refusal and its boundary, in seconds.
 * open-api.routes.test.ts proves the same rules through the real routes and a real clock.
 */
const NOW_S = 1_800_000_000;
const box = createSecretBox(randomBytes(32));
let database: Database;
let auth: ReturnType<typeof createOpenApiAuth>;

interface Key {
  storeId: string;
  apiKey: string;
  secret: string;
}

async function newKey(over: { enabled?: boolean; ipWhiteList?: string; apiKey?: string; withSecret?: boolean; modules?: string[] } = {}): Promise<Key> {
  const { db } = database;
  const [s] = await db
    .insert(store)
    .values({ storeName: '签名门店', modules: (over.modules ?? ['apple', 'android']) as never })
    .returning();
  const apiKey = over.apiKey ?? `ak_${randomBytes(12).toString('hex')}`;
  const secret = randomBytes(24).toString('hex');
  await db.insert(storeApiSetting).values({
    storeId: s.id,
    enabled: over.enabled ?? true,
    apiKey,
    secretCipher: over.withSecret === false ? null : box.seal(secret),
    ipWhiteList: over.ipWhiteList ?? '',
  });
  return { storeId: s.id, apiKey, secret };
}

interface Call {
  method?: string;
  url?: string;
  body?: string | null;
  ip?: string;
  timestamp?: string;
  nonce?: string;
  headers?: Record<string, unknown>;
  omit?: string[];
  signWith?: string;
}

/** request builds what Fastify hands the hooks: lower-case headers, the caller's address, the raw body. */
function request(key: Key, c: Call = {}) {
  const method = c.method ?? 'POST';
  const url = c.url ?? '/open/v1/devices?page_size=5';
  const body = c.body === undefined ? '{"a":1}' : c.body;
  const timestamp = c.timestamp ?? String(NOW_S);
  const nonce = c.nonce ?? randomBytes(12).toString('hex');
  const signature = signParts(c.signWith ?? key.secret, { method, pathWithQuery: url, timestamp, nonce, body: body ?? '' });
  const headers: Record<string, unknown> = { 'x-api-key': key.apiKey, 'x-timestamp': timestamp, 'x-nonce': nonce, 'x-signature': signature, ...c.headers };
  for (const h of c.omit ?? []) delete headers[h];
  return { headers, ip: c.ip ?? '203.0.113.7', method, url, openApiRawBody: body, openApiPending: null, openApi: undefined } as never as Parameters<
    typeof auth.beforeBody
  >[0] & {
    openApi?: { storeId: string; apiKey: string; modules: string[] };
  };
}

async function check(key: Key, c: Call = {}, a = auth) {
  const r = request(key, c);
  await a.beforeBody(r);
  await a.afterBody(r);
  return r.openApi;
}

const refused = (status: 401 | 403, message: string | RegExp) =>
  expect.objectContaining({
    code: status === 401 ? 'UNAUTHORIZED' : 'PERMISSION_DENIED',
    statusCode: status,
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  });

beforeAll(async () => {
  database = await openTestDatabase();
  auth = createOpenApiAuth({ db: database.db, repo: createApiKeyRepo(database.db), secretBox: box, now: () => NOW_S * 1000 });
});
afterAll(() => database.close());

describe('open API auth: a good request', () => {
  it('passes both checks and names the store, its key and its modules', async () => {
    const key = await newKey({ modules: ['android'] });
    expect(await check(key)).toEqual({ storeId: key.storeId, apiKey: key.apiKey, modules: ['android'] });
  });

  it('signs a request without a body over the empty body', async () => {
    const key = await newKey();
    expect(await check(key, { method: 'GET', url: '/open/v1/ping', body: null })).toMatchObject({ storeId: key.storeId });
  });

  it('reads headers without the spaces around them', async () => {
    const key = await newKey();
    const r = request(key);
    const h = r.headers as Record<string, string>;
    for (const name of ['x-api-key', 'x-timestamp', 'x-nonce', 'x-signature']) h[name] = ` ${h[name]}\t`;
    await auth.beforeBody(r);
    await auth.afterBody(r);
    expect(r.openApi?.storeId).toBe(key.storeId);
  });

  it('uses the real clock when given none', async () => {
    const key = await newKey();
    const live = createOpenApiAuth({ db: database.db, repo: createApiKeyRepo(database.db), secretBox: box });
    expect(await check(key, { timestamp: String(Math.floor(Date.now() / 1000)) }, live)).toMatchObject({ storeId: key.storeId });
    await expect(check(key, { timestamp: String(NOW_S) }, live)).rejects.toThrow(refused(401, /^X-Timestamp 无效或已过期/));
  });
});

describe('open API auth: headers and timestamp', () => {
  it('refuses a request missing any signature header, naming every missing one', async () => {
    const key = await newKey();
    for (const [omit, named] of [
      [['x-api-key'], 'X-Api-Key'],
      [['x-timestamp'], 'X-Timestamp'],
      [['x-nonce'], 'X-Nonce'],
      [['x-signature'], 'X-Signature'],
      [['x-nonce', 'x-api-key'], 'X-Api-Key、X-Nonce'],
    ] as const) {
      await expect(check(key, { omit: [...omit] })).rejects.toThrow(refused(401, `缺少签名请求头：${named}`));
    }
    // Blank, or sent twice (Node hands an array): as good as missing.
    await expect(check(key, { headers: { 'x-nonce': '   ' } })).rejects.toThrow(refused(401, '缺少签名请求头：X-Nonce'));
    await expect(check(key, { headers: { 'x-signature': ['a', 'b'] } })).rejects.toThrow(refused(401, '缺少签名请求头：X-Signature'));
  });

  it('accepts a timestamp up to 300 s either side of the clock, and refuses 301 s', async () => {
    const key = await newKey();
    for (const offset of [-300, -299, 0, 299, 300]) {
      expect(await check(key, { timestamp: String(NOW_S + offset) }), `${offset}`).toMatchObject({ storeId: key.storeId });
    }
    for (const offset of [-301, 301, -86_400, 86_400]) {
      await expect(check(key, { timestamp: String(NOW_S + offset) }), `${offset}`).rejects.toThrow(
        refused(401, 'X-Timestamp 无效或已过期：应为当前 Unix 时间（秒），允许误差 300 秒'),
      );
    }
  });

  it('takes whole seconds, in at most 12 digits, and nothing else', async () => {
    const key = await newKey();
    for (const timestamp of [
      `${NOW_S}000`,
      `+${NOW_S}`,
      `-${NOW_S}`,
      `${NOW_S}.0`,
      `${NOW_S}.4`,
      `0${NOW_S}x`,
      `x${NOW_S}`,
      `0x${NOW_S.toString(16)}`,
      '1.8e9',
      'yesterday',
      `000${NOW_S}`,
    ]) {
      await expect(check(key, { timestamp }), timestamp).rejects.toThrow(refused(401, /^X-Timestamp 无效或已过期/));
    }
    // Leading zeros within 12 digits are still the same second.
    expect(await check(key, { timestamp: `00${NOW_S}` })).toMatchObject({ storeId: key.storeId });
  });

  it('refuses a nonce that is not 16-64 letters, digits, - or _', async () => {
    const key = await newKey();
    for (const nonce of ['short', 'has space in it 0123', 'x'.repeat(65)]) {
      await expect(check(key, { nonce }), nonce).rejects.toThrow(refused(401, 'X-Nonce 应为 16-64 位字母、数字、- 或 _'));
    }
  });
});

describe('open API auth: the key and the store settings', () => {
  it('refuses an unknown key, a key without a secret, and any key over 100 characters without looking it up', async () => {
    const key = await newKey();
    await expect(check({ ...key, apiKey: 'ak_000000000000000000000000' })).rejects.toThrow(refused(401, 'API Key 无效'));
    const noSecret = await newKey({ withSecret: false });
    await expect(check(noSecret)).rejects.toThrow(refused(401, 'API Key 无效'));
    // Stored keys of 100 and 101 characters (no real key is this long): the first is looked up, the second never.
    const at100 = await newKey({ apiKey: `ak_${'a'.repeat(97)}` });
    expect(await check(at100)).toMatchObject({ storeId: at100.storeId });
    const at101 = await newKey({ apiKey: `ak_${'b'.repeat(98)}` });
    await expect(check(at101)).rejects.toThrow(refused(401, 'API Key 无效'));
  });

  it('refuses every call while the store has the API turned off', async () => {
    const key = await newKey({ enabled: false });
    await expect(check(key)).rejects.toThrow(refused(403, '门店未开启开放接口'));
  });

  it('refuses a caller outside the IP whitelist, naming its plain address', async () => {
    const key = await newKey({ ipWhiteList: '198.51.100.1, 2001:db8::7' });
    await expect(check(key, { ip: '203.0.113.7' })).rejects.toThrow(refused(403, '请求 IP（203.0.113.7）不在白名单内'));
    await expect(check(key, { ip: '::ffff:203.0.113.7' })).rejects.toThrow(refused(403, '请求 IP（203.0.113.7）不在白名单内'));
    expect(await check(key, { ip: '198.51.100.1' })).toMatchObject({ storeId: key.storeId });
    expect(await check(key, { ip: '::ffff:198.51.100.1' })).toMatchObject({ storeId: key.storeId });
    expect(await check(key, { ip: '2001:db8::7' })).toMatchObject({ storeId: key.storeId });
  });

  it('refuses a store the operator has disabled', async () => {
    const key = await newKey();
    await database.db.update(store).set({ disabledAt: new Date() }).where(eq(store.id, key.storeId));
    await expect(check(key)).rejects.toThrow(refused(403, '门店已停用'));
  });
});

describe('open API auth: after the body', () => {
  it('refuses a request whose first check never ran', async () => {
    const key = await newKey();
    await expect(auth.afterBody(request(key))).rejects.toThrow(refused(401, '开放接口需要 API Key 签名认证'));
  });

  it('refuses a signature over anything else: method, path, query, timestamp, nonce, body or secret', async () => {
    const key = await newKey();
    const forged = [
      (r: ReturnType<typeof request>) => Object.assign(r, { method: 'PUT' }),
      (r: ReturnType<typeof request>) => Object.assign(r, { url: '/open/v1/devices?page_size=50' }),
      (r: ReturnType<typeof request>) => Object.assign(r, { openApiRawBody: '{"a":2}' }),
      (r: ReturnType<typeof request>) => Object.assign(r, { openApiRawBody: null }),
    ];
    for (const forge of forged) {
      const r = request(key);
      await auth.beforeBody(r);
      forge(r);
      await expect(auth.afterBody(r)).rejects.toThrow(refused(401, /^签名错误/));
    }
    const signedNow = request(key);
    const otherTime = request(key, {
      timestamp: String(NOW_S + 1),
      headers: {
        'x-signature': (signedNow.headers as Record<string, string>)['x-signature'],
        'x-nonce': (signedNow.headers as Record<string, string>)['x-nonce'],
      },
    });
    await auth.beforeBody(otherTime);
    await expect(auth.afterBody(otherTime)).rejects.toThrow(refused(401, /^签名错误/));
    await expect(check(key, { signWith: 'another-secret' })).rejects.toThrow(refused(401, /^签名错误/));
  });

  it('spends the nonce: the same request again is refused, and a refused signature spends none', async () => {
    const key = await newKey();
    const nonce = 'once-only-nonce-0123456789';
    await expect(check(key, { nonce, signWith: 'wrong' })).rejects.toThrow(refused(401, /^签名错误/));
    expect(await check(key, { nonce })).toMatchObject({ storeId: key.storeId });
    await expect(check(key, { nonce })).rejects.toThrow(refused(401, 'X-Nonce 已使用过：每个请求需要新的随机串'));
  });
});

describe('ipAllowed and plainIp', () => {
  it('lets any address call with an empty whitelist', () => {
    expect(ipAllowed('', '203.0.113.7')).toBe(true);
    expect(ipAllowed(' , ', '2001:db8::1')).toBe(true);
  });

  it('lets only listed addresses call, IPv4 (also as IPv4-mapped IPv6 on either side) and IPv6', () => {
    const list = '198.51.100.1,2001:db8::7';
    expect(ipAllowed(list, '198.51.100.1')).toBe(true);
    expect(ipAllowed(list, '::ffff:198.51.100.1')).toBe(true);
    expect(ipAllowed(list, '2001:db8::7')).toBe(true);
    expect(ipAllowed(list, '2001:0db8:0:0:0:0:0:7')).toBe(true);
    expect(ipAllowed(list, '198.51.100.2')).toBe(false);
    expect(ipAllowed(list, '2001:db8::8')).toBe(false);
    expect(ipAllowed('::ffff:198.51.100.1', '198.51.100.1')).toBe(true);
  });

  it('refuses a caller whose address is not an IP, and skips entries that are not IPs', () => {
    expect(ipAllowed('198.51.100.1', 'unknown')).toBe(false);
    expect(ipAllowed('198.51.100.1', '')).toBe(false);
    expect(ipAllowed('not-an-ip,198.51.100.1', '198.51.100.1')).toBe(true);
    expect(ipAllowed('not-an-ip', '198.51.100.1')).toBe(false);
  });

  it('plainIp unwraps an IPv4-mapped IPv6 address and leaves every other address as it is', () => {
    expect(plainIp('::ffff:198.51.100.1')).toBe('198.51.100.1');
    expect(plainIp('::FFFF:198.51.100.12')).toBe('198.51.100.12');
    for (const ip of [
      '198.51.100.1',
      '2001:db8::7',
      '::ffff:198.51.100.1.5',
      'x::ffff:198.51.100.1',
      '::ffff:198.51.100',
      '::ffff:a.b.c.d',
      '::ffff:1.2.3.4x',
    ]) {
      expect(plainIp(ip), ip).toBe(ip);
    }
  });
});

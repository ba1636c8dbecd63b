import type { TokenPair } from '@lease/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInTabLock } from '../auth/refreshLock.ts';
import type { TokenStore } from '../auth/session.ts';
import type { AuthTokens } from '../auth/storage.ts';
import { createApiClient } from './client.ts';
import { ApiError } from './errors.ts';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

const json = (status: number, body: unknown, requestId = 'a1b2c3d4-req') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'x-request-id': requestId } });
const fail = (status: number, code: string, message: string) => json(status, { statusCode: status, code, message });

function memoryTokens(initial: AuthTokens | null): TokenStore & { value: AuthTokens | null } {
  const store = {
    value: initial,
    get: () => store.value,
    save: (pair: TokenPair) => {
      store.value = { access_token: pair.access_token, refresh_token: pair.refresh_token, expires: 0 };
    },
    clear: () => {
      store.value = null;
    },
  };
  return store;
}

function setup(handler: Handler, tokens = memoryTokens({ access_token: 'old', refresh_token: 'r1', expires: 0 })) {
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(handler(String(input), init ?? {})));
  const toast = { error: vi.fn(), warning: vi.fn() };
  const onUnauthorized = vi.fn();
  const client = createApiClient({ fetch, tokens, toast, onUnauthorized });
  return { client, fetch, toast, onUnauthorized, tokens };
}

const bearer = (init: RequestInit) => new Headers(init.headers).get('authorization');

afterEach(() => {
  vi.useRealTimers();
});

describe('api client', () => {
  it('sends JSON with the bearer token and returns the payload', async () => {
    const { client, fetch } = setup(() => json(200, { ok: true }));
    await expect(client.post('/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/x');
    expect(bearer(init!)).toBe('Bearer old');
    expect(init!.body).toBe('{"a":1}');
  });

  it('on 401 clears the stored session and calls onUnauthorized without a toast', async () => {
    const { client, tokens, onUnauthorized, toast } = setup(() => fail(401, 'UNAUTHORIZED', '登录已失效'));
    await expect(client.get('/api/user/me')).rejects.toMatchObject({ status: 401, sessionEnded: true });
    expect(tokens.value).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(toast.warning).not.toHaveBeenCalled();
  });

  it('keepSession calls leave the session alone on 401 and on any 403, for the page to explain', async () => {
    for (const [status, code] of [
      [401, 'UNAUTHORIZED'],
      [403, 'FORBIDDEN'],
    ] as const) {
      const { client, tokens, onUnauthorized, toast } = setup(() => fail(status, code, '开发者工具仅对演示门店的管理员开放'));
      await expect(client.get('/api/dev/test', { silent: true, keepSession: true })).rejects.toMatchObject({ status, sessionEnded: false });
      expect(tokens.value).not.toBeNull();
      expect(onUnauthorized).not.toHaveBeenCalled();
      expect(toast.warning).not.toHaveBeenCalled();
    }
  });

  it('on TOKEN_EXPIRED refreshes once for three concurrent requests, then retries each', async () => {
    let refreshes = 0;
    const { client, fetch, tokens } = setup(async (url, init) => {
      if (url === '/api/auth/refresh') {
        refreshes += 1;
        expect(JSON.parse(String(init.body))).toEqual({ refresh_token: 'r1' });
        await new Promise((r) => setTimeout(r, 5));
        return json(200, { access_token: 'new', refresh_token: 'r2', expires_in: 900 });
      }
      return bearer(init) === 'Bearer new' ? json(200, { url }) : fail(403, 'TOKEN_EXPIRED', '登录凭证已过期');
    });
    const results = await Promise.all(['/api/a', '/api/b', '/api/c'].map((p) => client.get(p)));
    expect(results).toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }]);
    expect(refreshes).toBe(1);
    expect(fetch).toHaveBeenCalledTimes(7);
    expect(tokens.value).toMatchObject({ access_token: 'new', refresh_token: 'r2' });
  });

  it('does not refresh again for a request that fails after the token was already rotated', async () => {
    let refreshes = 0;
    const { client } = setup(async (url, init) => {
      if (url === '/api/auth/refresh') {
        refreshes += 1;
        return json(200, { access_token: 'new', refresh_token: 'r2', expires_in: 900 });
      }
      if (bearer(init) === 'Bearer new') return json(200, { url });
      // The slow request's answer arrives after the fast one has finished refreshing.
      if (url === '/api/slow') await new Promise((r) => setTimeout(r, 20));
      return fail(403, 'TOKEN_EXPIRED', '登录凭证已过期');
    });
    const results = await Promise.all([client.get('/api/fast'), client.get('/api/slow')]);
    expect(results).toEqual([{ url: '/api/fast' }, { url: '/api/slow' }]);
    expect(refreshes).toBe(1);
  });

  it('two tabs with one stored session and one lock spend the refresh token once and both go on', async () => {
    // Tabs share localStorage (one TokenStore) and navigator.locks (one lock); each has its own client.
    const tokens = memoryTokens({ access_token: 'old', refresh_token: 'r1', expires: 0 });
    const lock = createInTabLock();
    let refreshes = 0;
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/auth/refresh') {
        refreshes += 1;
        await new Promise((r) => setTimeout(r, 5));
        // The server would take a second use of r1 after its grace window for a stolen token.
        return JSON.parse(String(init?.body)).refresh_token === 'r1' && refreshes === 1
          ? json(200, { access_token: 'new', refresh_token: 'r2', expires_in: 900 })
          : fail(401, 'UNAUTHORIZED', '登录已失效');
      }
      return bearer(init ?? {}) === 'Bearer new' ? json(200, { ok: true }) : fail(403, 'TOKEN_EXPIRED', '登录凭证已过期');
    });
    const tab = () => createApiClient({ fetch, tokens, lock, toast: { error: vi.fn(), warning: vi.fn() }, onUnauthorized: vi.fn() });
    const [a, b] = [tab(), tab()];
    await expect(Promise.all([a.get('/api/a'), b.get('/api/b')])).resolves.toEqual([{ ok: true }, { ok: true }]);
    expect(refreshes).toBe(1);
    expect(tokens.value).toMatchObject({ access_token: 'new', refresh_token: 'r2' });
  });

  it('when the refresh fails, clears the session and reports unauthorized', async () => {
    const { client, tokens, onUnauthorized, toast } = setup((url) =>
      url === '/api/auth/refresh' ? fail(401, 'UNAUTHORIZED', '登录已失效') : fail(403, 'TOKEN_EXPIRED', '过期'),
    );
    await expect(client.get('/api/a')).rejects.toMatchObject({ sessionEnded: true });
    expect(tokens.value).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(toast.warning).not.toHaveBeenCalled();
  });

  it('retries the original request only once after a refresh', async () => {
    const { client, fetch, onUnauthorized } = setup(async (url) => {
      // A macrotask per call lets the test time out instead of spinning if the client loops.
      await new Promise((r) => setTimeout(r, 0));
      return url === '/api/auth/refresh' ? json(200, { access_token: 'new', refresh_token: 'r2', expires_in: 900 }) : fail(403, 'TOKEN_EXPIRED', '过期');
    });
    await expect(client.get('/api/a')).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('SECPWD_MISMATCH warns with the server message and the first five characters of x-request-id', async () => {
    const { client, toast, tokens } = setup(() => json(403, { statusCode: 403, code: 'SECPWD_MISMATCH', message: '密码错误' }, 'a1b2c3d4e5'));
    await expect(client.post('/api/x')).rejects.toMatchObject({ code: 'SECPWD_MISMATCH', requestId: 'a1b2c3d4e5' });
    expect(toast.warning).toHaveBeenCalledWith('密码错误 (a1b2c)');
    expect(tokens.value).not.toBeNull();
  });

  it('PERMISSION_DENIED without a message falls back to 请求出错', async () => {
    const { client, toast } = setup(() => json(403, { statusCode: 403, code: 'PERMISSION_DENIED' }, 'ffeeddccbb'));
    await expect(client.get('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(toast.warning).toHaveBeenCalledWith('请求出错 (ffeed)');
  });

  it('any other 403 ends the session', async () => {
    const { client, tokens, onUnauthorized } = setup(() => fail(403, 'UNAUTHORIZED', '禁止'));
    await expect(client.get('/api/x')).rejects.toMatchObject({ sessionEnded: true });
    expect(tokens.value).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('a network failure shows 请求失败，请检查网络', async () => {
    const { client, toast } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    // What fetch threw stays on the error for logs, never in the toast.
    await expect(client.get('/api/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK', cause: new TypeError('Failed to fetch') });
    expect(toast.error).toHaveBeenCalledWith('请求失败，请检查网络');
  });

  it('gives up after 10 s', async () => {
    vi.useFakeTimers();
    const { client, toast } = setup(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const settled = vi.fn();
    const outcome = client.get('/api/slow').catch((e: unknown) => {
      settled();
      return e;
    });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ status: 0, code: 'TIMEOUT' });
    expect(toast.error).toHaveBeenCalledWith('请求失败，请检查网络');
  });

  it('a per-call timeout overrides the default', async () => {
    vi.useFakeTimers();
    const { client } = setup(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const settled = vi.fn();
    const pending = client.get('/api/abm', { timeoutMs: 30_000 }).catch((e: unknown) => settled(e));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20_000);
    await pending;
    expect(settled).toHaveBeenCalledOnce();
  });

  it('does not retry a 500 and rejects with a typed ApiError', async () => {
    const { client, fetch, toast } = setup(() => fail(500, 'INTERNAL', '服务器内部错误'));
    const err = await client.get('/api/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 500, code: 'INTERNAL', message: '服务器内部错误', requestId: 'a1b2c3d4-req' });
    expect(fetch).toHaveBeenCalledOnce();
    expect(toast.warning).toHaveBeenCalledWith('服务器内部错误');
  });

  it('silent calls leave the notice to the caller and keep field errors', async () => {
    const { client, toast } = setup(() =>
      json(400, { statusCode: 400, code: 'VALIDATION_FAILED', message: '请求参数有误', errors: [{ field: 'phone_number', message: '请输入正确的手机号' }] }),
    );
    await expect(client.post('/api/x', {}, { silent: true })).rejects.toMatchObject({
      errors: [{ field: 'phone_number', message: '请输入正确的手机号' }],
    });
    expect(toast.warning).not.toHaveBeenCalled();
  });

  it('public calls carry no token', async () => {
    const { client, fetch } = setup(() => json(200, { ok: true }));
    await client.post('/api/auth/login', { account: '13800000000', password: 'x' }, { auth: false });
    expect(bearer(fetch.mock.calls[0][1]!)).toBeNull();
  });
  it('repeats array query values and sends extra headers such as Idempotency-Key', async () => {
    const { client, fetch } = setup(() => json(200, { ok: true }));
    await client.post('/api/x', { a: 1 }, { query: { registration_time: ['20260101', '20260131'], page_num: 0 }, headers: { 'Idempotency-Key': 'k-1' } });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/x?registration_time=20260101&registration_time=20260131&page_num=0');
    expect(new Headers(init!.headers).get('idempotency-key')).toBe('k-1');
    expect(bearer(init!)).toBe('Bearer old');
  });

  it('returns a file download as a Blob, but still reads a failure as the JSON error', async () => {
    const file = new Response('PK-xlsx', { status: 200, headers: { 'content-type': 'application/octet-stream' } });
    const ok = setup(() => file);
    const blob = await ok.client.post<Blob>('/api/export', {}, { responseType: 'blob' });
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob.text()).toBe('PK-xlsx');

    const bad = setup(() => fail(409, 'CONFLICT', '导出失败'));
    await expect(bad.client.post('/api/export', {}, { responseType: 'blob' })).rejects.toMatchObject({ status: 409, message: '导出失败' });
    expect(bad.toast.warning).toHaveBeenCalledWith('导出失败');
  });
});

describe('a 503 that says when to come back (a cluster node restarting or cut off from its database)', () => {
  const unavailable = (headers: Record<string, string>) =>
    new Response(JSON.stringify({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: '服务器正在重启，请稍后重试' }), {
      status: 503,
      headers: { 'content-type': 'application/json', 'retry-after': '0', ...headers },
    });
  /** answers503Then fails the first `n` calls with the given 503, then succeeds. */
  const answers503Then = (n: number, headers: Record<string, string> = {}) => {
    let calls = 0;
    return () => (calls++ < n ? unavailable(headers) : json(200, { ok: true }));
  };

  it('sends a read again, by itself, until another node answers', async () => {
    const { client, fetch, toast } = setup(answers503Then(2));
    await expect(client.get('/api/x')).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(toast.warning).not.toHaveBeenCalled();
  });

  it('sends a write again when it carries an Idempotency-Key, or when the server says it never started it', async () => {
    const keyed = setup(answers503Then(1));
    await expect(keyed.client.post('/api/x', {}, { headers: { 'Idempotency-Key': 'k-12345678' } })).resolves.toEqual({ ok: true });
    expect(keyed.fetch).toHaveBeenCalledTimes(2);
    const unprocessed = setup(answers503Then(1, { 'x-request-unprocessed': '1' }));
    await expect(unprocessed.client.post('/api/x', {})).resolves.toEqual({ ok: true });
    expect(unprocessed.fetch).toHaveBeenCalledTimes(2);
  });

  it('never sends again a write that may have run, nor a 503 without Retry-After, nor past three retries', async () => {
    const write = setup(answers503Then(1));
    await expect(write.client.post('/api/x', {})).rejects.toMatchObject({ status: 503 });
    expect(write.fetch).toHaveBeenCalledTimes(1);
    const noHint = setup(() => fail(503, 'SERVICE_UNAVAILABLE', '服务暂不可用，请稍后再试'));
    await expect(noHint.client.get('/api/x')).rejects.toMatchObject({ status: 503 });
    expect(noHint.fetch).toHaveBeenCalledTimes(1);
    const forever = setup(answers503Then(99));
    await expect(forever.client.get('/api/x')).rejects.toMatchObject({ status: 503 });
    expect(forever.fetch).toHaveBeenCalledTimes(4);
  });
});

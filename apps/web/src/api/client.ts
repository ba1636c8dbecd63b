import { ErrorCode, retryAfterSeconds, type TokenPair, UNPROCESSED_HEADER } from '@lease/shared';
import { type RefreshLock, createRefreshLock } from '../auth/refreshLock.ts';
import type { TokenStore } from '../auth/session.ts';
import { ApiError, ClientErrorCode, errorToastText, NETWORK_FAILURE_TEXT, readErrorBody } from './errors.ts';

/**
 * Spec §9: calls give up after 10 s; wallpaper and ABM calls get 30 s. The one retry is a 503 that says when to come
 * back and proves it is safe to (exchangeAcross503): a node of a cluster restarting or cut off from its database.
 */
export const DEFAULT_TIMEOUT_MS = 10_000;
export const LONG_TIMEOUT_MS = 30_000;
const MAX_503_RETRIES = 3;
const MAX_RETRY_WAIT_S = 5;
const RETRY_BUDGET_MS = 20_000;

/** Toaster shows the client's two kinds of notice; the app binds it to antd's message. */
export interface Toaster {
  error(text: string): void;
  warning(text: string): void;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  tokens: TokenStore;
  toast: Toaster;
  /** Called after the session was cleared; the app sends the user to /login. */
  onUnauthorized: () => void;
  baseUrl?: string;
  timeoutMs?: number;
  /** Serialises refreshes across tabs; tests pass one shared by two clients. */
  lock?: RefreshLock;
  /** Where the refresh token is exchanged; the operator console (/ops) has its own. */
  refreshPath?: string;
}

/** A query value; an array repeats the parameter (`registration_time=a&registration_time=b`). */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  timeoutMs?: number;
  /** The caller shows the failure itself (field errors, the enrol page's dialog): no toast. */
  silent?: boolean;
  /** Public calls (login, reset password, SMS before login) carry no token. */
  auth?: boolean;
  /** The page explains a 401/403 itself (the dev page, open to anyone but answered only to the demo admin): the session stays. */
  keepSession?: boolean;
  /** Extra request headers, e.g. the `Idempotency-Key` of a device command. */
  headers?: Record<string, string>;
  /** `blob` returns a successful body as a Blob (file downloads); failures are still read as JSON. */
  responseType?: 'json' | 'blob';
}

interface Exchange {
  res: Response;
  body: unknown;
}

const isTokenPair = (v: unknown): v is TokenPair =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Record<string, unknown>).access_token === 'string' &&
  typeof (v as Record<string, unknown>).refresh_token === 'string';

function queryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * createApiClient builds the typed request function of spec §8: JSON over same-origin `/api`, bearer
 * token, one shared token refresh on TOKEN_EXPIRED, and the error catalogue's toasts. Navigation stays
 * outside (onUnauthorized) so the rules are testable with a fake fetch.
 */
export function createApiClient(deps: ApiClientDeps) {
  const baseUrl = deps.baseUrl ?? '';
  const lock = deps.lock ?? createRefreshLock();
  let refreshing: Promise<boolean> | null = null;

  async function exchange(path: string, opts: RequestOptions, token: string | undefined): Promise<Exchange> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? deps.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      const res = await deps.fetch(baseUrl + path + queryString(opts.query), {
        method: opts.method ?? 'GET',
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: controller.signal,
      });
      const body = res.ok && opts.responseType === 'blob' ? await res.blob() : await readBody(res);
      return { res, body };
    } catch (cause) {
      const code = controller.signal.aborted ? ClientErrorCode.TIMEOUT : ClientErrorCode.NETWORK;
      throw new ApiError({ status: 0, code, message: NETWORK_FAILURE_TEXT, cause });
    } finally {
      clearTimeout(timer);
    }
  }

  /** refresh runs under the cross-tab lock: a tab that waited finds the other tab's new pair stored. */
  function refresh(usedToken: string): Promise<boolean> {
    return lock(async () => {
      const stored = deps.tokens.get();
      if (stored?.access_token && stored.access_token !== usedToken) return true;
      const refreshToken = stored?.refresh_token;
      if (!refreshToken) return false;
      try {
        const { res, body } = await exchange(deps.refreshPath ?? '/api/auth/refresh', { method: 'POST', body: { refresh_token: refreshToken } }, undefined);
        if (!res.ok || !isTokenPair(body)) return false;
        deps.tokens.save(body);
        return true;
      } catch {
        return false;
      }
    });
  }

  /** refreshAfter makes every request that saw the same expired token wait on one refresh call. */
  function refreshAfter(usedToken: string): Promise<boolean> {
    const current = deps.tokens.get()?.access_token;
    if (current && current !== usedToken) return Promise.resolve(true);
    refreshing ??= refresh(usedToken).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function endSession(err: ApiError): never {
    deps.tokens.clear();
    deps.onUnauthorized();
    throw new ApiError({ ...err, message: err.message, sessionEnded: true });
  }

  /**
   * exchangeAcross503 sends again after a 503 that says when to come back (Retry-After), when sending again cannot do
   * a thing twice: the server never started the request (a node restarting or cut off from its database marks that
   * answer), or the request is a read or carries an Idempotency-Key. Behind the load balancer the next try reaches
   * another node; a clerk sees a slower answer, not an error, while a node restarts.
   */
  async function exchangeAcross503(path: string, opts: RequestOptions, token: string | undefined): Promise<Exchange> {
    const started = Date.now();
    for (let tries = 1; ; tries++) {
      const sent = await exchange(path, opts, token);
      const waitS = retryAfterSeconds(sent.res.headers.get('retry-after'));
      const safe = sent.res.headers.get(UNPROCESSED_HEADER) === '1' || (opts.method ?? 'GET') === 'GET' || Boolean(opts.headers?.['Idempotency-Key']);
      const waitMs = Math.min(waitS ?? 0, MAX_RETRY_WAIT_S) * 1000 * (0.75 + Math.random() * 0.5);
      if (sent.res.status !== 503 || !safe || waitS === undefined || tries > MAX_503_RETRIES || Date.now() - started + waitMs > RETRY_BUDGET_MS) return sent;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }

  async function attempt<T>(path: string, opts: RequestOptions, mayRefresh: boolean): Promise<T> {
    const token = opts.auth === false ? undefined : deps.tokens.get()?.access_token;
    const { res, body } = await exchangeAcross503(path, opts, token);
    // The payload's type is the endpoint's contract (api/*.ts); the client does not re-validate it.
    if (res.ok) return body as T;

    const parsed = readErrorBody(body);
    const err = new ApiError({
      status: res.status,
      code: parsed.code ?? ClientErrorCode.UNKNOWN,
      message: parsed.message ?? '',
      errors: parsed.errors,
      requestId: res.headers.get('x-request-id') ?? '',
    });
    if (res.status === 401 && !opts.keepSession) endSession(err);
    if (res.status !== 403) throw err;
    if (err.code === ErrorCode.TOKEN_EXPIRED && mayRefresh && token) {
      if (await refreshAfter(token)) return attempt<T>(path, opts, false);
      endSession(err);
    }
    if (err.code === ErrorCode.SECPWD_MISMATCH || err.code === ErrorCode.PERMISSION_DENIED || opts.keepSession) throw err;
    endSession(err);
  }

  function report(err: ApiError) {
    if (err.sessionEnded) return;
    if (err.status === 0) deps.toast.error(NETWORK_FAILURE_TEXT);
    else deps.toast.warning(errorToastText(err));
  }

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    try {
      return await attempt<T>(path, opts, true);
    } catch (err) {
      // Anything but an ApiError is a bug in the caller; let it surface unchanged.
      if (err instanceof ApiError && !opts.silent) report(err);
      throw err;
    }
  }

  type Opts = Omit<RequestOptions, 'method' | 'body'>;
  return {
    request,
    get: <T>(path: string, opts?: Opts) => request<T>(path, { ...opts, method: 'GET' }),
    post: <T>(path: string, body?: unknown, opts?: Opts) => request<T>(path, { ...opts, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, opts?: Opts) => request<T>(path, { ...opts, method: 'PUT', body }),
    del: <T>(path: string, opts?: Opts) => request<T>(path, { ...opts, method: 'DELETE' }),
    /** report shows a failure the caller first caught silently but decided not to handle. */
    report,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

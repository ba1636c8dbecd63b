import type { DepAccount, DepActivationLockStatus, DepDevicePage, DepDeviceResult, DepProfile, DepServerToken } from '@lease/shared';
import { oauth1Header } from './oauth1.ts';

/**
 * DepClient speaks Apple's Device Assignment web service (https://mdmenrollment.apple.com) for one ABM server
 * token: the areas that lock or release phones use activationLock and disownDevices; abm itself the rest.
 */
export interface DepClient {
  /** POST /device/activationlock — Apple's response_status: SUCCESS, NOT_ACCESSIBLE, ORG_NOT_SUPPORTED, DEVICE_NOT_SUPPORTED, DEVICE_ALREADY_LOCKED, FAILED. */
  activationLock(req: { device: string; escrow_key?: string; lost_message?: string }): Promise<{ serial_number: string; response_status: string }>;
  /** POST /devices/disown — serial → SUCCESS | NOT_ACCESSIBLE | FAILED. */
  disownDevices(serials: string[]): Promise<Record<string, string>>;
  /** GET /account — the MDM server and organisation the token belongs to. */
  account(): Promise<DepAccount>;
  /** POST /server/devices — every device assigned to the server, a page at a time (no cursor = from the start). */
  fetchDevices(cursor?: string, limit?: number): Promise<DepDevicePage>;
  /** POST /devices/sync — changes since a cursor of fetch or sync; DepError code EXPIRED_CURSOR means fetch again. */
  syncDevices(cursor: string, limit?: number): Promise<DepDevicePage>;
  /** POST /profile — define an enrolment profile (optionally assigning serials at once). */
  defineProfile(profile: DepProfile): Promise<{ profile_uuid: string; devices: Record<string, string> }>;
  /** PUT /profile/devices — assign a defined profile to serials: serial → SUCCESS | NOT_ACCESSIBLE | FAILED. */
  assignProfile(profileUuid: string, serials: string[]): Promise<Record<string, string>>;
}

/** DepError is a failed exchange: Apple's status and error code (EXPIRED_CURSOR, ACCESS_DENIED…), and a Chinese message. */
export class DepError extends Error {
  constructor(
    readonly status: number,
    /** Apple's error code from the body, or NETWORK / TIMEOUT / BAD_RESPONSE for our side. */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DepError';
  }
}

/** Spec §9: ABM server calls get 30 s. */
export const DEP_TIMEOUT_MS = 30_000;
/** The protocol version nanodep and current MDM servers announce. */
export const DEP_PROTOCOL_VERSION = '7';
/** Apple's maximum page size for fetch and sync. */
export const DEP_PAGE_LIMIT = 1000;

/** SessionCache keeps the auth session token between clients of one token (Apple wants it reused, not renewed per call). */
export interface SessionCache {
  get(): string | null;
  set(token: string | null): void;
}

export interface DepClientOptions {
  origin: string;
  token: DepServerToken;
  session?: SessionCache;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const CODE_TEXT: Record<string, string> = {
  UNAUTHORIZED: '服务器令牌无效或已过期，请重新上传',
  FORBIDDEN: '会话已失效',
  ACCESS_DENIED: 'Apple 拒绝访问：该服务器令牌无权执行此操作',
  T_C_NOT_SIGNED: '组织尚未接受 Apple 商务管理的最新条款，请管理员登录 business.apple.com 接受后重试',
  EXPIRED_CURSOR: '设备同步游标已过期',
  INVALID_CURSOR: '设备同步游标无效',
  CURSOR_REQUIRED: '缺少设备同步游标',
  MALFORMED_REQUEST_BODY: '请求内容格式有误',
  DEVICE_ID_REQUIRED: '缺少设备序列号',
  PROFILE_UUID_REQUIRED: '缺少 ABM 配置文件 UUID',
  CONFIG_URL_REQUIRED: '缺少注册地址',
  CONFIG_NAME_REQUIRED: '缺少配置名称',
  NOT_FOUND: 'Apple 找不到该配置文件或设备',
  SERVICE_UNAVAILABLE: 'Apple 服务暂不可用',
};

/** depErrorCode reads Apple's error body: a bare code ("EXPIRED_CURSOR"), a JSON string, or {code|error, message}. */
function depErrorCode(status: number, body: string): string {
  const text = body.trim();
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'string') return parsed;
    if (parsed && typeof parsed === 'object') {
      const o = parsed as Record<string, unknown>;
      const code = o.code ?? o.error;
      if (typeof code === 'string') return code;
    }
  } catch {
    // Not JSON: Apple often answers a bare code.
  }
  if (/^[A-Z_]{3,64}$/.test(text)) return text;
  return status === 401 ? 'UNAUTHORIZED' : status === 403 ? 'FORBIDDEN' : status >= 500 ? 'SERVICE_UNAVAILABLE' : `HTTP_${status}`;
}

const depError = (status: number, code: string) => new DepError(status, code, `Apple 商务管理：${CODE_TEXT[code] ?? `请求失败（${status} ${code}）`}`);

const isTimeout = (err: unknown) => err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');

/**
 * createDepClient is the real client. It opens a session with an OAuth 1.0a signed `GET /session`, sends
 * `X-ADM-Auth-Session` with every call (taking the renewed token Apple returns in the same header), and opens a
 * new session once when Apple answers 401, or 403 FORBIDDEN (the session expired); ACCESS_DENIED and
 * T_C_NOT_SIGNED are real refusals and are not retried.
 */
export function createDepClient(options: DepClientOptions): DepClient {
  const origin = options.origin.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEP_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;
  let local: string | null = null;
  const session: SessionCache = options.session ?? { get: () => local, set: (t) => void (local = t) };

  async function exchange(method: string, path: string, headers: Record<string, string>, body?: unknown) {
    try {
      const res = await doFetch(`${origin}${path}`, {
        method,
        headers: {
          'x-server-protocol-version': DEP_PROTOCOL_VERSION,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json;charset=UTF8' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { res, text: await res.text() };
    } catch (err) {
      if (isTimeout(err)) throw new DepError(0, 'TIMEOUT', `Apple 商务管理：请求超时（${timeoutMs / 1000} 秒）`);
      throw new DepError(0, 'NETWORK', 'Apple 商务管理：无法连接 Apple 服务器');
    }
  }

  async function openSession(): Promise<string> {
    const url = `${origin}/session`;
    const { res, text } = await exchange('GET', '/session', { authorization: oauth1Header('GET', url, options.token) });
    if (!res.ok) throw depError(res.status, res.status === 401 ? 'UNAUTHORIZED' : depErrorCode(res.status, text));
    let token: unknown;
    try {
      token = (JSON.parse(text) as { auth_session_token?: unknown }).auth_session_token;
    } catch {
      token = undefined;
    }
    if (typeof token !== 'string' || !token) throw new DepError(res.status, 'BAD_RESPONSE', 'Apple 商务管理：会话应答无法解析');
    session.set(token);
    return token;
  }

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const token = session.get() ?? (await openSession());
      const { res, text } = await exchange(method, path, { 'x-adm-auth-session': token }, body);
      const renewed = res.headers.get('x-adm-auth-session');
      if (renewed && renewed !== token) session.set(renewed);
      if (res.ok) {
        try {
          return JSON.parse(text) as T;
        } catch {
          throw new DepError(res.status, 'BAD_RESPONSE', 'Apple 商务管理：应答无法解析');
        }
      }
      const code = depErrorCode(res.status, text);
      const sessionGone = res.status === 401 || (res.status === 403 && code === 'FORBIDDEN');
      if (sessionGone && attempt === 0) {
        session.set(null);
        continue;
      }
      throw depError(res.status, code);
    }
  }

  return {
    account: () => call<DepAccount>('GET', '/account'),
    fetchDevices: (cursor, limit = DEP_PAGE_LIMIT) => call<DepDevicePage>('POST', '/server/devices', { limit, ...(cursor ? { cursor } : {}) }),
    syncDevices: (cursor, limit = DEP_PAGE_LIMIT) => call<DepDevicePage>('POST', '/devices/sync', { cursor, limit }),
    defineProfile: (profile) =>
      call<{ profile_uuid: string; devices?: Record<string, string> }>('POST', '/profile', profile).then((r) => ({
        profile_uuid: r.profile_uuid,
        devices: r.devices ?? {},
      })),
    async assignProfile(profileUuid, serials) {
      const r = await call<{ devices?: Record<string, DepDeviceResult> }>('PUT', '/profile/devices', { profile_uuid: profileUuid, devices: serials });
      return r.devices ?? {};
    },
    async disownDevices(serials) {
      const r = await call<{ devices?: Record<string, DepDeviceResult> }>('POST', '/devices/disown', { devices: serials });
      return r.devices ?? {};
    },
    activationLock: (req) => call<{ serial_number: string; response_status: DepActivationLockStatus }>('POST', '/device/activationlock', req),
  };
}

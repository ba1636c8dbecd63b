import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { DepAccount, DepDevice, DepProfile, DepServerToken } from '@lease/shared';
import { parseOAuthHeader, signatureHolds } from './oauth-verify.ts';
import { listenLocal } from '../listen-local.ts';

/** MockDepDeviceInit is a device as ABM lists it once the store bought it and assigned it to an MDM server. */
export interface MockDepDeviceInit {
  serial_number: string;
  model?: string;
  description?: string;
  color?: string;
  os?: string;
  device_family?: string;
}

/** MockDepRecord is the stand-in's state of one device. */
export interface MockDepRecord
  extends Required<
    Pick<
      DepDevice,
      'serial_number' | 'model' | 'description' | 'color' | 'os' | 'device_family' | 'profile_status' | 'device_assigned_date' | 'device_assigned_by'
    >
  > {
  /** The MDM server (server_uuid) the device is assigned to. */
  server: string;
  profile_uuid?: string;
  profile_assign_time?: string;
  profile_push_time?: string;
}

/** MockDepServer is one MDM server of the organisation in ABM, with the token ABM issued for it. */
export interface MockDepServer {
  server_uuid: string;
  server_name: string;
  token: DepServerToken;
}

export interface MockDepFault {
  /** Path the fault applies to (e.g. /devices/sync); any path when left out. */
  path?: string;
  status: number;
  /** Apple's error body, e.g. "SERVICE_UNAVAILABLE" or "T_C_NOT_SIGNED". */
  body?: string;
  /** How many requests get the fault (default: until cleared). */
  times?: number;
}

export interface MockDepOptions {
  orgName?: string;
  serverName?: string;
  devices?: MockDepDeviceInit[];
  /** How long an auth session token lives (Apple: a few minutes). */
  sessionTtlMs?: number;
  /** false: the organisation cannot lock devices through ABM (ORG_NOT_SUPPORTED). */
  activationLockSupported?: boolean;
  port?: number;
  host?: string;
}

export interface MockDepRequest {
  method: string;
  path: string;
  status: number;
  /** The X-Server-Protocol-Version the caller announced. */
  protocolVersion?: string;
  body?: unknown;
}

interface Cursor {
  kind: 'fetch' | 'sync';
  server: string;
  /** fetch: index of the next device. */
  offset: number;
  /** Changes up to this sequence number are covered. */
  seq: number;
  epoch: number;
}

interface Change {
  seq: number;
  server: string;
  serial: string;
  op_type: 'added' | 'modified' | 'deleted';
  op_date: string;
}

const ACTIVATION_LOCK_FAMILIES = new Set(['iPhone', 'iPad']);
const hex32 = () => randomBytes(16).toString('hex').toUpperCase();

/**
 * startMockDep runs a local HTTP server in the place of Apple's Device Assignment service
 * (mdmenrollment.apple.com), answering with Apple's JSON shapes and errors: `GET /session` checks the OAuth 1.0a
 * HMAC-SHA1 signature (bad signature, unknown or expired token, replayed nonce → 401), sessions expire (→ 401
 * UNAUTHORIZED for an unknown one, 403 FORBIDDEN for an expired one), fetch and sync page with cursors (a cursor
 * older than `expireCursors()` → 400 EXPIRED_CURSOR), profiles are defined and assigned, devices disowned, and
 * activation locks recorded with their escrow keys per serial. Several MDM servers may share the organisation;
 * each token sees only its server's devices.
 */
export async function startMockDep(options: MockDepOptions = {}) {
  const sessionTtlMs = options.sessionTtlMs ?? 5 * 60_000;
  const org = {
    org_name: options.orgName ?? '租机宝测试科技有限公司',
    org_id: String(1_000_000 + Math.floor(Math.random() * 8_999_999)),
    admin_id: 'admin@zujibao-test.example',
  };
  const servers: MockDepServer[] = [];
  const devices = new Map<string, MockDepRecord>();
  const changes: Change[] = [];
  const sessions = new Map<string, { server: string; expiresAt: number }>();
  const nonces = new Set<string>();
  const profiles = new Map<string, DepProfile & { profile_uuid: string; server: string }>();
  const activationLocks = new Map<string, { escrow_key?: string; lost_message?: string; at: Date }>();
  const disowned = new Set<string>();
  const requests: MockDepRequest[] = [];
  let seq = 0;
  let cursorEpoch = 0;
  let faults: MockDepFault[] = [];
  let origin = '';

  const now = () => new Date().toISOString();
  const record = (server: string, serial: string, op_type: Change['op_type']) => changes.push({ seq: ++seq, server, serial, op_type, op_date: now() });

  function addServer(name = `租机宝 MDM ${servers.length + 1}`, expiry = new Date(Date.now() + 365 * 86_400_000)): MockDepServer {
    const server: MockDepServer = { server_uuid: randomUUID().toUpperCase(), server_name: name, token: newToken(expiry) };
    servers.push(server);
    return server;
  }

  function newToken(expiry: Date): DepServerToken {
    const part = (prefix: string) => `${prefix}_${randomBytes(20).toString('hex')}`;
    return {
      consumer_key: part('CK'),
      consumer_secret: part('CS'),
      access_token: part('AT'),
      access_secret: part('AS'),
      access_token_expiry: expiry.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    };
  }

  function addDevices(list: MockDepDeviceInit[], server = servers[0].server_uuid): MockDepRecord[] {
    return list.map((d) => {
      const rec: MockDepRecord = {
        serial_number: d.serial_number,
        model: d.model ?? 'iPhone 15',
        description: d.description ?? `${d.model ?? 'IPHONE 15'} BLACK 128GB-CHN`,
        color: d.color ?? 'BLACK',
        os: d.os ?? 'iOS',
        device_family: d.device_family ?? 'iPhone',
        profile_status: 'empty',
        device_assigned_date: now(),
        device_assigned_by: org.admin_id,
        server,
      };
      devices.set(rec.serial_number, rec);
      disowned.delete(rec.serial_number);
      record(server, rec.serial_number, 'added');
      return rec;
    });
  }

  /** Unassigning a device from the server in ABM: the server sees it deleted. */
  function removeDevice(serial: string) {
    const rec = devices.get(serial);
    if (!rec) return;
    devices.delete(serial);
    record(rec.server, serial, 'deleted');
  }

  function updateDevice(serial: string, patch: Partial<MockDepRecord>) {
    const rec = devices.get(serial);
    if (!rec) throw new Error(`no DEP device ${serial}`);
    Object.assign(rec, patch);
    record(rec.server, serial, 'modified');
  }

  const toWire = (rec: MockDepRecord): DepDevice => {
    const { server: _server, ...wire } = rec;
    return wire;
  };

  const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
  function decodeCursor(text: unknown, server: string): Cursor | 'invalid' | 'expired' {
    if (typeof text !== 'string' || !text) return 'invalid';
    try {
      const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
      if (c.server !== server || typeof c.seq !== 'number') return 'invalid';
      return c.epoch < cursorEpoch ? 'expired' : c;
    } catch {
      return 'invalid';
    }
  }

  const pageLimit = (limit: unknown) => Math.min(Math.max(typeof limit === 'number' && Number.isInteger(limit) ? limit : 100, 1), 1000);

  type Answer = { status: number; body: unknown; headers?: Record<string, string> };
  const error = (status: number, code: string): Answer => ({ status, body: code });

  function openSession(req: http.IncomingMessage, url: URL): Answer {
    const fields = parseOAuthHeader(req.headers.authorization);
    if (!fields) return error(400, 'MISSING_AUTHORIZATION');
    if (fields.get('oauth_signature_method') !== 'HMAC-SHA1') return error(400, 'UNSUPPORTED_SIGNATURE_METHOD');
    for (const k of ['oauth_consumer_key', 'oauth_token', 'oauth_nonce', 'oauth_timestamp', 'oauth_signature'])
      if (!fields.has(k)) return error(400, 'MISSING_PARAMETER');
    const server = servers.find((s) => s.token.consumer_key === fields.get('oauth_consumer_key') && s.token.access_token === fields.get('oauth_token'));
    if (!server) return error(401, 'UNAUTHORIZED');
    if (Date.parse(server.token.access_token_expiry) < Date.now()) return error(401, 'UNAUTHORIZED');
    if (!signatureHolds('GET', url, fields, { consumerSecret: server.token.consumer_secret, accessSecret: server.token.access_secret }))
      return error(401, 'UNAUTHORIZED');
    if (Math.abs(Number(fields.get('oauth_timestamp')) * 1000 - Date.now()) > 5 * 60_000) return error(401, 'UNAUTHORIZED');
    const nonce = `${server.token.consumer_key}:${fields.get('oauth_nonce')}`;
    if (nonces.has(nonce)) return error(401, 'UNAUTHORIZED');
    nonces.add(nonce);
    const token = `${randomUUID()}-${randomBytes(8).toString('hex')}`;
    sessions.set(token, { server: server.server_uuid, expiresAt: Date.now() + sessionTtlMs });
    return { status: 200, body: { auth_session_token: token } };
  }

  function handle(method: string, path: string, serverUuid: string, body: Record<string, unknown>, url: URL): Answer {
    const server = servers.find((s) => s.server_uuid === serverUuid)!;
    const mine = (serial: unknown) => typeof serial === 'string' && devices.get(serial)?.server === serverUuid;
    const serialsOf = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : null);

    if (method === 'GET' && path === '/account') {
      const account: DepAccount = {
        server_name: server.server_name,
        server_uuid: server.server_uuid,
        facilitator_id: org.admin_id,
        ...org,
        org_email: 'it@zujibao-test.example',
        org_phone: '400-000-0000',
        org_address: '上海市浦东新区',
        org_type: 'org',
        org_version: 'v2',
      };
      return { status: 200, body: account };
    }
    if (method === 'POST' && path === '/server/devices') {
      const limit = pageLimit(body.limit);
      let cursor: Cursor;
      if (body.cursor === undefined || body.cursor === '') cursor = { kind: 'fetch', server: serverUuid, offset: 0, seq, epoch: cursorEpoch };
      else {
        const c = decodeCursor(body.cursor, serverUuid);
        if (c === 'invalid') return error(400, 'INVALID_CURSOR');
        if (c === 'expired') return error(400, 'EXPIRED_CURSOR');
        cursor = c;
      }
      const all = [...devices.values()].filter((d) => d.server === serverUuid).sort((a, b) => a.serial_number.localeCompare(b.serial_number));
      const page = all.slice(cursor.offset, cursor.offset + limit);
      const next: Cursor = { ...cursor, kind: 'fetch', offset: cursor.offset + page.length };
      return { status: 200, body: { devices: page.map(toWire), cursor: encodeCursor(next), more_to_follow: next.offset < all.length, fetched_until: now() } };
    }
    if (method === 'POST' && path === '/devices/sync') {
      if (body.cursor === undefined || body.cursor === '') return error(400, 'CURSOR_REQUIRED');
      const c = decodeCursor(body.cursor, serverUuid);
      if (c === 'invalid') return error(400, 'INVALID_CURSOR');
      if (c === 'expired') return error(400, 'EXPIRED_CURSOR');
      const limit = pageLimit(body.limit);
      const pending = changes.filter((ch) => ch.server === serverUuid && ch.seq > c.seq);
      const page = pending.slice(0, limit);
      const last = page.length ? page[page.length - 1].seq : c.seq;
      const out = page.map((ch): DepDevice => {
        const rec = devices.get(ch.serial);
        const base = ch.op_type !== 'deleted' && rec && rec.server === serverUuid ? toWire(rec) : { serial_number: ch.serial };
        return { ...base, op_type: ch.op_type, op_date: ch.op_date };
      });
      return {
        status: 200,
        body: {
          devices: out,
          cursor: encodeCursor({ kind: 'sync', server: serverUuid, offset: 0, seq: last, epoch: cursorEpoch }),
          more_to_follow: pending.length > page.length,
          fetched_until: now(),
        },
      };
    }
    if (method === 'POST' && path === '/devices') {
      const serials = serialsOf(body.devices);
      if (!serials?.length) return error(400, 'DEVICE_ID_REQUIRED');
      return {
        status: 200,
        body: {
          devices: Object.fromEntries(
            serials.map((s) => [s, mine(s) ? { ...toWire(devices.get(s)!), response_status: 'SUCCESS' } : { response_status: 'NOT_ACCESSIBLE' }]),
          ),
        },
      };
    }
    if (method === 'POST' && path === '/profile') {
      if (typeof body.profile_name !== 'string' || !body.profile_name) return error(400, 'CONFIG_NAME_REQUIRED');
      if (typeof body.url !== 'string' || !/^https?:\/\//.test(body.url)) return error(400, 'CONFIG_URL_REQUIRED');
      if (body.is_mdm_removable === false && body.is_supervised === false) return error(400, 'FLAG_NOT_ALLOWED');
      const profile_uuid = hex32();
      const { devices: assign, ...profile } = body as unknown as DepProfile;
      profiles.set(profile_uuid, { ...profile, profile_uuid, server: serverUuid });
      const results = assign?.length ? assignProfile(profile_uuid, assign) : {};
      return { status: 200, body: { profile_uuid, devices: results } };
    }
    if (method === 'GET' && path === '/profile') {
      const p = profiles.get(url.searchParams.get('profile_uuid') ?? '');
      if (!p || p.server !== serverUuid) return error(400, 'PROFILE_NOT_FOUND');
      const { server: _s, ...wire } = p;
      return { status: 200, body: wire };
    }
    if ((method === 'PUT' || method === 'DELETE') && path === '/profile/devices') {
      const serials = serialsOf(body.devices);
      if (!serials?.length) return error(400, 'DEVICE_ID_REQUIRED');
      if (method === 'DELETE') return { status: 200, body: { devices: Object.fromEntries(serials.map((s) => [s, unassignProfile(s)])) } };
      if (typeof body.profile_uuid !== 'string' || !body.profile_uuid) return error(400, 'PROFILE_UUID_REQUIRED');
      const p = profiles.get(body.profile_uuid);
      if (!p || p.server !== serverUuid) return error(400, 'PROFILE_NOT_FOUND');
      return { status: 200, body: { profile_uuid: body.profile_uuid, devices: assignProfile(body.profile_uuid, serials) } };
    }
    if (method === 'POST' && path === '/devices/disown') {
      const serials = serialsOf(body.devices);
      if (!serials?.length) return error(400, 'DEVICE_ID_REQUIRED');
      const results: Record<string, string> = {};
      for (const s of serials) {
        if (!mine(s)) {
          results[s] = 'NOT_ACCESSIBLE';
          continue;
        }
        devices.delete(s);
        disowned.add(s);
        record(serverUuid, s, 'deleted');
        results[s] = 'SUCCESS';
      }
      return { status: 200, body: { devices: results } };
    }
    if (method === 'POST' && path === '/device/activationlock') {
      if (typeof body.device !== 'string' || !body.device) return error(400, 'DEVICE_ID_REQUIRED');
      const serial = body.device;
      const answer = (response_status: string): Answer => ({ status: 200, body: { serial_number: serial, response_status } });
      if (!mine(serial)) return answer('NOT_ACCESSIBLE');
      if (options.activationLockSupported === false) return answer('ORG_NOT_SUPPORTED');
      if (!ACTIVATION_LOCK_FAMILIES.has(devices.get(serial)!.device_family)) return answer('DEVICE_NOT_SUPPORTED');
      if (activationLocks.has(serial)) return answer('DEVICE_ALREADY_LOCKED');
      activationLocks.set(serial, {
        escrow_key: typeof body.escrow_key === 'string' ? body.escrow_key : undefined,
        lost_message: typeof body.lost_message === 'string' ? body.lost_message : undefined,
        at: new Date(),
      });
      return answer('SUCCESS');
    }
    return error(404, 'NOT_FOUND');

    function assignProfile(profileUuid: string, serials: string[]): Record<string, string> {
      const results: Record<string, string> = {};
      for (const s of serials) {
        if (!mine(s)) {
          results[s] = 'NOT_ACCESSIBLE';
          continue;
        }
        Object.assign(devices.get(s)!, { profile_uuid: profileUuid, profile_status: 'assigned', profile_assign_time: now() });
        record(serverUuid, s, 'modified');
        results[s] = 'SUCCESS';
      }
      return results;
    }
    function unassignProfile(serial: string): string {
      if (!mine(serial)) return 'NOT_ACCESSIBLE';
      const rec = devices.get(serial)!;
      Object.assign(rec, { profile_status: 'removed', profile_uuid: undefined });
      record(serverUuid, serial, 'modified');
      return 'SUCCESS';
    }
  }

  const server = http.createServer((req, res) => {
    // The host the caller signed (it may name us 127.0.0.1 or localhost).
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? new URL(origin).host}`);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const send = (a: Answer, body?: unknown) => {
        requests.push({
          method: req.method ?? 'GET',
          path: url.pathname,
          status: a.status,
          protocolVersion: req.headers['x-server-protocol-version'] as string | undefined,
          body,
        });
        const text = typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
        res.writeHead(a.status, { 'content-type': typeof a.body === 'string' ? 'text/plain;charset=UTF-8' : 'application/json;charset=UTF-8', ...a.headers });
        res.end(text);
      };
      const fault = faults.find((f) => !f.path || f.path === url.pathname);
      if (fault) {
        if (fault.times !== undefined && --fault.times <= 0) faults = faults.filter((f) => f !== fault);
        return send({ status: fault.status, body: fault.body ?? 'SERVICE_UNAVAILABLE' });
      }
      if (url.pathname === '/session' && req.method === 'GET') return send(openSession(req, url));
      const token = req.headers['x-adm-auth-session'];
      const session = typeof token === 'string' ? sessions.get(token) : undefined;
      if (!session) return send(error(401, 'UNAUTHORIZED'));
      if (session.expiresAt < Date.now()) {
        sessions.delete(token as string);
        return send(error(403, 'FORBIDDEN'));
      }
      let body: Record<string, unknown> = {};
      if (raw) {
        try {
          const parsed: unknown = JSON.parse(raw);
          if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return send(error(400, 'MALFORMED_REQUEST_BODY'), raw);
          body = parsed as Record<string, unknown>;
        } catch {
          return send(error(400, 'MALFORMED_REQUEST_BODY'), raw);
        }
      }
      session.expiresAt = Date.now() + sessionTtlMs;
      const answer = handle(req.method ?? 'GET', url.pathname, session.server, body, url);
      send({ ...answer, headers: { 'x-adm-auth-session': token as string } }, body);
    });
  });

  const listening = await listenLocal(server, options);
  origin = listening.origin;
  addServer(options.serverName ?? '租机宝 MDM');
  if (options.devices?.length) addDevices(options.devices);

  return {
    origin,
    org,
    /** The organisation's MDM servers; servers[0] is made at start. */
    servers,
    /** The server tokens the stand-in accepts, one per MDM server (tokens[0] = servers[0].token). */
    get tokens(): DepServerToken[] {
      return servers.map((s) => s.token);
    },
    addServer,
    /** A token for servers[i] that has already expired (ABM tokens last a year). */
    expireToken(i = 0) {
      servers[i].token.access_token_expiry = new Date(Date.now() - 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    },
    /** Every device assigned in the organisation, by serial. */
    devices,
    addDevices,
    updateDevice,
    removeDevice,
    /** The profile was downloaded by the device during Setup Assistant: ABM shows it pushed. */
    markPushed(serial: string) {
      updateDevice(serial, { profile_status: 'pushed', profile_push_time: now() });
    },
    profiles,
    /** Activation locks set through the service, with their escrow keys, by serial. */
    activationLocks,
    /** Serials released from the organisation. */
    disowned,
    requests,
    /** Ends every open auth session: the next call gets 403 FORBIDDEN and must open a new one. */
    expireSessions() {
      for (const s of sessions.values()) s.expiresAt = 0;
    },
    /** Makes every cursor handed out so far too old (Apple keeps them 7 days): EXPIRED_CURSOR. */
    expireCursors() {
      cursorEpoch++;
    },
    setFault(fault: MockDepFault | null) {
      faults = fault ? [...faults, { ...fault }] : [];
    },
    close: listening.close,
  };
}
export type MockDep = Awaited<ReturnType<typeof startMockDep>>;

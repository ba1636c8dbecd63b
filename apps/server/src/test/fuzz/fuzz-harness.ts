import { type KeyObject, generateKeyPairSync, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { startMockItunes } from '@lease/device-sim';
import { JPEG_DATA_URI_PREFIX } from '@lease/shared';
import type { DeviceIdentity } from '../../../../../packages/device-sim/src/ios/identity.ts';
import { androidAgent } from '../../mdm/android/android-agent.table.ts';
import { type ApiCredentials, enableOpenApi } from '../../modules/open-api/open-api.test-kit.ts';
import { type TestApp, TEST_PASSWORD, buildTestApp } from '../build-test-app.ts';
import { startMdmHarness } from '../mdm-harness.ts';
import { type JsonSchema, type KnownIds, junkString, junkValue, validFor, valueFor } from './fuzz-values.ts';

/**
 * The request fuzzer: every operation of the app's own OpenAPI document gets requests built from its schema with
 * junk inside (fuzz-values.ts), as a signed-in admin, anonymously or with a forged token. A request fails the
 * suite when it gets a 5xx, an error outside the envelope {statusCode, code, message} with a Chinese message,
 * or on /mdm/* a 401 (an iPhone drops its MDM profile on a 401).
 */

/** FUZZ_SEED reproduces a run; every file prints the seed it used. FUZZ_SCALE multiplies the request count. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261125);
export const FUZZ_SCALE = Number(process.env.FUZZ_SCALE ?? 1);

export interface FuzzParam {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

export interface FuzzOp {
  method: string;
  /** OpenAPI path, with {name} placeholders. */
  path: string;
  params: FuzzParam[];
  body?: JsonSchema;
}

/** admin: the seeded admin's session; device: signed by the device protocol's own credentials (device-fuzz.ts). */
export type Caller = 'admin' | 'anonymous' | 'forged' | 'device';

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  caller: Caller;
  /** Which generator made the body, for the failure report. */
  bodyKind?: string;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }
    >
  >;
}

/** operationsOf lists every method of every path of the document, HEAD included for each GET. */
export function operationsOf(doc: OpenApiDoc): FuzzOp[] {
  const ops: FuzzOp[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? [])
        .filter((p) => p.in === 'path' || p.in === 'query' || p.in === 'header')
        .map((p) => ({ name: p.name, in: p.in as FuzzParam['in'], required: Boolean(p.required), schema: p.schema }));
      const body = op.requestBody ? Object.values(op.requestBody.content)[0]?.schema : undefined;
      ops.push({ method: method.toUpperCase(), path, params, body });
    }
  }
  return ops;
}

export interface FuzzWorld {
  t: TestApp;
  ops: FuzzOp[];
  known: KnownIds;
  adminHeaders: () => Record<string, string>;
  forgedTokens: string[];
  /** relogin gets a new admin session after a fuzzed logout ended the old one. */
  relogin: () => Promise<void>;
  /** The store's open-API key, to sign /open/v1 requests. */
  openApi: ApiCredentials;
  /** The Android phone's agent: its device id and the private key it signs /agent/v1 requests with. */
  agent: { deviceId: string; key: KeyObject };
  /** An iPhone enrolled over the real protocol (withPhone only): its UDID and SCEP identity. */
  phone?: { udid: string; deviceId: string; identity: DeviceIdentity };
  close: () => Promise<void>;
}

/** A small real JPEG for the seeded wallpaper. */
async function tinyJpeg() {
  const pixels = Buffer.alloc(16 * 16 * 3, 120);
  return sharp(pixels, { raw: { width: 16, height: 16, channels: 3 } })
    .jpeg()
    .toBuffer();
}

/**
 * startFuzzWorld builds the app on a fresh database and seeds one store: an admin, a clerk, an enrolled and a
 * registered iPhone, an Android phone with an agent key, an app store entry, a wallpaper, an operation log and an
 * open-API key, so ids that exist are fuzzed as well as ones that do not; another store's device checks that
 * scoping does not 500. withPhone also enrols a simulated iPhone over SCEP, for signed /mdm requests.
 */
export async function startFuzzWorld(options: { withPhone?: boolean } = {}): Promise<FuzzWorld> {
  const itunes = await startMockItunes();
  const env = { LOGIN_IP_LIMIT_PER_MINUTE: '100000', LOGIN_ACCOUNT_FAILURES_PER_HOUR: '100000', ITUNES_ORIGIN: itunes.origin };
  const harness = options.withPhone ? await startMdmHarness(env) : null;
  const t = harness ? harness.t : await buildTestApp(env);
  const admin = await t.signedIn({ isAdmin: true });
  let headers = admin.headers;
  const storeId = admin.clerk.storeId;
  const clerk = await t.newClerk({ storeId });
  const ios = await t.newIosDevice({ storeId, enrolled: true });
  const iosRegistered = await t.newIosDevice({ storeId });
  const android = await t.newAndroidDevice({ storeId, agent: true });
  const agentKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const spki = (agentKey.publicKey.export({ format: 'der', type: 'spki' }) as Buffer).toString('base64');
  await t.db.update(androidAgent).set({ publicKey: spki }).where(eq(androidAgent.deviceId, android.id));
  const otherStore = await t.newStore();
  const foreign = await t.newIosDevice({ storeId: otherStore.id, enrolled: true });
  const ids = [storeId, clerk.id, ios.id, iosRegistered.id, android.id, foreign.id, otherStore.id];

  const app = await t.app.inject({
    method: 'POST',
    url: '/api/appstore/new',
    headers,
    payload: { platform: 'apple', app_name: '微信', bundle_id: 'com.tencent.xin' },
  });
  if (app.statusCode === 200) ids.push(app.json().id);
  const wallpaper = await t.app.inject({
    method: 'POST',
    url: '/api/wallpaper/upload',
    headers,
    payload: { content: JPEG_DATA_URI_PREFIX + (await tinyJpeg()).toString('base64'), name: '壁纸' },
  });
  if (wallpaper.statusCode === 200) ids.push(wallpaper.json().id);
  const lock = await t.app.inject({ method: 'POST', url: '/api/device/ios/command/lock', headers, payload: { device_id: ios.id, message: '请联系门店' } });
  if (lock.statusCode === 200 && lock.json().operation_log_id) ids.push(lock.json().operation_log_id);
  const openApi = await enableOpenApi(t, headers);

  let phone: FuzzWorld['phone'];
  if (harness) {
    const enrolled = await harness.newPhone(headers);
    ids.push(enrolled.deviceId);
    // The simulator keeps its SCEP identity private, as a phone does; the fuzzer signs junk with it all the same.
    const identity = (enrolled.phone as unknown as { device: { enrollment: { identity?: DeviceIdentity } } }).device.enrollment.identity;
    if (!identity) throw new Error('the simulated iPhone has no identity after enrolment');
    phone = { udid: enrolled.phone.udid, deviceId: enrolled.deviceId, identity };
    // Commands waiting for it, whose CommandUUIDs the signed junk answers.
    for (const command of ['lock', 'get-location', 'get-installed-app-list']) {
      await t.app.inject({
        method: 'POST',
        url: `/api/device/ios/command/${command}`,
        headers,
        payload: { device_id: enrolled.deviceId, message: '请联系门店' },
      });
    }
  }

  const sign = (claims: Record<string, unknown>, exp = '10m') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('lease-mdm')
      .setAudience('console')
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(t.secrets.jwt);
  const forgedTokens = [
    await sign({ sub: admin.clerk.id, sto: storeId, sid: "' OR 1=1 --", typ: 'access' }),
    await sign({ sub: 'not-a-uuid', sto: storeId, sid: randomUUID(), typ: 'access' }),
    await sign({ sub: admin.clerk.id, sto: '-'.repeat(36), sid: randomUUID(), typ: 'access' }),
    await sign({ sub: admin.clerk.id, sto: storeId, sid: randomUUID(), typ: 'access' }),
    await sign({ sub: admin.clerk.id, sto: storeId, sid: randomUUID(), typ: 'refresh' }),
    'not.a.jwt',
    'x'.repeat(5000),
  ];

  return {
    t,
    ops: operationsOf((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()),
    known: { ids },
    adminHeaders: () => headers,
    forgedTokens,
    openApi,
    agent: { deviceId: android.id, key: agentKey.privateKey },
    phone,
    async relogin() {
      const tokens = await t.login(admin.clerk.phoneNumber, TEST_PASSWORD);
      headers = { authorization: `Bearer ${tokens.access_token}` };
    },
    async close() {
      await (harness ? harness.close() : t.close());
      await itunes.close();
    },
  };
}

/** Lone surrogates cannot be percent-encoded as UTF-8: send their CESU-8 bytes, which are invalid UTF-8. */
export function encodePart(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value].map((ch) => (/[\ud800-\udfff]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
  }
}

/** A header cannot carry every character: keep the visible ASCII of a junk value (Node refuses the rest itself). */
export const headerSafe = (value: string) => value.replace(/[^\x20-\x7e]/g, '?').slice(0, 4000);

const scalarOf = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

const rawQuery = fc.constantFrom(
  '%',
  '%zz',
  '%E0%A4%A',
  'a=%00',
  'a=%ED%A0%80',
  '&&&=&',
  '=x',
  'page_num[]=1&page_num[]=2',
  'page_size=1e999',
  `q=${'x'.repeat(9000)}`,
);

/** paramValue makes a path, query or header value: usually one the schema accepts, sometimes junk. */
function paramValue(p: FuzzParam, known: KnownIds, junkFreq = 4): fc.Arbitrary<string> {
  return fc.oneof({ weight: junkFreq, arbitrary: validFor(p.schema, p.name, known).map(scalarOf) }, { weight: 1, arbitrary: junkString });
}

function urlFor(op: FuzzOp, known: KnownIds): fc.Arbitrary<string> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const path = fc
    .tuple(
      ...pathParams.map((p) =>
        fc.oneof({ weight: 12, arbitrary: paramValue(p, known) }, { weight: 1, arbitrary: fc.constantFrom('%', '%00', '..', '%2e%2e%2f') }),
      ),
    )
    .map((values) => {
      let url = op.path;
      pathParams.forEach((p, i) => {
        const v = values[i];
        url = url.replace(`{${p.name}}`, /^%|^\.\.$/.test(v) ? v : encodePart(v) || '%20');
      });
      return url;
    });
  // Valid values for every parameter given, but one: junk, repeated, or an unknown name.
  const query = fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .tuple(
          fc.tuple(...queryParams.map((p) => fc.option(validFor(p.schema, p.name, known).map(scalarOf), { freq: 2 }))),
          fc.integer({ min: -1, max: queryParams.length - 1 }),
          fc.array(junkString, { minLength: 1, maxLength: 2 }),
          fc.option(fc.tuple(junkString, junkString), { freq: 5 }),
        )
        .map(([values, bad, junk, extra]) => {
          const parts: string[] = [];
          queryParams.forEach((p, i) => {
            const given = i === bad ? junk : values[i] === null ? [] : [values[i]!];
            for (const v of given) parts.push(`${p.name}=${encodePart(v)}`);
          });
          if (extra) parts.push(`${encodePart(extra[0])}=${encodePart(extra[1])}`);
          return parts.join('&');
        }),
    },
    { weight: 1, arbitrary: rawQuery },
  );
  return fc.tuple(path, query).map(([p, q]) => (q ? `${p}?${q}` : p));
}

const HUGE_BODY = JSON.stringify({ x: 'y'.repeat(1100 * 1024) });

interface Body {
  payload?: string | Buffer;
  contentType?: string;
  kind: string;
}

/** bodyFor: mostly JSON from the schema; also broken JSON, the wrong content type, no body, a body over the limit. */
function bodyFor(op: FuzzOp, known: KnownIds): fc.Arbitrary<Body> {
  const json = (kind: string, value: fc.Arbitrary<unknown>) =>
    value.map((v): Body => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json', kind }));
  const sendsBody = op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH' || op.method === 'DELETE';
  if (!sendsBody) return fc.constant({ kind: 'none' });
  return fc.oneof(
    { weight: op.body ? 80 : 12, arbitrary: json('schema', valueFor(op.body, 'body', known)) },
    { weight: 6, arbitrary: json('junk', junkValue) },
    {
      weight: 6,
      arbitrary: fc
        .constantFrom('{', '{"a":', '[1,2', 'nul', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '\u0000', '"\\u0000"', '{"a":"\\ud800"}')
        .map((payload): Body => ({ payload, contentType: 'application/json', kind: 'broken-json' })),
    },
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
            'application/json; charset=latin1',
            'application/octet-stream',
            '*/*',
            ';;;',
          ),
          junkString,
        )
        .map(([contentType, payload]): Body => ({ payload, contentType, kind: 'content-type' })),
    },
    { weight: 6, arbitrary: fc.constantFrom<Body>({ kind: 'empty', contentType: 'application/json', payload: '' }, { kind: 'none' }) },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'huge', contentType: 'application/json', payload: HUGE_BODY }) },
  );
}

/** requestFor builds one operation's request arbitrary for a caller chosen per request. */
export function requestFor(
  op: FuzzOp,
  world: Pick<FuzzWorld, 'known' | 'forgedTokens'>,
  callers: Caller[] = ['admin', 'admin', 'admin', 'anonymous', 'forged'],
): fc.Arbitrary<Omit<FuzzRequest, 'headers'> & { headers: Record<string, string> }> {
  const headerParams = op.params.filter((p) => p.in === 'header' && p.name !== 'authorization');
  return fc
    .tuple(
      urlFor(op, world.known),
      bodyFor(op, world.known),
      fc.constantFrom(...callers),
      fc.constantFrom(...world.forgedTokens),
      fc.tuple(...headerParams.map((p) => fc.option(paramValue(p, world.known, 2), { freq: 3 }))),
    )
    .map(([url, body, caller, forged, headerValues]) => {
      const headers: Record<string, string> = {};
      if (body.contentType) headers['content-type'] = body.contentType;
      if (caller === 'forged') headers.authorization = `Bearer ${forged}`;
      headerParams.forEach((p, i) => {
        const v = headerValues[i];
        if (v !== null) headers[p.name] = headerSafe(v);
      });
      return { method: op.method, url, headers, payload: body.payload, caller, bodyKind: body.kind };
    });
}

const CJK = /[\u4e00-\u9fff]/;

/** problemOf says what is wrong with an answer, or null. */
export function problemOf(req: FuzzRequest, res: { statusCode: number; body: string; headers: Record<string, unknown> }): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  const mdm = req.url.startsWith('/mdm/');
  if (mdm && res.statusCode === 401) return 'answered 401 on /mdm (an iPhone would drop its MDM profile)';
  if (res.statusCode < 400 || req.method === 'HEAD') return null;
  const type = String(res.headers['content-type'] ?? '');
  if (mdm && type.startsWith('text/plain')) return null; // SCEP answers its clients in plain text
  // The SMS short link (/e/{code}) is opened in the hirer's browser: a dead one answers a Chinese HTML page, not JSON.
  if (/^\/e(\/|$)/.test(req.url) && type.startsWith('text/html')) return CJK.test(res.body) ? null : `error ${res.statusCode} page is not in Chinese`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `error ${res.statusCode} is not JSON`;
  }
  // The device protocols answer {code, message} (Apple's own error format on /mdm); the rest the full envelope.
  if (typeof body?.code !== 'string' || typeof body.message !== 'string' || !body.message) return `error ${res.statusCode} outside the envelope`;
  if (mdm) return null;
  if (body.statusCode !== res.statusCode) return `envelope statusCode ${String(body.statusCode)} ≠ ${res.statusCode}`;
  if (!CJK.test(body.message)) return `error message not in Chinese: ${body.message.slice(0, 80)}`;
  return null;
}

export interface FuzzReport {
  requests: number;
  failures: { problem: string; req: FuzzRequest; status: number; body: string }[];
  byStatus: Record<string, number>;
}

/** describeRequest prints a failing request so it can be replayed by hand. */
export function describeRequest(f: FuzzReport['failures'][number]) {
  return `${f.problem}: ${f.req.method} ${f.req.url.slice(0, 300)} as ${f.req.caller} [${f.req.bodyKind ?? '-'}] ${JSON.stringify({ ...f.req.headers, authorization: f.req.headers.authorization?.slice(0, 20) }).slice(0, 300)} body=${JSON.stringify((f.req.payload ?? '').toString().slice(0, 300))} → ${f.status} ${f.body.slice(0, 200)}`;
}

export interface SendOptions {
  prepare?: (req: FuzzRequest) => FuzzRequest;
  concurrency?: number;
}

/**
 * send injects requests a few at a time (PostgreSQL takes them in parallel) and records every problem. Admin
 * requests carry the admin's session, renewed when a fuzzed logout ended it.
 */
export async function send(world: FuzzWorld, requests: FuzzRequest[], report: FuzzReport, options: SendOptions = {}) {
  const concurrency = options.concurrency ?? 4;
  let sessionLost = false;
  for (let i = 0; i < requests.length; i += concurrency) {
    if (sessionLost) {
      await world.relogin();
      sessionLost = false;
    }
    await Promise.all(
      requests.slice(i, i + concurrency).map(async (generated) => {
        let req: FuzzRequest = generated.caller === 'admin' ? { ...generated, headers: { ...generated.headers, ...world.adminHeaders() } } : generated;
        if (options.prepare) req = options.prepare(req);
        const res = await world.t.app.inject({
          method: req.method as 'GET',
          url: req.url,
          headers: req.headers,
          payload: req.payload,
          remoteAddress: '198.51.100.9',
        });
        report.requests++;
        const key = `${req.caller}:${res.statusCode}`;
        report.byStatus[key] = (report.byStatus[key] ?? 0) + 1;
        if (req.caller === 'admin' && res.statusCode === 401 && req.url.startsWith('/api/')) sessionLost = true;
        const problem = problemOf(req, res);
        if (problem) report.failures.push({ problem, req, status: res.statusCode, body: res.body });
      }),
    );
  }
}

export const newReport = (): FuzzReport => ({ requests: 0, failures: [], byStatus: {} });

/** runFuzz sends `perOp` requests to each operation, generated by fast-check seeded with FUZZ_SEED and the operation. */
export async function runFuzz(
  world: FuzzWorld,
  ops: FuzzOp[],
  perOp: number,
  options: SendOptions & { callers?: Caller[]; report?: FuzzReport } = {},
): Promise<FuzzReport> {
  const report = options.report ?? newReport();
  for (const op of ops) {
    const seed = FUZZ_SEED ^ hash(`${op.method} ${op.path}`);
    const requests = fc.sample(requestFor(op, world, options.callers), { numRuns: Math.ceil(perOp * FUZZ_SCALE), seed });
    await send(world, requests, report, options);
  }
  return report;
}

export function hash(s: string) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** summary prints the count, seed and answers, and the distinct failures (method, path, problem) first. */
export function summary(name: string, report: FuzzReport) {
  // FUZZ_DUMP=file writes the failing requests whole, to replay one by hand.
  if (process.env.FUZZ_DUMP && report.failures.length) {
    const dump = report.failures.map((f) => ({ ...f, req: { ...f.req, payload: f.req.payload?.toString() } }));
    writeFileSync(`${process.env.FUZZ_DUMP}.${name.replace(/\W+/g, '-')}.json`, JSON.stringify(dump, null, 1));
  }
  const distinct = new Map<string, FuzzReport['failures'][number]>();
  for (const f of report.failures) {
    const key = `${f.req.method} ${f.req.url.split('?')[0].replace(/[0-9a-f-]{36}/g, ':id')} ${f.problem.slice(0, 40)}`;
    if (!distinct.has(key)) distinct.set(key, f);
  }
  const lines = [
    `[fuzz ${name}] ${report.requests} requests, seed ${FUZZ_SEED} (FUZZ_SEED=${FUZZ_SEED} to replay), answers ${JSON.stringify(report.byStatus)}, ${report.failures.length} failures`,
  ];
  for (const f of [...distinct.values()].slice(0, 40)) lines.push(`  ${describeRequest(f)}`);
  return lines.join('\n');
}

export { valueFor, junkString, junkValue };

/** Device-protocol paths: fuzzed with their own credentials in device-protocols.test.ts. */
export const isDeviceProtocol = (op: FuzzOp) => /^\/(open\/v1|agent\/v1|mdm)\//.test(op.path);

/**
 * consoleFuzzPart is one of `parts` files that split the console and public operations between vitest
 * workers; each asserts its share got at least `perOp` requests per operation and no problem.
 */
export function consoleFuzzPart(part: number, parts: number, perOp: number) {
  let world: FuzzWorld;
  beforeAll(async () => {
    world = await startFuzzWorld();
  });
  afterAll(() => world?.close());

  it(`answers junk to every console operation (part ${part + 1}/${parts}) with 4xx in the error envelope, never a 5xx`, async () => {
    const ops = world.ops.filter((op) => !isDeviceProtocol(op)).filter((_, i) => i % parts === part);
    const report = await runFuzz(world, ops, perOp);
    console.log(summary(`console ${part + 1}/${parts}, ${ops.length} operations`, report));
    expect(report.failures.map(describeRequest)).toEqual([]);
    expect(report.requests).toBeGreaterThanOrEqual(ops.length * perOp);
  }, 300_000);
}

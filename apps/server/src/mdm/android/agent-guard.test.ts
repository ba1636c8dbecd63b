import { generateKeyPairSync, randomUUID } from 'node:crypto';
import http from 'node:http';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UNPROCESSED_HEADER } from '@lease/shared';
import { authorizationHeader } from '@lease/shared/agent-protocol';
import { AGENT_FAILURE_LIMITS, createAgentFailures } from './agent-failures.ts';
import type { AgentAuthenticator } from './agent-auth.ts';
import { createAgentHub, type HubOptions } from './agent-hub.ts';
import type { AndroidEngineInternal } from './android-engine.ts';
import type { AndroidQueueRepo } from './android-queue.repo.ts';
import type { ResultSink } from './result-sink.ts';
import { laneOf, startedWork } from '../../db/work-order.ts';
import { type AndroidHarness, startAndroidHarness } from './test/android-harness.ts';

let h: AndroidHarness;
beforeAll(async () => {
  h = await startAndroidHarness();
});
afterAll(async () => h?.close());

type Agent = Awaited<ReturnType<AndroidHarness['enrolledAgent']>>;
type Signer = { signer: { authorization: (id: string, method: string, path: string, body: string | undefined, now: number) => string } };
const sign = (agent: Agent, method: string, path: string, body?: string) =>
  (agent as unknown as Signer).signer.authorization(agent.deviceId!, method, path, body, Date.now());
/** A well-formed header that no key signed. */
const unsigned = (deviceId: string) => authorizationHeader(deviceId, Date.now(), 'A'.repeat(88));
const envelope = (res: { json: () => Record<string, unknown> }, status: number, code: string) => {
  expect(res.json()).toMatchObject({ statusCode: status, code });
  expect(String(res.json().message)).toMatch(/[\u4e00-\u9fa5]/);
};

describe('agent credential shape', () => {
  it.each([
    ['dashes for a device id', '-'.repeat(36)],
    ['a uuid-length run of hex and dashes in the wrong places', 'abcdef01-2345-6789-abcd-ef01234567-8'],
    ['all zeros without dashes', '0'.repeat(36)],
  ])('answers 401 in the error envelope, never 500, for %s', async (_name, deviceId) => {
    const res = await h.app.inject({ method: 'GET', url: '/agent/v1/policy', headers: { authorization: unsigned(deviceId) }, remoteAddress: '10.40.0.1' });
    expect(res.statusCode).toBe(401);
    envelope(res, 401, 'UNAUTHORIZED');
  });
});

describe('signature before body', () => {
  it('answers a bad signature 401 whatever the body, and only a signed caller hears that its body is wrong', async () => {
    const a = await h.enrolledAgent({}, false);
    const junk = JSON.stringify({ lock_state: 'nope', policy_version: 'x' });
    const post = (payload: string, authorization: string) =>
      h.app.inject({
        method: 'POST',
        url: '/agent/v1/checkin',
        headers: { authorization, 'content-type': 'application/json' },
        payload,
        remoteAddress: '10.41.0.1',
      });

    const forgedSchema = await post(junk, unsigned(a.deviceId!));
    expect(forgedSchema.statusCode).toBe(401);
    envelope(forgedSchema, 401, 'UNAUTHORIZED');
    const forgedJson = await post('{"lock_state":', unsigned(a.deviceId!));
    expect(forgedJson.statusCode).toBe(401);

    const signedSchema = await post(junk, sign(a, 'POST', '/agent/v1/checkin', junk));
    expect(signedSchema.statusCode).toBe(400);
    envelope(signedSchema, 400, 'VALIDATION_FAILED');
    const signedJson = await post('{"lock_state":', sign(a, 'POST', '/agent/v1/checkin', '{"lock_state":'));
    expect(signedJson.statusCode).toBe(400);
    expect(signedJson.json().message).toBe('请求体不是有效的 JSON');
  });
});

describe('failure limits per device and per address', () => {
  const { perDevice, perAddress } = AGENT_FAILURE_LIMITS;
  const policy = (authorization: string, remoteAddress: string) =>
    h.app.inject({ method: 'GET', url: '/agent/v1/policy', headers: { authorization }, remoteAddress });

  it(`answers 429 with Retry-After after ${perDevice.max} bad credentials for one device from one address; its neighbours behind that address go on`, async () => {
    const a = await h.enrolledAgent({}, false);
    const neighbour = await h.enrolledAgent({}, false);
    for (let i = 0; i < perDevice.max; i++) expect((await policy(unsigned(a.deviceId!), '10.42.0.1')).statusCode).toBe(401);
    const blocked = await policy(unsigned(a.deviceId!), '10.42.0.1');
    expect(blocked.statusCode).toBe(429);
    envelope(blocked, 429, 'TOO_MANY_REQUESTS');
    const wait = Number(blocked.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(perDevice.windowMs / 1000);
    // The claimed device waits, even with a good signature; another phone on the same Wi-Fi is not held up.
    expect((await policy(sign(a, 'GET', '/agent/v1/policy'), '10.42.0.1')).statusCode).toBe(429);
    expect((await policy(sign(neighbour, 'GET', '/agent/v1/policy'), '10.42.0.1')).statusCode).toBe(200);
    expect((await policy(sign(a, 'GET', '/agent/v1/policy'), '10.42.0.2')).statusCode).toBe(200);
  });

  it(`stops a whole address after ${perAddress.max} bad credentials across devices, and only that address`, async () => {
    const a = await h.enrolledAgent({}, false);
    // A sprayer changing the claimed id: each id stays under its own limit, the address does not.
    const ids = Array.from({ length: perAddress.max / 2 }, () => randomUUID());
    for (const id of ids) for (let i = 0; i < 2; i++) expect((await policy(unsigned(id), '10.45.0.1')).statusCode).toBe(401);
    const blocked = await policy(sign(a, 'GET', '/agent/v1/policy'), '10.45.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await policy(sign(a, 'GET', '/agent/v1/policy'), '10.45.0.2')).statusCode).toBe(200);
  }, 60_000);

  it('counts wrong enrolment tokens too, per token: a stale code waits, another phone enrolling on the same Wi-Fi does not', async () => {
    const publicKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    const enroll = (token: string) =>
      h.app.inject({
        method: 'POST',
        url: '/agent/v1/enroll',
        payload: { token, public_key: publicKey, facts: {} },
        remoteAddress: '10.43.0.1',
      });
    for (let i = 0; i < perDevice.max; i++) expect((await enroll('x'.repeat(43))).statusCode).toBe(401);
    expect((await enroll('x'.repeat(43))).statusCode).toBe(429);
    expect((await enroll('y'.repeat(43))).statusCode).toBe(401);
  });

  it('does not count a clock refusal (the phone re-signs with the server time)', async () => {
    const a = await h.enrolledAgent({}, false);
    const skewed = (a as unknown as Signer).signer.authorization(a.deviceId!, 'GET', '/agent/v1/policy', undefined, Date.now() - 3_600_000);
    for (let i = 0; i < AGENT_FAILURE_LIMITS.perDevice.max + 2; i++) {
      const res = await h.app.inject({ method: 'GET', url: '/agent/v1/policy', headers: { authorization: skewed }, remoteAddress: '10.44.0.1' });
      expect(res.statusCode).toBe(401);
      expect(Math.abs(Number(res.headers['x-server-time']) - Date.now())).toBeLessThan(60_000);
    }
  });
});

describe('WebSocket upgrade guard', () => {
  const gateway = () => (h.android as AndroidEngineInternal).gateway;

  /** hubOn runs a second hub on its own port with the given admission and failure limit. */
  async function hubOn(admission: { perSecond: number; burst: number }, max: number, more: Partial<HubOptions> = {}) {
    const gw = gateway();
    const hub = createAgentHub({
      db: gw.db,
      auth: gw.auth,
      queue: gw.queue,
      results: gw.results,
      failures: createAgentFailures({ perDevice: { max, windowMs: 60_000 }, perAddress: { max: 1000, windowMs: 60_000 } }),
      log: h.app.log,
      publicUrl: () => h.origin,
      admission,
      ...more,
    });
    const server = http.createServer((_req, res) => res.writeHead(404).end());
    hub.attach(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const url = `ws://127.0.0.1:${(server.address() as { port: number }).port}/agent/v1/ws`;
    const open = (authorization: string) =>
      new Promise<{ status: number; retryAfter?: string; body?: string; ws?: WebSocket }>((resolve) => {
        const ws = new WebSocket(url, { headers: { authorization } });
        ws.on('unexpected-response', (_req, res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body }));
        });
        ws.on('open', () => resolve({ status: 101, ws }));
        ws.on('error', () => {});
      });
    const close = async () => {
      await hub.close();
      await new Promise<void>((r) => server.close(() => r()));
    };
    return { open, close, waiting: () => hub.waitingUpgrades };
  }

  it('checks the signature before spending an admission token: unsigned upgrades cannot starve a real agent', async () => {
    const a = await h.enrolledAgent({}, false);
    // One admission token, refilled once in ~17 minutes.
    const hub = await hubOn({ perSecond: 0.001, burst: 1 }, 100);
    try {
      for (let i = 0; i < 5; i++) expect((await hub.open(unsigned(a.deviceId!))).status).toBe(401);
      expect((await hub.open(unsigned('-'.repeat(36)))).status).toBe(401);
      const ok = await hub.open(sign(a, 'GET', '/agent/v1/ws'));
      expect(ok.status).toBe(101);
      ok.ws!.close();
    } finally {
      await hub.close();
    }
  });

  it('answers 429 with Retry-After to a device over its failure limit, in the error envelope; its neighbour still connects', async () => {
    const a = await h.enrolledAgent({}, false);
    const neighbour = await h.enrolledAgent({}, false);
    const hub = await hubOn({ perSecond: 100, burst: 100 }, 3);
    try {
      for (let i = 0; i < 3; i++) expect((await hub.open(unsigned(a.deviceId!))).status).toBe(401);
      const blocked = await hub.open(sign(a, 'GET', '/agent/v1/ws'));
      expect(blocked.status).toBe(429);
      expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
      expect(JSON.parse(blocked.body!)).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' });
      const ok = await hub.open(sign(neighbour, 'GET', '/agent/v1/ws'));
      expect(ok.status).toBe(101);
      ok.ws!.close();
    } finally {
      await hub.close();
    }
  });

  it('checks at most maxVerifying upgrades at once: the next waits in line for its check, one past the line is told to come back later', async () => {
    const [a, b, c] = [await h.enrolledAgent({}, false), await h.enrolledAgent({}, false), await h.enrolledAgent({}, false)];
    // The first check waits until released: the node's database queue, slow in a reconnect burst.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const lanes: string[] = [];
    const auth = {
      async verify(req: Parameters<AgentAuthenticator['verify']>[0]) {
        lanes.push(laneOf());
        // The key lookup has its connection (GuardedPool marks the work so); the check after it must not inherit that.
        startedWork();
        if (lanes.length === 1) await held;
        return gateway().auth.verify(req);
      },
    };
    const hub = await hubOn({ perSecond: 100, burst: 100 }, 100, { auth, maxVerifying: 1, maxWaiting: 1 });
    try {
      const first = hub.open(sign(a, 'GET', '/agent/v1/ws'));
      await vi.waitFor(() => expect(lanes).toHaveLength(1));
      let secondAnswered = false;
      const second = hub.open(sign(b, 'GET', '/agent/v1/ws')).finally(() => (secondAnswered = true));
      await vi.waitFor(() => expect(hub.waiting()).toBe(1));
      // The line holds one: the next is refused before its credentials are read.
      const refused = await hub.open(sign(c, 'GET', '/agent/v1/ws'));
      expect(refused.status).toBe(503);
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(5);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(20);
      expect(JSON.parse(refused.body!)).toMatchObject({ statusCode: 503, message: '服务器繁忙，请稍后重连' });
      expect(lanes).toHaveLength(1);
      expect(secondAnswered).toBe(false);
      release();
      const opened = [await first, await second];
      expect(opened.map((o) => o.status)).toEqual([101, 101]);
      // Started by the first check's end, the waiting check still queues for the database as a phone's work.
      expect(lanes).toEqual(['deferred', 'deferred']);
      for (const o of opened) o.ws!.close();
    } finally {
      await hub.close();
    }
  });

  it('tells an upgrade that waited in line past maxWaitMs to come back later instead of checking it', async () => {
    const [a, b] = [await h.enrolledAgent({}, false), await h.enrolledAgent({}, false)];
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    let checks = 0;
    const auth = {
      async verify(req: Parameters<AgentAuthenticator['verify']>[0]) {
        if (checks++ === 0) await held;
        return gateway().auth.verify(req);
      },
    };
    const hub = await hubOn({ perSecond: 100, burst: 100 }, 100, { auth, maxVerifying: 1, maxWaitMs: 50 });
    try {
      const first = hub.open(sign(a, 'GET', '/agent/v1/ws'));
      await vi.waitFor(() => expect(checks).toBe(1));
      const late = hub.open(sign(b, 'GET', '/agent/v1/ws'));
      await vi.waitFor(() => expect(hub.waiting()).toBe(1));
      await new Promise((r) => setTimeout(r, 100));
      release();
      expect((await first).status).toBe(101);
      const refused = await late;
      expect(refused.status).toBe(503);
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(3);
      expect(checks).toBe(1);
      (await first).ws!.close();
    } finally {
      await hub.close();
    }
  });

  it('checks an upgrade’s credentials and records a socket’s results as deferred work (behind the clerks in the pool)', async () => {
    const a = await h.enrolledAgent({}, false);
    const marks: Record<string, string> = {};
    const auth = {
      verify(req: Parameters<AgentAuthenticator['verify']>[0]) {
        marks.verify = laneOf();
        return gateway().auth.verify(req);
      },
    };
    const results = {
      ...gateway().results,
      async submit(..._args: Parameters<ResultSink['submit']>) {
        marks.results = laneOf();
      },
    };
    // The first delivery is scheduled from the upgrade's work, already under way: it must not inherit that.
    const queue = {
      ...gateway().queue,
      serve(...args: Parameters<AndroidQueueRepo['serve']>) {
        marks.serve = laneOf();
        return gateway().queue.serve(...args);
      },
    };
    const hub = await hubOn({ perSecond: 100, burst: 100 }, 100, { auth, results, queue });
    try {
      const opened = await hub.open(sign(a, 'GET', '/agent/v1/ws'));
      expect(opened.status).toBe(101);
      const acked = new Promise((r) => opened.ws!.on('message', (m) => JSON.parse(m.toString()).t === 'ack' && r(true)));
      opened.ws!.send(JSON.stringify({ t: 'result', results: [{ command_id: randomUUID(), status: 'done' }] }));
      await acked;
      expect(marks).toEqual({ verify: 'deferred', serve: 'first', results: 'deferred' });
      opened.ws!.close();
    } finally {
      await hub.close();
    }
  });
});

describe('agent calls on a backed-up node', () => {
  it('asks a check-in and a policy read to come back (503, Retry-After, unprocessed) before their signature is checked; results still go through', async () => {
    const gw = (h.android as AndroidEngineInternal).gateway;
    const a = await h.enrolledAgent({}, false);
    const call = (method: 'GET' | 'POST', url: string, authorization: string, payload?: string) =>
      h.app.inject({ method, url, headers: { authorization, 'content-type': 'application/json' }, payload, remoteAddress: '10.43.0.1' });
    const busy = gw.busy;
    gw.busy = () => true;
    try {
      const checkin = await call('POST', '/agent/v1/checkin', unsigned(a.deviceId!), '{}');
      const policy = await call('GET', '/agent/v1/policy', unsigned(a.deviceId!));
      for (const res of [checkin, policy]) {
        expect(res.statusCode).toBe(503);
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(2);
        expect(res.headers[UNPROCESSED_HEADER]).toBe('1');
        envelope(res, 503, 'SERVICE_UNAVAILABLE');
      }
      // The phones' answers are never refused for load: an unsigned one meets the signature check as usual.
      expect((await call('POST', '/agent/v1/results', unsigned(a.deviceId!), '{"results":[]}')).statusCode).toBe(401);
    } finally {
      gw.busy = busy;
    }
    const body = JSON.stringify({ lock_state: 'unlocked', policy_version: 0 });
    expect((await call('GET', '/agent/v1/policy', sign(a, 'GET', '/agent/v1/policy'))).statusCode).toBe(200);
    expect((await call('POST', '/agent/v1/checkin', sign(a, 'POST', '/agent/v1/checkin', body), body)).statusCode).not.toBe(503);
  });
});

import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { afterEach, describe, expect, it } from 'vitest';
import { type MockApns, startMockApns } from '@lease/device-sim';
import { createHttp2ApnsClient } from './http2-apns-client.ts';

const TOPIC = 'com.apple.mgmt.External.5e3c1b5a-test';
let mock: MockApns | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

function selfSigned(cn: string) {
  // 2048 bits: OpenSSL 3 in Node 24 refuses smaller keys in TLS ("ee key too small"); made natively, forge is slow at it.
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keys = {
    publicKey: forge.pki.publicKeyFromPem(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString()),
    privateKey: forge.pki.privateKeyFromPem(pair.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()),
  };
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  cert.setSubject([{ name: 'commonName', value: cn }]);
  cert.setIssuer([{ name: 'commonName', value: cn }]);
  cert.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), keyPem: forge.pki.privateKeyToPem(keys.privateKey) };
}

const target = (n: number) => ({ tokenHex: n.toString(16).padStart(64, '0'), pushMagic: `magic-${n}` });

describe('HTTP/2 APNs client', () => {
  it('pushes {"mdm": PushMagic} on the MDM topic with push type mdm, over mutual TLS with the push certificate', async () => {
    const server = selfSigned('127.0.0.1');
    mock = await startMockApns({ tls: { key: server.keyPem, cert: server.certPem, requestCert: true } });
    const push = selfSigned('APSP:push-cert');
    const client = createHttp2ApnsClient({ origin: mock.origin, topic: TOPIC, ca: server.certPem, auth: { kind: 'certificate', ...push } });
    const [outcome] = await client.push([target(1)]);
    await client.close();
    expect(outcome.status).toBe('sent');
    expect(mock.received).toHaveLength(1);
    expect(mock.received[0]).toMatchObject({
      token: target(1).tokenHex,
      topic: TOPIC,
      pushType: 'mdm',
      body: { mdm: 'magic-1' },
      clientCertSubject: 'APSP:push-cert',
    });
    expect(Number(mock.received[0].expiration)).toBeGreaterThan(Date.now() / 1000);
  });

  it('signs an ES256 provider token when configured for token auth', async () => {
    mock = await startMockApns();
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const client = createHttp2ApnsClient({
      origin: mock.origin,
      topic: TOPIC,
      auth: { kind: 'token', keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), keyId: 'KEY123', teamId: 'TEAM456' },
    });
    await client.push([target(2)]);
    await client.close();
    const [head, claims] = mock.received[0].authorization!.replace(/^bearer /, '').split('.');
    expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toEqual({ alg: 'ES256', kid: 'KEY123' });
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({ iss: 'TEAM456' });
  });

  it('pipelines a thousand pushes on one connection', async () => {
    mock = await startMockApns();
    const client = createHttp2ApnsClient({
      origin: mock.origin,
      topic: TOPIC,
      auth: {
        kind: 'token',
        keyPem: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        keyId: 'K',
        teamId: 'T',
      },
    });
    const targets = Array.from({ length: 1000 }, (_, i) => target(i + 10));
    const started = performance.now();
    const outcomes = await client.push(targets);
    const elapsed = performance.now() - started;
    await client.close();
    expect(outcomes.every((o) => o.status === 'sent')).toBe(true);
    expect(new Set(mock.received.map((r) => r.token)).size).toBe(1000);
    expect(elapsed).toBeLessThan(5000);
  });

  it('tries a 500 or 503 again in the same call after a jittered, doubling wait, then hands it back as retry (checklist #8)', async () => {
    // 41: one 500 then fine; 42: two 503s then fine; 43: always 503; 44: 429, not tried again in the call.
    const failFirst: Record<string, { times: number; status: number; reason: string }> = {
      [target(41).tokenHex]: { times: 1, status: 500, reason: 'InternalServerError' },
      [target(42).tokenHex]: { times: 2, status: 503, reason: 'ServiceUnavailable' },
      [target(43).tokenHex]: { times: 99, status: 503, reason: 'ServiceUnavailable' },
      [target(44).tokenHex]: { times: 99, status: 429, reason: 'TooManyRequests' },
    };
    const at = new Map<string, number[]>();
    mock = await startMockApns({
      answer: (p) => {
        at.set(p.token, [...(at.get(p.token) ?? []), performance.now()]);
        const f = failFirst[p.token];
        return f && at.get(p.token)!.length <= f.times ? f : undefined;
      },
    });
    const client = createHttp2ApnsClient({ origin: mock.origin, topic: TOPIC, auth: { kind: 'certificate', certPem: '', keyPem: '' }, retryBaseMs: 100 });
    const outcomes = await client.push([41, 42, 43, 44].map(target));
    await client.close();
    expect(outcomes.map((o) => [o.status, o.reason])).toEqual([
      ['sent', undefined],
      ['sent', undefined],
      ['retry', 'ServiceUnavailable'],
      ['retry', 'TooManyRequests'],
    ]);
    const tries = (n: number) => at.get(target(n).tokenHex)!;
    // Capped: three tries at most; 429 once (that device is over its rate: the push service's 30 s backoff handles it).
    expect([41, 42, 43, 44].map((n) => tries(n).length)).toEqual([2, 3, 3, 1]);
    // Waits of 100 ms then 200 ms, each ±50 %: never at once, never the full doubling twice over.
    const gaps = [42, 43].flatMap((n) => [tries(n)[1] - tries(n)[0], tries(n)[2] - tries(n)[1]]);
    for (const [i, gap] of gaps.entries()) {
      const base = i % 2 === 0 ? 100 : 200;
      expect(gap).toBeGreaterThanOrEqual(base * 0.5 - 5);
      // Upper bound with room for a busy box's late timers.
      expect(gap).toBeLessThan(base * 1.5 + 1000);
    }
  });

  it('loses no push to a GOAWAY in the middle of a batch: refused streams go out again on a new connection (checklist #8)', async () => {
    mock = await startMockApns();
    // At the 250th push (mid-way through the client's third round of 100 streams) APNs rotates the server: the streams
    // the client opened after the GOAWAY's last id are refused, unprocessed.
    mock.goawayAfter(250);
    const client = createHttp2ApnsClient({ origin: mock.origin, topic: TOPIC, auth: { kind: 'certificate', certPem: '', keyPem: '' }, concurrency: 100 });
    const targets = Array.from({ length: 1000 }, (_, i) => target(1000 + i));
    const outcomes = await client.push(targets);
    await client.close();
    expect(outcomes.filter((o) => o.status !== 'sent')).toEqual([]);
    // Every push reached APNs exactly once, and the client opened a second connection for the rest.
    const tokens = mock.received.map((r) => r.token);
    expect(new Set(tokens).size).toBe(1000);
    expect(tokens.length).toBe(1000);
    expect(mock.connections).toBe(2);
  });

  it('classifies answers: 410 and BadDeviceToken are dead, 429/500/503 are retried', async () => {
    const reasons: Record<string, { status: number; reason: string }> = {
      [target(21).tokenHex]: { status: 410, reason: 'Unregistered' },
      [target(22).tokenHex]: { status: 400, reason: 'BadDeviceToken' },
      [target(23).tokenHex]: { status: 429, reason: 'TooManyRequests' },
      [target(24).tokenHex]: { status: 500, reason: 'InternalServerError' },
      [target(25).tokenHex]: { status: 503, reason: 'ServiceUnavailable' },
    };
    mock = await startMockApns({ answer: (p) => reasons[p.token] });
    const client = createHttp2ApnsClient({ origin: mock.origin, topic: TOPIC, auth: { kind: 'certificate', certPem: '', keyPem: '' }, retryBaseMs: 10 });
    const outcomes = await client.push([21, 22, 23, 24, 25, 26].map(target));
    await client.close();
    expect(outcomes.map((o) => [o.status, o.reason])).toEqual([
      ['dead', 'Unregistered'],
      ['dead', 'BadDeviceToken'],
      ['retry', 'TooManyRequests'],
      ['retry', 'InternalServerError'],
      ['retry', 'ServiceUnavailable'],
      ['sent', undefined],
    ]);
  });

  it('reconnects after the server sends GOAWAY, and reports an unreachable host as retry', async () => {
    mock = await startMockApns();
    const client = createHttp2ApnsClient({ origin: mock.origin, topic: TOPIC, auth: { kind: 'certificate', certPem: '', keyPem: '' } });
    expect((await client.push([target(31)]))[0].status).toBe('sent');
    mock.goaway();
    // No fixed wait for the GOAWAY to arrive: push until one is sent. A push racing the GOAWAY may be refused (retry,
    // as APNs would have it retried); a client that kept the dead connection would never send again and time out here.
    const outcomes: string[] = [];
    for (let i = 0; i < 200 && outcomes.at(-1) !== 'sent'; i++) outcomes.push((await client.push([target(32)]))[0].status);
    expect(outcomes.at(-1)).toBe('sent');
    expect(outcomes.every((o) => o === 'sent' || o === 'retry')).toBe(true);
    await client.close();

    const down = createHttp2ApnsClient({
      origin: 'http://127.0.0.1:1',
      topic: TOPIC,
      auth: { kind: 'certificate', certPem: '', keyPem: '' },
      requestTimeoutMs: 2000,
    });
    expect((await down.push([target(33)]))[0].status).toBe('retry');
    await down.close();
  });
});

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

  it('classifies answers: 410 and BadDeviceToken are dead, 429/500/503 are retried', async () => {
    const reasons: Record<string, { status: number; reason: string }> = {
      [target(21).tokenHex]: { status: 410, reason: 'Unregistered' },
      [target(22).tokenHex]: { status: 400, reason: 'BadDeviceToken' },
      [target(23).tokenHex]: { status: 429, reason: 'TooManyRequests' },
      [target(24).tokenHex]: { status: 500, reason: 'InternalServerError' },
      [target(25).tokenHex]: { status: 503, reason: 'ServiceUnavailable' },
    };
    mock = await startMockApns({ answer: (p) => reasons[p.token] });
    const client = createHttp2ApnsClient({ origin: mock.origin, topic: TOPIC, auth: { kind: 'certificate', certPem: '', keyPem: '' } });
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

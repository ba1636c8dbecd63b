import { createPrivateKey, sign } from 'node:crypto';
import http2 from 'node:http2';
import type { ApnsPusher, MdmPushTarget, PushOutcome } from './apns-pusher.ts';

export type ApnsAuth = { kind: 'certificate'; certPem: string; keyPem: string } | { kind: 'token'; keyPem: string; keyId: string; teamId: string };

export interface ApnsClientOptions {
  /** e.g. https://api.push.apple.com or a local stand-in. */
  origin: string;
  topic: string;
  auth: ApnsAuth;
  /** Extra CA for a local stand-in with a self-signed certificate. */
  ca?: string;
  /** Streams in flight at once on the one HTTP/2 connection (APNs: pipeline, never one by one). */
  concurrency?: number;
  /** Seconds APNs keeps an undelivered push (Apple keeps only the latest per device). */
  expirationSeconds?: number;
  requestTimeoutMs?: number;
  /** Tries per push inside one call (default 3) before the answer goes back as 'retry' for the push service's backoff. */
  attempts?: number;
  /** First wait before trying a 500/503 again (default 200 ms), doubled each time, with ±50 % jitter. */
  retryBaseMs?: number;
}

/** Reasons after which a token must never be pushed to again (Apple's error table). */
const DEAD_REASONS = new Set(['BadDeviceToken', 'Unregistered', 'DeviceTokenNotForTopic', 'TopicDisallowed']);
/** APNs' own trouble: worth a second try on this call, after a jittered wait (429 is not: that device is over its rate). */
const SERVER_TROUBLE = new Set([500, 503]);
/** Provider JWTs must be refreshed between 20 and 60 minutes; refresh at 40. */
const JWT_REFRESH_MS = 40 * 60_000;

/**
 * createHttp2ApnsClient is the real APNs provider: one HTTP/2 connection (certificate or token auth),
 * pushes pipelined up to `concurrency` streams, reconnect on GOAWAY or error, and each answer
 * classified as sent / retry / dead so the caller can back off or forget the token.
 *
 * Within one call a push is tried up to `attempts` times: at once on a new connection when APNs never processed
 * it (refused by a GOAWAY, the connection lost before an answer), after a jittered, doubling wait on a 500 or 503.
 * What still fails goes back as 'retry', and the push service backs off 30 s → 30 min (checklist #8).
 */
export function createHttp2ApnsClient(options: ApnsClientOptions): ApnsPusher {
  const concurrency = options.concurrency ?? 100;
  let session: http2.ClientHttp2Session | undefined;
  let jwt: { value: string; at: number } | undefined;

  function connect() {
    if (session && !session.closed && !session.destroyed) return session;
    const tls = options.auth.kind === 'certificate' ? { cert: options.auth.certPem, key: options.auth.keyPem } : {};
    const s = http2.connect(options.origin, { ...tls, ca: options.ca });
    s.on('error', () => s.destroy());
    s.on('goaway', () => s.close());
    s.unref();
    session = s;
    return s;
  }

  function providerToken(): string | undefined {
    if (options.auth.kind !== 'token') return undefined;
    if (jwt && Date.now() - jwt.at < JWT_REFRESH_MS) return jwt.value;
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const head = enc({ alg: 'ES256', kid: options.auth.keyId });
    const claims = enc({ iss: options.auth.teamId, iat: Math.floor(Date.now() / 1000) });
    const signature = sign('sha256', Buffer.from(`${head}.${claims}`), { key: createPrivateKey(options.auth.keyPem), dsaEncoding: 'ieee-p1363' });
    jwt = { value: `${head}.${claims}.${signature.toString('base64url')}`, at: Date.now() };
    return jwt.value;
  }

  /** Attempt is one try's outcome; `unprocessed` means APNs never handled it, so sending it again is safe. */
  type Attempt = PushOutcome & { unprocessed?: boolean; httpStatus?: number };

  function sendOnce(target: MdmPushTarget): Promise<Attempt> {
    return new Promise((resolve) => {
      let settled = false;
      const done = (outcome: Omit<Attempt, 'target'>) => {
        if (settled) return;
        settled = true;
        resolve({ target, ...outcome });
      };
      let stream: http2.ClientHttp2Stream;
      try {
        const headers: http2.OutgoingHttpHeaders = {
          ':method': 'POST',
          ':path': `/3/device/${target.tokenHex}`,
          'apns-topic': options.topic,
          'apns-push-type': 'mdm',
          'apns-priority': '10',
          'apns-expiration': String(Math.floor(Date.now() / 1000) + (options.expirationSeconds ?? 7 * 86_400)),
          'content-type': 'application/json',
        };
        const bearer = providerToken();
        if (bearer) headers.authorization = `bearer ${bearer}`;
        stream = connect().request(headers);
      } catch (err) {
        done({ status: 'retry', reason: (err as Error).message, unprocessed: true });
        return;
      }
      stream.setTimeout(options.requestTimeoutMs ?? 10_000, () => {
        stream.close(http2.constants.NGHTTP2_CANCEL);
        done({ status: 'retry', reason: 'Timeout' });
      });
      let status = 0;
      let apnsId: string | undefined;
      const chunks: Buffer[] = [];
      stream.on('response', (h) => {
        status = Number(h[':status']);
        apnsId = h['apns-id'] as string | undefined;
      });
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (status === 200) return done({ status: 'sent', apnsId });
        if (!status) return done({ status: 'retry', reason: 'StreamClosed', unprocessed: true });
        let reason = `HTTP ${status}`;
        try {
          reason = JSON.parse(Buffer.concat(chunks).toString()).reason ?? reason;
        } catch {
          // body was not JSON; keep the status
        }
        const dead = status === 410 || DEAD_REASONS.has(reason);
        done({ status: dead ? 'dead' : 'retry', reason, apnsId, httpStatus: status });
      });
      // Without a response APNs has not acted on the push (a stream above a GOAWAY's last id is refused, RFC 9113 §6.8).
      stream.on('error', (err) => done({ status: 'retry', reason: err.message, unprocessed: !status }));
      // A stream reset by a dying connection may close without 'end' or 'error'.
      stream.on('close', () => done({ status: 'retry', reason: status ? `HTTP ${status}` : 'StreamClosed', unprocessed: !status }));
      stream.end(JSON.stringify({ mdm: target.pushMagic }));
    });
  }

  const attempts = Math.max(1, options.attempts ?? 3);
  const retryBaseMs = options.retryBaseMs ?? 200;
  async function pushOne(target: MdmPushTarget): Promise<PushOutcome> {
    for (let attempt = 1; ; attempt++) {
      const { unprocessed, httpStatus, ...outcome } = await sendOnce(target);
      if (outcome.status !== 'retry' || attempt >= attempts) return outcome;
      if (!unprocessed && !SERVER_TROUBLE.has(httpStatus ?? 0)) return outcome;
      // Unprocessed: a new connection at once (connect() replaces a closed or closing one), a few ms apart so a
      // whole refused batch does not land in one burst. APNs' trouble: 1×, 2×, 4× the base, ±50 %.
      const wait = unprocessed ? 5 + Math.random() * 20 : retryBaseMs * 2 ** (attempt - 1) * (0.5 + Math.random());
      await new Promise((r) => setTimeout(r, wait));
    }
  }

  return {
    label: `APNs HTTP/2（${options.origin}，${options.auth.kind === 'certificate' ? '证书认证' : '令牌认证'}）`,
    live: true,
    async push(targets) {
      const results: PushOutcome[] = new Array(targets.length);
      let next = 0;
      const worker = async () => {
        while (next < targets.length) {
          const i = next++;
          results[i] = await pushOne(targets[i]);
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, worker));
      return results;
    },
    async close() {
      const s = session;
      session = undefined;
      if (!s || s.destroyed || s.closed) return;
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
}

import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';

/** ReceivedPush is what the stand-in saw of one push request. */
export interface ReceivedPush {
  token: string;
  topic: string | undefined;
  pushType: string | undefined;
  expiration: string | undefined;
  authorization: string | undefined;
  /** Subject CN of the TLS client certificate, when the connection presented one. */
  clientCertSubject: string | undefined;
  body: unknown;
}

/** A scripted answer: status plus APNs reason. Undefined means 200. */
export type MockAnswer = { status: number; reason?: string } | undefined;

export interface MockApnsOptions {
  tls?: { key: string; cert: string; ca?: string; requestCert?: boolean };
  /** Decides each push's answer; default: 200. */
  answer?: (push: ReceivedPush) => MockAnswer;
  /** Fixed port for a stand-in other processes point at; default: any free port. */
  port?: number;
}

/**
 * startMockApns runs a local HTTP/2 server in APNs' place: it checks requests the way APNs does
 * (path, topic, JSON body), records them, answers as scripted, and tells listeners which device
 * token was pushed, so simulated iPhones can wake up and connect as real ones would.
 */
export async function startMockApns(options: MockApnsOptions = {}) {
  const received: ReceivedPush[] = [];
  const listeners = new Set<(push: ReceivedPush) => void>();
  let answer = options.answer ?? (() => undefined);
  const server = options.tls ? http2.createSecureServer({ ...options.tls, allowHTTP1: false, rejectUnauthorized: false }) : http2.createServer();

  // goawayAfter(n): the n-th push ends its connection as APNs does mid-batch; what the client opened after it is refused.
  let goawayAt: number | undefined;
  const lastIdOf = new WeakMap<http2.Http2Session, number>();

  server.on('stream', (stream, headers) => {
    const path = String(headers[':path'] ?? '');
    const match = /^\/3\/device\/([0-9a-fA-F]+)$/.exec(path);
    const chunks: Buffer[] = [];
    // A stream refused or reset (GOAWAY, a client's timeout) errors on this side too: nothing to do about it here.
    stream.on('error', () => {});
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const reply = (status: number, reason?: string) => {
        // The client gave up on this push (a timeout, or the server closing): nobody is left to answer.
        if (stream.destroyed || stream.closed) return;
        stream.respond({ ':status': status, 'apns-id': crypto.randomUUID(), 'content-type': 'application/json' });
        stream.end(reason ? JSON.stringify({ reason, timestamp: Date.now() }) : undefined);
      };
      if (headers[':method'] !== 'POST') return reply(405, 'MethodNotAllowed');
      if (!match) return reply(404, 'BadPath');
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString());
      } catch {
        return reply(400, 'PayloadEmpty');
      }
      const socket = stream.session?.socket as TLSSocket | undefined;
      const peer = typeof socket?.getPeerCertificate === 'function' ? socket.getPeerCertificate() : undefined;
      const push: ReceivedPush = {
        token: match[1].toLowerCase(),
        topic: headers['apns-topic'] as string | undefined,
        pushType: headers['apns-push-type'] as string | undefined,
        expiration: headers['apns-expiration'] as string | undefined,
        authorization: headers.authorization as string | undefined,
        clientCertSubject: peer && 'subject' in peer && peer.subject ? String(peer.subject.CN) : undefined,
        body,
      };
      if (!push.topic) return reply(400, 'MissingTopic');
      const session = stream.session;
      const lastId = session ? lastIdOf.get(session) : undefined;
      if (lastId !== undefined && (stream.id ?? 0) > lastId) {
        // Above the GOAWAY's last stream id APNs never acts on a push (RFC 9113 §6.8): refused, not recorded.
        stream.close(http2.constants.NGHTTP2_REFUSED_STREAM);
        return;
      }
      received.push(push);
      if (session && stream.id !== undefined && goawayAt !== undefined && received.length >= goawayAt) {
        goawayAt = undefined;
        lastIdOf.set(session, stream.id);
        session.goaway(http2.constants.NGHTTP2_NO_ERROR, stream.id);
      }
      const scripted = answer(push);
      if (scripted) return reply(scripted.status, scripted.reason);
      reply(200);
      for (const listener of listeners) listener(push);
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const sessions = new Set<http2.ServerHttp2Session>();
  let connections = 0;
  server.on('session', (s) => {
    connections++;
    sessions.add(s);
    s.on('close', () => sessions.delete(s));
  });

  return {
    origin: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    received,
    /** connections is how many HTTP/2 connections clients have opened so far (a reconnect after GOAWAY adds one). */
    get connections() {
      return connections;
    },
    onPush(listener: (push: ReceivedPush) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setAnswer(fn: (push: ReceivedPush) => MockAnswer) {
      answer = fn;
    },
    /** goawayAfter arms a GOAWAY on the connection of the n-th push received (counting from the start). */
    goawayAfter(n: number) {
      goawayAt = n;
    },
    /** goaway ends every open connection as APNs does when it rotates servers. */
    goaway() {
      for (const s of sessions) s.goaway();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sessions) s.destroy();
        server.close(() => resolve());
      }),
  };
}
export type MockApns = Awaited<ReturnType<typeof startMockApns>>;

import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { type AgentCommand, AgentFrame, MAX_WS_FRAME, type ServerFrame, WsClose } from '@lease/shared/agent-protocol';
import type { Db } from '../../db/client.ts';
import { deferWork, runWork } from '../../db/work-order.ts';
import { type AgentAuthenticator, AgentRefusal, isCredentialFailure } from './agent-auth.ts';
import { type AgentFailures, TOO_MANY_FAILURES, claimedDevice, upgradeClientIp } from './agent-failures.ts';
import type { AndroidQueueRepo } from './android-queue.repo.ts';
import { touchDevices } from './result-effects.ts';
import type { ResultSink } from './result-sink.ts';
import { spreadS } from '../../http/step-aside.ts';

export const WS_PATH = '/agent/v1/ws';

/** AgentSocket is a ws socket with the little the hub keeps per agent (no per-socket closures). */
interface AgentSocket extends WebSocket {
  deviceId: string;
  alive: boolean;
}

export interface HubOptions {
  db: Db;
  auth: AgentAuthenticator;
  queue: AndroidQueueRepo;
  results: ResultSink;
  /** Per-IP count of failed credentials, shared with the HTTP routes of /agent/v1. */
  failures: AgentFailures;
  /** TRUST_PROXY: read the caller's IP from X-Forwarded-For, as Fastify does for the HTTP routes. */
  trustProxy?: boolean;
  log: FastifyBaseLogger;
  publicUrl: () => string;
  /** Ping period; an agent silent for two periods is dropped. */
  heartbeatMs?: number;
  /** How often connected agents count as "seen" (last_active_time), and unanswered commands are re-served. */
  sweepMs?: number;
  /** Upgrades admitted per second (token bucket); the rest are told to come back later with Retry-After. */
  admission?: { perSecond: number; burst: number };
  /**
   * Upgrades whose credentials are being checked at once (32 by default); past it a new session waits in line for a
   * check (see maxWaiting). Each check is a statement in the node's database queue, and an admitted agent then checks in, so
   * a reconnect burst (a node's agents moving over together) is let in only as fast as the queue serves it: the
   * clerks' requests queue behind a few dozen of its statements, not behind a thousand. Unlike a bound on the queue's
   * length or its delay, it never shuts agents out while the queue is long for other reasons (a fan-out): the dead
   * node's agents must be back within 30 s. What an admitted agent does next (its check-in) steps aside on its own
   * while the queue is backed up (android-gateway.routes.ts).
   */
  maxVerifying?: number;
  /**
   * Upgrades that wait in line for a credential check, oldest first (4,000 by default), each for at most
   * `maxWaitMs` (8 s: with the check after it, under an agent's 15 s handshake timeout); past either, the agent is told to come back later
   * (1-3 s after a wait, 5-20 s when the line is full).
   * Told to come back at once instead, the agents of a stopped node knocked again every 1-5 s: in a rolling upgrade
   * at 2,000 + 2,000, 260 refused upgrades a second, CPU the nodes and the balancer took from the clerks.
   */
  maxWaiting?: number;
  maxWaitMs?: number;
}

const noop = () => {};

const STATUS_TEXT: Record<number, [code: string, reason: string]> = {
  401: ['UNAUTHORIZED', 'Unauthorized'],
  403: ['PERMISSION_DENIED', 'Forbidden'],
  404: ['NOT_FOUND', 'Not Found'],
  429: ['TOO_MANY_REQUESTS', 'Too Many Requests'],
  503: ['SERVICE_UNAVAILABLE', 'Service Unavailable'],
};

/** refuse answers an upgrade request with a plain HTTP error in the error envelope and closes the socket. */
function refuse(socket: Duplex, status: keyof typeof STATUS_TEXT, message: string, headers: Record<string, string> = {}) {
  if (socket.destroyed) return;
  const [code, reason] = STATUS_TEXT[status];
  const body = JSON.stringify({ statusCode: status, code, message });
  const head = [
    `HTTP/1.1 ${status} ${reason}`,
    'Connection: close',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
  ];
  for (const [k, v] of Object.entries(headers)) head.push(`${k}: ${v}`);
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  setTimeout(() => socket.destroy(), 1000).unref();
}

/**
 * createAgentHub keeps the agents' WebSockets (the `ws` library without compression, small frames only) and
 * pushes their commands down them. Commands themselves travel in the frame when it stays under MAX_WS_FRAME,
 * otherwise a `poke` sends the agent to GET /agent/v1/commands. Wake-ups for many agents are served with one
 * query; a restart tells every agent to come back at a random moment across a window that grows with their number.
 */
export function createAgentHub(opts: HubOptions) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_WS_FRAME, perMessageDeflate: false, clientTracking: false });
  const conns = new Map<string, AgentSocket>();
  const admission = opts.admission ?? { perSecond: 500, burst: 1000 };
  let tokens = admission.burst;
  const maxVerifying = opts.maxVerifying ?? 32;
  const maxWaiting = opts.maxWaiting ?? 4000;
  const maxWaitMs = opts.maxWaitMs ?? 8_000;
  let verifying = 0;
  const waiting: { since: number; start: () => void; socket: Duplex }[] = [];
  let refilledAt = Date.now();
  let closing = false;

  function admit(): boolean {
    const now = Date.now();
    tokens = Math.min(admission.burst, tokens + ((now - refilledAt) / 1000) * admission.perSecond);
    refilledAt = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  }

  const send = (ws: AgentSocket, frame: ServerFrame) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
  };

  // Delivery coalesces wake-ups and serves many agents with one query.
  let wantAll = new Set<string>();
  let wantNew = new Set<string>();
  let serving = 0;
  let pumpScheduled = false;
  const MAX_SERVING = 2;

  function deliverFrames(commands: (AgentCommand & { deviceId: string })[]) {
    const byDevice = new Map<string, AgentCommand[]>();
    for (const c of commands) {
      const list = byDevice.get(c.deviceId) ?? [];
      list.push({ id: c.id, type: c.type, payload: c.payload });
      byDevice.set(c.deviceId, list);
    }
    for (const [deviceId, list] of byDevice) {
      const ws = conns.get(deviceId);
      // A command served to a socket that just went away stays 'sent' and is served again on reconnect or poll.
      if (!ws) continue;
      const frame = JSON.stringify({ t: 'commands', commands: list } satisfies ServerFrame);
      if (ws.readyState !== ws.OPEN) continue;
      ws.send(Buffer.byteLength(frame) <= MAX_WS_FRAME ? frame : JSON.stringify({ t: 'poke' } satisfies ServerFrame));
    }
  }

  /** pumpDeliveries serves what is wanted, two queries at most in flight (a burst of NOTIFYs overlaps). */
  function pumpDeliveries() {
    pumpScheduled = false;
    while (serving < MAX_SERVING && (wantAll.size || wantNew.size)) {
      const all = [...wantAll];
      const fresh = [...wantNew].filter((id) => !wantAll.has(id));
      wantAll = new Set();
      wantNew = new Set();
      serving += 1;
      // Work of its own, in the clerks' line (it carries their commands to the phones): the pump runs in whichever
      // caller's context scheduled it, and would otherwise pass that on to every serve chained after it.
      runWork(
        async () => {
          for (let i = 0; i < all.length; i += 2000) deliverFrames(await opts.queue.serve(all.slice(i, i + 2000), true));
          for (let i = 0; i < fresh.length; i += 2000) deliverFrames(await opts.queue.serve(fresh.slice(i, i + 2000), false));
        },
        { deferred: false },
      )
        .catch((err: unknown) => opts.log.error({ err }, 'android command delivery failed; the sweep will retry'))
        .finally(() => {
          serving -= 1;
          pumpDeliveries();
        });
    }
  }

  /** deliver serves the pending commands of those agents connected here; `all` re-sends unanswered ones too. */
  function deliver(deviceIds: string[], all = false) {
    let any = false;
    for (const id of deviceIds) {
      if (!conns.has(id)) continue;
      (all ? wantAll : wantNew).add(id);
      any = true;
    }
    if (any && !pumpScheduled) {
      pumpScheduled = true;
      setImmediate(pumpDeliveries);
    }
  }

  // "Seen" marks (last_active_time) are batched, not written per frame.
  let seen = new Set<string>();
  async function flushSeen() {
    if (!seen.size) return;
    const ids = [...seen];
    seen = new Set();
    for (let i = 0; i < ids.length; i += 5000) await touchDevices(opts.db, ids.slice(i, i + 5000));
  }

  // Socket handlers are shared by every socket: no closures per agent.
  function onMessage(this: AgentSocket, data: RawData, isBinary: boolean) {
    this.alive = true;
    if (isBinary) return void this.close(WsClose.PROTOCOL, 'text frames only');
    let parsed: ReturnType<typeof AgentFrame.safeParse>;
    try {
      parsed = AgentFrame.safeParse(JSON.parse(data.toString()));
    } catch {
      return void this.close(WsClose.PROTOCOL, 'bad json');
    }
    if (!parsed.success) return void this.close(WsClose.PROTOCOL, 'bad frame');
    const frame = parsed.data;
    if (frame.t === 'ping') return send(this, { t: 'pong' });
    deferWork(() => opts.results.submit(this.deviceId, frame.results))
      .then(() => send(this, { t: 'ack', ids: frame.results.map((r) => r.command_id) }))
      .catch((err: unknown) => opts.log.error({ err, deviceId: this.deviceId }, 'android results not recorded; the agent will resend'));
  }
  function onPong(this: AgentSocket) {
    this.alive = true;
  }
  function onClose(this: AgentSocket) {
    if (conns.get(this.deviceId) === this) conns.delete(this.deviceId);
  }

  function onConnection(ws: AgentSocket, deviceId: string) {
    ws.deviceId = deviceId;
    ws.alive = true;
    // Shared handlers read the socket from `this`: ws's typings only know plain WebSocket.
    ws.on('message', onMessage as (this: WebSocket, data: RawData, isBinary: boolean) => void);
    ws.on('pong', onPong as (this: WebSocket) => void);
    ws.on('close', onClose as (this: WebSocket) => void);
    ws.on('error', noop);
    const previous = conns.get(deviceId);
    conns.set(deviceId, ws);
    if (previous) previous.close(WsClose.REPLACED, 'replaced by a newer connection');
    send(ws, { t: 'hello', server_time: new Date().toISOString() });
    seen.add(deviceId);
    deliver([deviceId], true);
  }

  // The credential check and the first delivery queue for the database behind the clerks (work-order.ts).
  function deferredUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    deferWork(() => onUpgrade(req, socket, head));
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    socket.on('error', noop);
    const url = req.url ?? '';
    if (url.split('?')[0] !== WS_PATH) return refuse(socket, 404, '接口不存在');
    // Shutting down: the next process is usually up within seconds.
    if (closing) return refuse(socket, 503, '服务器正在重启，请稍后重连', { 'Retry-After': String(spreadS(1, 5)) });
    const origin = req.headers.origin;
    // Agents send no Origin; a browser page always does, and only our own console's origin may open the socket.
    if (origin && origin !== new URL(opts.publicUrl()).origin) return refuse(socket, 403, '不允许的来源');
    const ip = upgradeClientIp(req, opts.trustProxy ?? false);
    const claimed = claimedDevice(req.headers.authorization);
    const wait = opts.failures.retryAfter(ip, claimed);
    if (wait) return refuse(socket, 429, TOO_MANY_FAILURES, { 'Retry-After': String(wait) });
    if (verifying < maxVerifying) return check(req, socket, head, ip, claimed);
    if (waiting.length >= maxWaiting) return refuse(socket, 503, '服务器繁忙，请稍后重连', { 'Retry-After': String(spreadS(5, 16)) });
    // Started from another check's end, it takes a work context of its own: its first statement queues as a phone's.
    waiting.push({ since: Date.now(), start: () => deferWork(() => check(req, socket, head, ip, claimed)), socket });
  }

  /** nextWaiting starts the oldest waiting upgrade whose agent is still there, once a check slot is free. */
  function nextWaiting() {
    while (waiting.length && (closing || verifying < maxVerifying)) {
      const next = waiting.shift()!;
      if (next.socket.destroyed) continue;
      if (closing) refuse(next.socket, 503, '服务器正在重启，请稍后重连', { 'Retry-After': String(spreadS(1, 5)) });
      // It has waited its share already: back at the end of the line within seconds, before its handshake times out.
      else if (Date.now() - next.since > maxWaitMs) refuse(next.socket, 503, '服务器繁忙，请稍后重连', { 'Retry-After': String(spreadS(1, 3)) });
      else next.start();
    }
  }

  function check(req: IncomingMessage, socket: Duplex, head: Buffer, ip: string, claimed: string) {
    verifying++;
    // The signature is checked before an admission token is spent: unsigned upgrades cannot starve real agents.
    opts.auth
      .verify({ method: 'GET', path: req.url ?? '', authorization: req.headers.authorization })
      .finally(() => {
        verifying--;
        nextWaiting();
      })
      .then(
        (who) => {
          if (socket.destroyed) return;
          if (!admit()) return refuse(socket, 503, '连接过多，请稍后重连', { 'Retry-After': String(spreadS(1, 10)) });
          wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws as AgentSocket, who.deviceId));
        },
        (err: unknown) => {
          if (isCredentialFailure(err)) opts.failures.fail(ip, claimed);
          if (err instanceof AgentRefusal) {
            const headers: Record<string, string> = err.serverTime ? { 'X-Server-Time': String(err.serverTime) } : {};
            return refuse(socket, err.statusCode === 403 ? 403 : 401, err.message, headers);
          }
          opts.log.error({ err }, 'android agent upgrade failed');
          refuse(socket, 503, '服务暂不可用，请稍后重连', { 'Retry-After': String(spreadS(5, 30)) });
        },
      );
  }

  const heartbeat = setInterval(() => {
    for (const ws of conns.values()) {
      if (!ws.alive) {
        ws.terminate();
        continue;
      }
      ws.alive = false;
      ws.ping();
    }
  }, opts.heartbeatMs ?? 30_000);
  heartbeat.unref();
  const sweepMs = opts.sweepMs ?? 30_000;
  let sweeps = 0;
  const sweep = setInterval(() => {
    // Safety net for lost wake-ups and unanswered sends: queued or stale-sent commands of agents here.
    deliver([...conns.keys()], false);
    // Connected agents are "online": mark them seen every ten sweeps (5 minutes by default).
    if (++sweeps % 10 === 0) for (const id of conns.keys()) seen.add(id);
    flushSeen().catch((err: unknown) => opts.log.warn({ err }, 'android last-seen update failed'));
  }, sweepMs);
  sweep.unref();
  const seenTimer = setInterval(() => void flushSeen().catch(noop), 1000);
  seenTimer.unref();

  return {
    attach(server: Server) {
      server.on('upgrade', deferredUpgrade);
    },
    deliver,
    /** markSeen counts an agent as heard from now (HTTP calls); written with the others once a second. */
    markSeen: (deviceId: string) => void seen.add(deviceId),
    /** resync serves every agent here: after a lost LISTEN connection notifications may have been missed. */
    resync: () => deliver([...conns.keys()], true),
    isConnected: (deviceId: string) => conns.has(deviceId),
    get connected() {
      return conns.size;
    },
    /** Upgrades waiting in line for a credential check. */
    get waitingUpgrades() {
      return waiting.length;
    },
    /** close tells each agent to come back at a random moment across a window that grows with their number. */
    async close() {
      closing = true;
      clearInterval(heartbeat);
      clearInterval(sweep);
      clearInterval(seenTimer);
      nextWaiting();
      // 30 ms an agent (~33 a second): the ~1,300 agents of a node in a rolling upgrade at 2,000 + 2,000 come back over
      // 39 s, each with a key lookup and a check-in, beside the nodes' own work; at 10 ms a second node's queue passed
      // the console's 10 s. Their commands wait in the queue meanwhile.
      const spread = Math.min(120_000, Math.max(5_000, conns.size * 30));
      for (const ws of conns.values()) {
        send(ws, { t: 'bye', retry_after_ms: Math.floor(Math.random() * spread) });
        ws.close(WsClose.SERVICE_RESTART, 'server restart');
      }
      const deadline = Date.now() + 1000;
      while (conns.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      for (const ws of conns.values()) ws.terminate();
      conns.clear();
      await flushSeen().catch(noop);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
export type AgentHub = ReturnType<typeof createAgentHub>;

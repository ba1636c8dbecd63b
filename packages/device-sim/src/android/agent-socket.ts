import { WebSocket } from 'ws';
import { MAX_WS_FRAME, type ServerFrame, WsClose } from '@lease/shared/agent-protocol';
import { retryAfterSeconds } from '@lease/shared';
import type { Backoff } from './backoff.ts';

export const WS_PATH = '/agent/v1/ws';
/** The server pings every 30 s; a socket silent for two and a half rounds is dead. */
const SILENT_MS = 75_000;

/** AgentSocketHooks is what the link needs from the agent: where, who, and what to do with what arrives. */
export interface AgentSocketHooks {
  serverUrl(): string;
  /** A fresh signed Authorization header for GET /agent/v1/ws. */
  authorization(): string;
  /** Whether to (re)connect at all: running, online, not released. */
  mayConnect(): boolean;
  onOpen(): void;
  onFrame(frame: ServerFrame): void;
  /** An upgrade refused with this status (the link has already planned its retry from the headers). */
  onRefused(status: number, serverTime: number | null): void;
  /** The server said this phone is released (close 4403): stop for good. */
  onReleased(): void;
}

/**
 * AgentSocket keeps the agent's WebSocket: it reconnects with full-jitter backoff, and uses the server's hints
 * instead when it gives one (Retry-After on a refused upgrade, the `bye` frame before a restart).
 */
export class AgentSocket {
  private ws: WebSocket | null = null;
  private timer: NodeJS.Timeout | null = null;
  private hintMs: number | undefined;
  private lastFrameAt = 0;
  readonly stats = { connects: 0, refusals: 0 };

  constructor(
    private readonly hooks: AgentSocketHooks,
    private readonly backoff: Backoff,
  ) {}

  get connected(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  connect() {
    if (!this.hooks.mayConnect() || this.ws) return;
    const ws = new WebSocket(`${this.hooks.serverUrl().replace(/^http/, 'ws')}${WS_PATH}`, {
      headers: { authorization: this.hooks.authorization() },
      maxPayload: MAX_WS_FRAME,
      perMessageDeflate: false,
      handshakeTimeout: 15_000,
    });
    this.ws = ws;
    ws.on('unexpected-response', (req, res) => {
      const status = res.statusCode ?? 0;
      this.stats.refusals += 1;
      const retryAfter = retryAfterSeconds(res.headers['retry-after']) ?? 0;
      const serverTime = Number(res.headers['x-server-time']) || null;
      if (status === 401 && !serverTime) this.backoff.penalise();
      if (status === 503 && retryAfter > 0) this.hintMs = retryAfter * 1000 + Math.floor(Math.random() * 1000);
      res.resume();
      req.destroy();
      // ws emits no 'close' for a refused upgrade: plan the next attempt here.
      if (this.ws === ws) this.ws = null;
      this.hooks.onRefused(status, serverTime);
      this.scheduleReconnect();
    });
    ws.on('open', () => {
      this.stats.connects += 1;
      this.backoff.reset();
      this.lastFrameAt = Date.now();
      this.hooks.onOpen();
    });
    ws.on('ping', () => {
      this.lastFrameAt = Date.now();
    });
    ws.on('message', (raw) => {
      this.lastFrameAt = Date.now();
      let frame: ServerFrame;
      try {
        frame = JSON.parse(raw.toString()) as ServerFrame;
      } catch {
        return;
      }
      if (frame.t === 'bye') this.hintMs = frame.retry_after_ms;
      this.hooks.onFrame(frame);
    });
    ws.on('error', () => {});
    ws.on('close', (code) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (code === WsClose.RELEASED) this.hooks.onReleased();
      this.scheduleReconnect();
    });
  }

  send(frame: unknown) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  /** dropIfSilent ends a socket the server has not spoken on for too long (half-open TCP); it then reconnects. */
  dropIfSilent() {
    if (this.ws && this.connected && Date.now() - this.lastFrameAt > SILENT_MS) this.ws.terminate();
  }

  private scheduleReconnect() {
    if (!this.hooks.mayConnect() || this.timer) return;
    const delay = this.backoff.next(this.hintMs);
    this.hintMs = undefined;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, delay);
    this.timer.unref();
  }

  /** close ends the socket now (network lost, released, switched off) without planning a reconnect itself. */
  async close(graceful = false) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const ws = this.ws;
    this.ws = null;
    if (!ws || ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      ws.once('close', () => resolve());
      if (graceful && ws.readyState === WebSocket.OPEN) ws.close();
      else ws.terminate();
    });
  }
}

import type { SessionResult } from './mdm-session.ts';

export interface BackoffOptions {
  /** First retry delay after a 5xx or network error; doubles per failure. */
  initialMs?: number;
  maxMs?: number;
}

/**
 * SessionRunner serialises a phone's connect sessions: a wake-up during a session queues exactly one more (APNs
 * keeps one pending push per device, so pushes coalesce), failures retry with exponential backoff, and a poll
 * timer wakes the phone now and then as iOS does on its own.
 */
export class SessionRunner {
  private running?: Promise<SessionResult>;
  private queued?: Promise<SessionResult>;
  private retryTimer?: NodeJS.Timeout;
  private pollTimer?: NodeJS.Timeout;
  private failures = 0;
  private stopped = false;

  constructor(
    private readonly runSession: () => Promise<SessionResult>,
    private readonly backoff: BackoffOptions = {},
    private readonly report: (error: unknown) => void = () => undefined,
  ) {}

  /** connect runs a session now, or once the running one ends; concurrent callers share that follow-up session. */
  connect(): Promise<SessionResult> {
    if (!this.running) return this.start();
    this.queued ??= this.running.then(
      () => this.startQueued(),
      () => this.startQueued(),
    );
    return this.queued;
  }

  /** wake is connect for timers and pushes: nobody awaits it, so failures go to the report callback. */
  wake(): void {
    if (this.stopped) return;
    this.connect().catch(this.report);
  }

  /**
   * retryLater schedules one wake-up after the current backoff delay (5xx and network errors), or after the
   * server's Retry-After (`notBeforeMs`) when that is later: a phone never knocks again sooner than it was asked to.
   */
  retryLater(notBeforeMs = 0): number {
    const initial = this.backoff.initialMs ?? 30_000;
    const delay = Math.max(notBeforeMs, Math.min(initial * 2 ** this.failures, this.backoff.maxMs ?? 15 * 60_000));
    this.failures += 1;
    clearTimeout(this.retryTimer);
    if (!this.stopped) this.retryTimer = setTimeout(() => this.wake(), delay);
    return delay;
  }

  /** succeeded resets the backoff after a session the server answered. */
  succeeded(): void {
    this.failures = 0;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  startPolling(intervalMs: number): void {
    clearInterval(this.pollTimer);
    this.stopped = false;
    this.pollTimer = setInterval(() => this.wake(), intervalMs);
  }

  /** resume allows wake-ups again after stop (a phone enrolled anew). */
  resume(): void {
    this.stopped = false;
  }

  /** halt cancels timers and refuses further wake-ups; safe to call from inside a session. */
  halt(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pollTimer);
    this.retryTimer = this.pollTimer = undefined;
  }

  /** stop halts, then waits for the session in flight (and its queued follow-up) to end. */
  async stop(): Promise<void> {
    this.halt();
    await this.idle();
  }

  /** idle resolves once no session is running or queued. */
  async idle(): Promise<void> {
    while (this.running || this.queued) await Promise.allSettled([this.running, this.queued]);
  }

  private startQueued(): Promise<SessionResult> {
    this.queued = undefined;
    return this.start();
  }

  private start(): Promise<SessionResult> {
    const session = this.runSession().finally(() => {
      if (this.running === session) this.running = undefined;
    });
    this.running = session;
    return session;
  }
}

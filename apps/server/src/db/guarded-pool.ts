import pg from 'pg';
import { type DatabaseWatch, isDatabaseUnreachable } from './availability.ts';
import { askedByPeople } from './lanes.ts';

/** What a caller of a node cut off from PostgreSQL gets instead of a connection: an 08 (connection) SQLSTATE, a 503. */
export const unreachableError = () => Object.assign(new Error('PostgreSQL is unreachable from this node'), { code: '08006' });

/**
 * Progress tells a database that is slow from one that is gone. Under load statements wait long but some finish every
 * moment; cut off, none does. Nothing outstanding for `stallMs` without one finishing makes the watch probe.
 */
class Progress {
  #outstanding = 0;
  #lastAt = Date.now();
  /**
   * Off until the first answer: a node starting on a loaded box may wait seconds for its first connections, and a
   * probe failing then would fail its start-up (seen in a rolling upgrade at 2,000 + 2,000).
   */
  #answered = false;
  readonly #timer: NodeJS.Timeout;

  constructor(stallMs: number, onStall: () => void) {
    const check = () => this.#answered && this.#outstanding > 0 && Date.now() - this.#lastAt > stallMs && onStall();
    this.#timer = setInterval(check, Math.min(1_000, stallMs / 2));
    this.#timer.unref();
  }

  started() {
    // Time with nothing to do is not a stall.
    if (this.#outstanding++ === 0) this.#lastAt = Date.now();
  }

  /** `moved`: the database answered (a result or a refusal), rather than a timeout or a lost socket. */
  ended(moved: boolean) {
    this.#outstanding--;
    if (!moved) return;
    this.#lastAt = Date.now();
    this.#answered = true;
  }

  stop() {
    clearInterval(this.#timer);
  }
}

const TIMED_OUT = 'Query read timeout';

/**
 * droppingClient builds the pool's client class. It closes its connection when a statement outlives the pool's
 * query timeout: node-postgres answers the caller with an error but keeps the connection, with the statement (and
 * its transaction) still open on the server, and drops the ROLLBACK that was queued behind it; returned to the pool,
 * that connection would run the next caller's statements inside the abandoned transaction and commit its half-done
 * writes with them. Closed, it is discarded, and PostgreSQL rolls the transaction back when it sees the connection go.
 */
function droppingClient(progress: Progress) {
  return class DroppingClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: node-postgres overloads query() a dozen ways; this only wraps it.
    override query(...args: any[]): any {
      progress.started();
      const settle = (err: unknown) => {
        progress.ended(!isDatabaseUnreachable(err));
        if (err instanceof Error && err.message === TIMED_OUT) (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      };
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const callback = args[last];
        args[last] = (err: unknown, res: unknown) => {
          settle(err);
          callback(err, res);
        };
        return super.query(...(args as Parameters<pg.Client['query']>));
      }
      const result: unknown = super.query(...(args as Parameters<pg.Client['query']>));
      if (result instanceof Promise) result.then(() => settle(undefined), settle);
      // A submittable (a cursor) reports its end in events of its own; it is not watched.
      else progress.ended(true);
      return result;
    }
  };
}

type Release = (err?: Error | boolean) => void;
type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: Release) => void;

/** A caller waiting for a connection. `grant` hands it one of the pool's places; `fail` answers it with an error. */
interface Waiter {
  readonly since: number;
  settled: boolean;
  grant(): void;
  fail(err: Error): void;
}

/** node-postgres' message for a caller that waited out connectionTimeoutMillis (isDatabaseUnreachable knows it). */
const WAITED_OUT = 'timeout exceeded when trying to connect';

/**
 * GuardedPool is node-postgres' pool with two changes.
 *
 * It gives up on a database the watch has found gone. Without that, a request let in just before a cut waits out
 * the pool's queue (connectTimeoutMs) and then its own statement (queryTimeoutMs): 22.6 s at 2,000 + 2,000 phones.
 * Here `stallMs` without any statement finishing makes the watch probe (Progress); when the probe fails, every
 * caller still waiting for a connection is answered at once, and so is every later one until the watch sees the
 * database again. A statement already running keeps its own timeout: the database may still answer it, and a write
 * abandoned mid-way is what the statement timeout already handles.
 *
 * And it queues callers itself, in two lanes: people first (lanes.ts), then phones and jobs, each in arrival order.
 * It lets at most `max` callers at the pool's connections at once, so node-postgres' own queue stays empty.
 */
export class GuardedPool extends pg.Pool {
  /** Every caller not yet answered, oldest first (queued, or being connected), with when it asked. */
  readonly #waiting = new Map<Waiter, number>();
  /** Callers not yet let in, by lane; answered ones are skipped when reached. */
  readonly #people: Waiter[] = [];
  readonly #background: Waiter[] = [];
  /** Callers let in and not yet released: at most `max`. */
  #admitted = 0;
  readonly #max: number;
  readonly #waitMs: number | undefined;
  readonly #progress: Progress;

  constructor(
    config: pg.PoolConfig,
    private readonly watch: DatabaseWatch,
    stallMs: number,
  ) {
    const progress = new Progress(stallMs, () => watch.suspect());
    super({ ...config, Client: droppingClient(progress) });
    this.#progress = progress;
    this.#max = config.max ?? 10;
    this.#waitMs = config.connectionTimeoutMillis || undefined;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    const acquired = this.#acquire();
    if (!callback) return acquired;
    // pg-pool's own query() takes a connection this way.
    acquired.then(
      (client) => callback(undefined, client, (err) => client.release(err)),
      (err: Error) => callback(err, undefined, () => {}),
    );
  }

  override end(): Promise<void>;
  override end(callback: () => void): void;
  override end(callback?: () => void): Promise<void> | undefined {
    this.#progress.stop();
    for (const waiter of [...this.#waiting.keys()]) waiter.fail(new Error('Cannot use a pool after calling end on the pool'));
    if (!callback) return super.end();
    super.end(callback);
  }

  /** Callers waiting for a connection, in either lane or being connected: what pg-pool's waitingCount was. */
  get queued() {
    return this.#waiting.size;
  }

  /** failWaiters answers every caller still waiting for a connection: the watch has found the database gone. */
  failWaiters() {
    for (const waiter of [...this.#waiting.keys()]) waiter.fail(unreachableError());
  }

  /** queueDelayMs is how long the oldest caller still waiting for a connection has waited (0 with none). */
  queueDelayMs() {
    for (const since of this.#waiting.values()) return Date.now() - since;
    return 0;
  }

  #acquire(): Promise<pg.PoolClient> {
    if (!this.watch.reachable) return Promise.reject(unreachableError());
    this.#progress.started();
    return new Promise((resolve, reject) => {
      const settle = (moved: boolean) => {
        waiter.settled = true;
        clearTimeout(deadline);
        this.#waiting.delete(waiter);
        this.#progress.ended(moved);
      };
      const waiter: Waiter = {
        since: Date.now(),
        settled: false,
        fail: (err) => {
          if (waiter.settled) return;
          settle(false);
          reject(err);
        },
        grant: () =>
          super.connect().then(
            (client) => {
              this.#returnOnRelease(client);
              // Answered already (gone, or waited out): the connection goes back unused.
              if (waiter.settled) return client.release();
              settle(true);
              resolve(client);
            },
            (err: Error) => {
              this.#leave();
              waiter.fail(err);
            },
          ),
      };
      // One deadline from asking to connected, wherever the caller waits, as node-postgres keeps it.
      const deadline = this.#waitMs ? setTimeout(() => waiter.fail(new Error(WAITED_OUT)), this.#waitMs) : undefined;
      this.#waiting.set(waiter, waiter.since);
      (askedByPeople() ? this.#people : this.#background).push(waiter);
      this.#admit();
    });
  }

  /** #admit lets callers in while the pool has room: people first, then the rest, each lane oldest first. */
  #admit() {
    while (this.#admitted < this.#max) {
      const next = nextUnsettled(this.#people) ?? nextUnsettled(this.#background);
      if (!next) return;
      this.#admitted++;
      next.grant();
    }
  }

  #leave() {
    this.#admitted--;
    this.#admit();
  }

  /** The connection's release, set anew by pg-pool at each checkout, also gives its place to the next caller. */
  #returnOnRelease(client: pg.PoolClient) {
    const release = client.release;
    client.release = (err?: Error | boolean) => {
      release(err);
      this.#leave();
    };
  }
}

function nextUnsettled(lane: Waiter[]): Waiter | undefined {
  while (lane.length > 0) {
    const waiter = lane.shift() as Waiter;
    if (!waiter.settled) return waiter;
  }
  return undefined;
}

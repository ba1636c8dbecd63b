import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type DatabaseWatch, isDatabaseUnreachable } from './availability.ts';
import { type Lane, laneOf, startedWork } from './work-order.ts';

/** What a caller of a node cut off from PostgreSQL gets instead of a connection: an 08 (connection) SQLSTATE, a 503. */
export const unreachableError = () => Object.assign(new Error('PostgreSQL is unreachable from this node'), { code: '08006' });

/**
 * Progress tells a database that is slow from one that is gone. Under load statements wait long but some finish every
 * moment; cut off, none does. Nothing outstanding for `stallMs` without one finishing makes the watch probe.
 */
class Progress {
  // performance.now() throughout this file: a clock set forward would read as a stalled database or a queue backed up
  // (phones turned away), set back as a queue that never waits.
  #outstanding = 0;
  #lastAt = performance.now();
  /**
   * Off until the first answer: a node starting on a loaded box may wait seconds for its first connections, and a
   * probe failing then would fail its start-up (seen in a rolling upgrade at 2,000 + 2,000).
   */
  #answered = false;
  readonly #timer: NodeJS.Timeout;

  constructor(
    private readonly stallMs: number,
    onStall: () => void,
  ) {
    const check = () => this.#answered && this.stalled() && onStall();
    this.#timer = setInterval(check, Math.min(1_000, stallMs / 2));
    this.#timer.unref();
  }

  started() {
    // Time with nothing to do is not a stall.
    if (this.#outstanding++ === 0) this.#lastAt = performance.now();
  }

  /** `moved`: the database answered (a result or a refusal), rather than a timeout or a lost socket. */
  ended(moved: boolean) {
    this.#outstanding--;
    if (!moved) return;
    this.#lastAt = performance.now();
    this.#answered = true;
  }

  /** stalled: statements are outstanding and none has finished for `stallMs`. */
  stalled() {
    return this.#outstanding > 0 && performance.now() - this.#lastAt > this.stallMs;
  }

  stop() {
    clearInterval(this.#timer);
  }
}

const TIMED_OUT = 'Query read timeout';

interface Droppable {
  drop(): void;
}

const dropAll = (clients: Set<Droppable>) => {
  for (const client of [...clients]) client.drop();
};

/**
 * droppingClient builds the pool's client class. It closes its connection when a statement outlives the pool's
 * query timeout: node-postgres answers the caller with an error but keeps the connection, with the statement (and
 * its transaction) still open on the server, and drops the ROLLBACK that was queued behind it; returned to the pool,
 * that connection would run the next caller's statements inside the abandoned transaction and commit its half-done
 * writes with them. Closed, it is discarded, and PostgreSQL rolls the transaction back when it sees the connection go.
 */
function droppingClient(progress: Progress, running: Set<Droppable>) {
  return class DroppingClient extends pg.Client {
    #outstanding = 0;

    /** drop closes the connection: its statements fail with 'Connection terminated', and the pool discards it. */
    drop() {
      (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    }

    // biome-ignore lint/suspicious/noExplicitAny: node-postgres overloads query() a dozen ways; this only wraps it.
    override query(...args: any[]): any {
      progress.started();
      this.#outstanding++;
      running.add(this);
      const settle = (err: unknown) => {
        if (--this.#outstanding === 0) running.delete(this);
        progress.ended(!isDatabaseUnreachable(err));
        if (err instanceof Error && err.message === TIMED_OUT) this.drop();
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
      else settle(undefined);
      return result;
    }
  };
}

type Release = (err?: Error | boolean) => void;
type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: Release) => void;

/** What node-postgres answers a caller that waited out connectionTimeoutMillis (availability.ts reads it as a 503). */
const CONNECT_TIMEOUT = 'timeout exceeded when trying to connect';

/**
 * A caller queued for a connection: started once a connection is free, failed when the wait ends otherwise. `due`:
 * when it asked, plus the handicap of deferred work; the earliest due goes first.
 */
interface Waiter {
  due: number;
  take(): void;
  settled(): boolean;
}

/** How much later than a clerk asking at the same moment a phone is served, by default. */
const DEFERRED_BY_MS = 1_000;

/**
 * GuardedPool is node-postgres' pool that gives up on a database the watch has found gone, and that serves the
 * phones' statements after everyone else's.
 *
 * Gone: without it, a request let in just before a cut waits out the pool's queue (connectTimeoutMs) and then its own
 * statement (queryTimeoutMs): 22.6 s at 2,000 + 2,000 phones. Here `stallMs` without any statement finishing makes the
 * watch probe (Progress); when the probe fails, every caller still queued for a connection is answered at once, and
 * so is every later one until the watch sees the database again. The statements on the wire are answered too, as
 * soon as none has finished for `stallMs` while the database is gone: a caller let in just before the cut otherwise
 * waited out its queue and then its statement's timeout (17.3 s, bound 15 s). While some still finish (a database
 * full, not gone) they are left to run.
 * A write abandoned mid-way is what the statement timeout already handles: the connection is closed, and PostgreSQL
 * rolls its transaction back.
 *
 * Order (work-order.ts): a request under way (its work has had a connection) goes before any not yet begun; of
 * those, the phones' wait as if they had asked `deferredByMs` later than they did. A node that takes over a thousand
 * agents at once (a neighbour restarted) queues their credential checks and check-ins by the hundred; in one queue
 * a clerk's request of three statements waited behind them three times and passed the console's 10 s. A handicap,
 * not a lane that always goes first: under a lock fan-out the clerks' own calls keep the queue full, and strictly
 * behind them the dead node's agents took 55 s to be let back (bound 30 s). The pool admits callers itself, so
 * node-postgres' own queue stays empty and the order is this one.
 */
export class GuardedPool extends pg.Pool {
  /** Callers waiting for a connection (in either queue, or for one being opened): how to answer each. */
  readonly #waiting = new Set<(err: Error) => void>();
  readonly #queues: Record<Lane, Waiter[]> = { continuing: [], first: [], deferred: [] };
  /** Connections checked out, or being taken from node-postgres. */
  #taken = 0;
  readonly #max: number;
  readonly #connectTimeoutMs: number | undefined;
  readonly #progress: Progress;
  /** Connections with a statement outstanding. */
  readonly #running: Set<Droppable>;

  constructor(
    config: pg.PoolConfig,
    private readonly watch: DatabaseWatch,
    stallMs: number,
    private readonly deferredByMs = DEFERRED_BY_MS,
  ) {
    const running = new Set<Droppable>();
    // Stalled while the database is thought reachable: the watch probes. Stalled while it is known gone: the statements
    // on the wire were sent into the cut, also those sent on a checked-out connection after the watch turned.
    const progress = new Progress(stallMs, () => (watch.reachable ? watch.suspect() : dropAll(running)));
    super({ ...config, Client: droppingClient(progress, running) });
    this.#running = running;
    this.#progress = progress;
    this.#max = config.max ?? 10;
    this.#connectTimeoutMs = config.connectionTimeoutMillis || undefined;
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
    if (!callback) return super.end();
    super.end(callback);
  }

  /**
   * failWaiters answers every caller still queued for a connection (the watch has found the database gone), and
   * every statement on the wire if none has finished for the stall: those were sent into the cut.
   */
  failWaiters() {
    for (const fail of [...this.#waiting]) fail(unreachableError());
    if (this.#progress.stalled()) dropAll(this.#running);
  }

  /**
   * queueDelayMs is how long the next caller in line has waited past its due (0 with none queued): what a clerk asking
   * now waits at least. A phone's handicap is not counted as waiting.
   */
  queueDelayMs() {
    const next = this.#next(false);
    return next ? Math.max(0, performance.now() - next.due) : 0;
  }

  /** Callers waiting for a connection, in either queue (metrics). */
  get queued() {
    return this.#waiting.size;
  }

  #acquire(): Promise<pg.PoolClient> {
    if (!this.watch.reachable) return Promise.reject(unreachableError());
    this.#progress.started();
    const lane = laneOf();
    return new Promise((resolve, reject) => {
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      const settle = (moved: boolean) => {
        settled = true;
        clearTimeout(timer);
        this.#waiting.delete(fail);
        this.#progress.ended(moved);
      };
      const fail = (err: Error) => {
        if (settled) return;
        settle(false);
        reject(err);
      };
      const take = () => {
        this.#taken++;
        super.connect().then(
          (client) => {
            const counted = this.#counted(client);
            // Answered already (the database was found gone, or the deadline passed): the connection goes back unused.
            if (settled) return counted.release();
            settle(true);
            startedWork();
            resolve(counted);
          },
          (err: Error) => {
            this.#taken--;
            this.#admitNext();
            fail(err);
          },
        );
      };
      this.#waiting.add(fail);
      // One deadline from asking to connected, as node-postgres keeps it: a caller let in after a wait in this line
      // may still have to open a connection, and node-postgres would time that anew. On a node cut off from the
      // database, the two waits added up to a 503 after 17 s (bound 15 s).
      if (this.#connectTimeoutMs) timer = setTimeout(() => fail(new Error(CONNECT_TIMEOUT)), this.#connectTimeoutMs);
      if (this.#taken < this.#max) return take();
      const due = performance.now() + (lane === 'deferred' ? this.deferredByMs : 0);
      this.#queues[lane].push({ due, take, settled: () => settled });
    });
  }

  /** #counted makes a checked-out connection's release free its place for the next caller in line. */
  #counted(client: pg.PoolClient) {
    const release = client.release;
    let back = false;
    client.release = (err?: Error | boolean) => {
      release(err);
      if (back) return;
      back = true;
      this.#taken--;
      this.#admitNext();
    };
    return client;
  }

  #admitNext() {
    while (this.#taken < this.#max) {
      const next = this.#next(true);
      if (!next) return;
      next.take();
    }
  }

  /**
   * #next is the queued caller to serve next: a request under way, else the earliest due (callers answered meanwhile
   * are dropped); `take` removes it.
   */
  #next(take: boolean): Waiter | undefined {
    const first = this.#head('first');
    const deferred = this.#head('deferred');
    const lane: Lane = this.#head('continuing') ? 'continuing' : !deferred || (first && first.due <= deferred.due) ? 'first' : 'deferred';
    return take ? this.#queues[lane].shift() : this.#queues[lane][0];
  }

  #head(lane: Lane) {
    const queue = this.#queues[lane];
    while (queue.length > 0 && queue[0].settled()) queue.shift();
    return queue[0];
  }
}

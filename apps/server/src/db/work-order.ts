import { AsyncLocalStorage } from 'node:async_hooks';

/** A piece of work the pool orders its callers by: one request, a socket's frame. */
interface Work {
  /** It has had a connection: its next statements are a request under way. */
  started: boolean;
  /** The phones' work: they retry by protocol and their commands stay queued, while a clerk waits at a screen. */
  deferred: boolean;
}

const current = new AsyncLocalStorage<Work>();

/**
 * runWork runs `fn` as one piece of work. Everything it starts, awaited or not, belongs to it. `deferred`: the phones'
 * work, whose first statement waits behind the clerks' (GuardedPool).
 */
export const runWork = <T>(fn: () => T, options: { deferred: boolean }): T => current.run({ started: false, deferred: options.deferred }, fn);

/** deferWork runs `fn` as the phones' work. */
export const deferWork = <T>(fn: () => T): T => runWork(fn, { deferred: true });

/**
 * Where a caller's next connection request queues (GuardedPool): `continuing`, work that has had a connection, goes
 * first (a request under way is finished before another is begun, so a request of three statements waits its turn
 * once, not three times; and it may hold a transaction's rows that others wait on); then `first`, anything not yet
 * started (jobs, outside any work, always); `deferred`, the phones' not yet started, with a handicap.
 */
export type Lane = 'continuing' | 'first' | 'deferred';

export function laneOf(): Lane {
  const work = current.getStore();
  if (!work) return 'first';
  if (work.started) return 'continuing';
  return work.deferred ? 'deferred' : 'first';
}

/** startedWork marks the caller's work (if any) as having had a connection. */
export function startedWork() {
  const work = current.getStore();
  if (work) work.started = true;
}

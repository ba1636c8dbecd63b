import { AsyncLocalStorage } from 'node:async_hooks';

/** What the pool knows of a piece of deferred work: whether it has had a connection yet. */
interface DeferredWork {
  started: boolean;
}

const deferred = new AsyncLocalStorage<DeferredWork>();

/**
 * deferWork runs `fn` as work that can wait for a database connection: the phones'. They retry by protocol and their
 * commands stay queued, while a clerk waits at a screen; a node's pool serves every other caller first (GuardedPool).
 * Everything `fn` starts, awaited or not, carries the mark.
 */
export const deferWork = <T>(fn: () => T): T => deferred.run({ started: false }, fn);

/**
 * waitsBehind says whether the caller's next connection waits behind everyone else's: deferred work that has not had
 * one yet. Once started, it asks at everyone's pace: it may hold a transaction's rows that a clerk's request waits on,
 * and a phone's request begun is a request to finish.
 */
export function waitsBehind() {
  const work = deferred.getStore();
  return work !== undefined && !work.started;
}

/** startedWork marks the caller's deferred work (if any) as having had a connection. */
export function startedWork() {
  const work = deferred.getStore();
  if (work) work.started = true;
}

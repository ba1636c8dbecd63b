import { AsyncLocalStorage } from 'node:async_hooks';

const deferred = new AsyncLocalStorage<true>();

/**
 * deferWork runs `fn` as work that can wait for a database connection: the phones'. They retry by protocol and their
 * commands stay queued, while a clerk waits at a screen; a node's pool serves every other caller first (GuardedPool).
 * Everything `fn` starts, awaited or not, carries the mark.
 */
export const deferWork = <T>(fn: () => T): T => deferred.run(true, fn);

/** isDeferred says whether the caller runs inside deferWork. */
export const isDeferred = () => deferred.getStore() === true;

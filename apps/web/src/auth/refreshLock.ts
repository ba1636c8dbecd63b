/**
 * RefreshLock runs one token refresh at a time across the console's tabs. Tabs share the tokens in
 * localStorage, so a tab that waited reads the pair the first one stored instead of spending the same
 * refresh token again (the server would take a late repeat for a stolen token and end the session).
 */
export type RefreshLock = <T>(run: () => Promise<T>) => Promise<T>;

export const REFRESH_LOCK_NAME = 'lease-auth-refresh';

/** createInTabLock serialises the callers of this tab only. */
export function createInTabLock(): RefreshLock {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(run: () => Promise<T>) => {
    const result = tail.then(run, run);
    tail = result.catch(() => undefined);
    return result;
  };
}

/**
 * createRefreshLock uses the Web Locks API where the browser offers it. It is missing outside a secure
 * context (plain http on a LAN address): then only this tab is serialised, and the server's grace window
 * for a just-rotated refresh token keeps two racing tabs signed in.
 */
export function createRefreshLock(locks: Pick<LockManager, 'request'> | undefined = globalThis.navigator?.locks): RefreshLock {
  if (!locks) return createInTabLock();
  return <T>(run: () => Promise<T>) => locks.request(REFRESH_LOCK_NAME, run) as Promise<T>;
}

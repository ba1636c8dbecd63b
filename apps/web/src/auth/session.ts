import type { TokenPair } from '@lease/shared';
import { setSessionHint } from './sessionHint.ts';
import { authStore, type AuthTokens } from './storage.ts';

/** TokenStore is what the request client needs from the session; tests pass an in-memory one. */
export interface TokenStore {
  get(): AuthTokens | null;
  save(pair: TokenPair): void;
  clear(): void;
}

/** tokensFromPair turns a login/refresh answer into the stored session. */
export const tokensFromPair = (pair: TokenPair, now = Date.now()): AuthTokens => ({
  access_token: pair.access_token,
  refresh_token: pair.refresh_token,
  expires: now + pair.expires_in * 1000,
});

export const sessionTokens: TokenStore = {
  get: () => authStore.get(),
  save: (pair) => {
    authStore.set(tokensFromPair(pair));
    setSessionHint(true);
  },
  clear: () => {
    authStore.clear();
    setSessionHint(false);
  },
};

/** hasSession is spec §4's "logged in": an access or a refresh token is held. */
export function hasSession(tokens: AuthTokens | null = authStore.get()): boolean {
  return Boolean(tokens?.access_token || tokens?.refresh_token);
}

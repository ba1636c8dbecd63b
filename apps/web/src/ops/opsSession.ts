import type { TokenPair } from '@lease/shared';
import { tokensFromPair, type TokenStore } from '../auth/session.ts';
import type { AuthTokens } from '../auth/storage.ts';

/**
 * The operator console keeps its own session, apart from a store clerk's (`auth`): one browser may hold
 * both, and neither token is ever sent where the other belongs.
 */
const KEY = 'ops_auth';

function read(): AuthTokens | null {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<AuthTokens> | null;
    return v && typeof v.access_token === 'string' && typeof v.refresh_token === 'string'
      ? { access_token: v.access_token, refresh_token: v.refresh_token, expires: Number(v.expires) || 0 }
      : null;
  } catch {
    return null;
  }
}

export const opsTokens: TokenStore = {
  get: read,
  save: (pair: TokenPair) => localStorage.setItem(KEY, JSON.stringify(tokensFromPair(pair))),
  clear: () => localStorage.removeItem(KEY),
};

export const hasOpsSession = () => Boolean(read()?.refresh_token || read()?.access_token);

export const OPS_LOGIN_PATH = '/ops/login';
export const OPS_HOME_PATH = '/ops';
export const OPS_SETUP_PATH = '/ops/setup';

import type { TokenPair } from '@lease/shared';
import { logout as revokeSession } from '../api/auth.ts';
import { queryClient } from '../app/queryClient.ts';
import { LOGIN_PATH } from './paths.ts';
import { sessionTokens } from './session.ts';
import { authStore } from './storage.ts';

/** beginSession stores a new token pair and forgets everything cached for a previous clerk. */
export function beginSession(pair: TokenPair) {
  sessionTokens.save(pair);
  queryClient.clear();
}

/**
 * logout revokes the refresh token on the server, then ends the session here whatever the answer
 * (a failed revoke was already reported by the request client), and opens the login page.
 */
export async function logout(navigate: (to: string, opts: { replace: boolean }) => void | Promise<void>) {
  const refreshToken = authStore.get()?.refresh_token;
  if (refreshToken)
    await revokeSession(refreshToken).then(
      () => true,
      () => false,
    );
  sessionTokens.clear();
  await navigate(LOGIN_PATH, { replace: true });
  queryClient.clear();
}

import { AppError } from '../../http/app-error.ts';
import type { RotatingSession, RotationStore } from './auth.table.ts';
import { hashToken } from './tokens.ts';

export type { RotatingSession, RotationStore };

const MINUTE = 60_000;
/**
 * A refresh token spent less than this long ago is a repeat, not a theft: it answers with the same
 * successor pair. Long enough for a second tab or a retried request, short enough that a stolen spent
 * token is still caught (it revokes the session after the window).
 */
export const REFRESH_GRACE_MS = 20_000;

/**
 * rotateRefreshToken is the one refresh rule of both consoles: presenting a spent token revokes the whole
 * session (ASVS 10.4.5), except within REFRESH_GRACE_MS of its rotation, when it gets the same successor
 * again (two tabs or a retried request must not log the user out); an idle session ends on refresh too.
 * It returns the session, the successor and the rotation time (access tokens are signed as of it, so
 * every repeat gets the very same pair).
 */
export async function rotateRefreshToken<S extends RotatingSession>(
  store: RotationStore<S>,
  token: string,
  opts: { successorOf: (token: string) => string; idleMinutes: number },
): Promise<{ session: S; successor: string; rotatedAt: Date }> {
  const unauthorized = () => new AppError('UNAUTHORIZED');
  const row = await store.findRefreshToken(hashToken(token));
  if (!row) throw unauthorized();
  const { session } = row;
  const now = new Date();
  if (session.revokedAt || session.expiresAt <= now) throw unauthorized();
  const successor = opts.successorOf(token);
  let rotatedAt = row.usedAt;
  if (!rotatedAt) {
    if (now.getTime() - session.lastSeenAt.getTime() > opts.idleMinutes * MINUTE) {
      await store.revokeSession(session.id, 'idle');
      throw unauthorized();
    }
    // Null when a parallel refresh spent it first: then this one is a repeat inside the window.
    const won = await store.rotate(row.id, session.id, hashToken(successor), now);
    if (won) await store.touchSession(session.id, now);
    rotatedAt = won ?? (await store.usedAtOf(row.id));
  }
  if (!rotatedAt || now.getTime() - rotatedAt.getTime() > REFRESH_GRACE_MS) {
    await store.revokeSession(session.id, 'refresh-token-reuse');
    throw unauthorized();
  }
  return { session, successor, rotatedAt };
}

/**
 * logOut ends the session named by the refresh token or by the access token, whichever the console still holds
 * (an expired access token must not keep a session alive); neither naming a session is 401. Both consoles use it.
 */
export async function logOut<S extends RotatingSession>(
  store: RotationStore<S>,
  verify: (accessToken: string) => Promise<{ ok: true; claims: { sessionId: string } } | { ok: false }>,
  { accessToken, refreshToken }: { accessToken?: string; refreshToken?: string },
): Promise<void> {
  const sessions = new Set<string>();
  if (refreshToken) {
    const row = await store.findRefreshToken(hashToken(refreshToken));
    if (row) sessions.add(row.session.id);
  }
  if (accessToken) {
    const verified = await verify(accessToken);
    if (verified.ok) sessions.add(verified.claims.sessionId);
  }
  if (!sessions.size) throw new AppError('UNAUTHORIZED');
  for (const id of sessions) await store.revokeSession(id, 'logout');
}

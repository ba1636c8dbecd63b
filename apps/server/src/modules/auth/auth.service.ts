import { type LoginRequest, type TokenPair, LoginStatus, Perm, parsePermissionString } from '@lease/shared';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { ClerkRepo, ClerkRow } from '../clerk/clerk.repo.ts';
import type { LoginLogRepo } from '../logs/login-log.repo.ts';
import type { AuthRepo } from './auth.repo.ts';
import { type ClientInfo, createPasswordLogin } from './password-login.ts';
import { logOut, rotateRefreshToken } from './refresh-rotation.ts';
import { type AccessTokens, hashToken, newRefreshToken } from './tokens.ts';

export type { ClientInfo };

const MINUTE = 60_000;
/** What a disabled store's console and open API answer. */
export const STORE_DISABLED_MESSAGE = '门店已停用';
const HOUR = 60 * MINUTE;
/** Writing last_seen_at on every request would make the session row a hot spot (Fleet seen_time). */
const TOUCH_INTERVAL = MINUTE;
/** Re-exported: the grace window lives with the rotation rule both consoles share (refresh-rotation.ts). */
export { REFRESH_GRACE_MS } from './refresh-rotation.ts';

interface Deps {
  config: Config['auth'];
  tokens: AccessTokens;
  authRepo: AuthRepo;
  clerkRepo: ClerkRepo;
  loginLog: LoginLogRepo;
}

/** permsOf is the permission list of spec §3: the stored codes, plus Admin for the store admin. */
export const permsOf = (c: Pick<ClerkRow, 'isAdmin' | 'permission'>): string[] => {
  const perms: string[] = parsePermissionString(c.permission);
  return c.isAdmin ? [Perm.ADMIN, ...perms.filter((p) => p !== Perm.ADMIN)] : perms;
};

/** createAuthService owns sessions: login with throttling, rotation of refresh tokens, per-request checks. */
export function createAuthService({ config, tokens, authRepo, clerkRepo, loginLog }: Deps) {
  const unauthorized = () => new AppError('UNAUTHORIZED');

  async function issueSession(c: ClerkRow, client: ClientInfo): Promise<TokenPair> {
    const expiresAt = new Date(Date.now() + config.sessionAbsoluteHours * HOUR);
    const sessionId = await authRepo.createSession({ clerkId: c.id, storeId: c.storeId, expiresAt, ...client });
    const refresh = newRefreshToken();
    await authRepo.insertRefreshToken(sessionId, hashToken(refresh));
    const access = await tokens.sign({ clerkId: c.id, storeId: c.storeId, sessionId });
    return { access_token: access, refresh_token: refresh, expires_in: tokens.ttlSeconds };
  }

  const checkPassword = createPasswordLogin(config, {
    find: (account) => clerkRepo.findByPhone(account),
    attempts: loginLog,
    record: ({ account, status, found, client }) => loginLog.insert({ account, status, storeId: found?.storeId, clerkId: found?.id, ...client }),
    messages: { tooManyFailures: '该账号登录失败次数过多，请稍后再试或通过“忘记密码”重置密码', disabled: '账号已停用，请联系门店管理员' },
  });

  return {
    issueSession,

    async login({ account, password }: LoginRequest, client: ClientInfo): Promise<TokenPair> {
      const { found, log } = await checkPassword(account, password, client);
      // A store the operator disabled cannot sign in at all; its phones stay managed meanwhile.
      if (await authRepo.storeDisabled(found.storeId)) {
        await log(LoginStatus.DISABLED);
        throw new AppError('PERMISSION_DENIED', STORE_DISABLED_MESSAGE);
      }
      await log(LoginStatus.SUCCESS);
      return issueSession(found, client);
    },

    /**
     * refresh rotates the refresh token; presenting a spent one revokes the whole session (ASVS 10.4.5),
     * except within REFRESH_GRACE_MS of its rotation, when it gets the same successor pair again: two tabs
     * (or a retried request) refreshing with one token at once must not log the clerk out.
     */
    async refresh(token: string): Promise<TokenPair> {
      const { session, successor, rotatedAt } = await rotateRefreshToken(authRepo, token, {
        successorOf: (t) => tokens.successorOf(t),
        idleMinutes: config.sessionIdleMinutes,
      });
      const principal = await authRepo.loadPrincipal(session.id);
      if (!principal || principal.clerk.disabled || principal.session.revokedAt || principal.storeDisabledAt) throw unauthorized();
      // Signed as of the rotation, so every repeat within the window gets the very same access token.
      const access = await tokens.sign({ clerkId: session.clerkId, storeId: session.storeId, sessionId: session.id }, rotatedAt);
      return { access_token: access, refresh_token: successor, expires_in: tokens.ttlSeconds };
    },

    /**
     * logout ends the session named by the refresh token in the body or by the bearer token, whichever the
     * console still holds (an expired access token must not keep a session alive). Unknown tokens get 401.
     */
    logout: (tokensHeld: { accessToken?: string; refreshToken?: string }) => logOut(authRepo, (t) => tokens.verify(t), tokensHeld),

    /** endSessions is called on password change and clerk disable: every token of the clerk stops at once. */
    endSessions: (clerkId: string, reason: string) => authRepo.revokeClerkSessions(clerkId, reason),

    /** endStoreSessions ends every session of a store at once (the operator disabled it). */
    endStoreSessions: (storeId: string, reason: string) => authRepo.revokeStoreSessions(storeId, reason),

    /** authenticate is the per-request check: a valid signature is not enough, the session must be live. */
    async authenticate(token: string): Promise<AuthContext> {
      const verified = await tokens.verify(token);
      if (!verified.ok) throw verified.expired ? new AppError('TOKEN_EXPIRED') : unauthorized();
      const { claims } = verified;
      const row = await authRepo.loadPrincipal(claims.sessionId);
      if (!row) throw unauthorized();
      const { session, clerk } = row;
      const now = new Date();
      const idle = now.getTime() - session.lastSeenAt.getTime() > config.sessionIdleMinutes * MINUTE;
      const mismatch = clerk.id !== claims.clerkId || clerk.storeId !== claims.storeId || session.storeId !== claims.storeId;
      if (session.revokedAt || session.expiresAt <= now || idle || clerk.disabled || mismatch) throw unauthorized();
      // Disabling a store revokes its sessions; this check also covers a token verified in the same instant.
      if (row.storeDisabledAt) throw new AppError('PERMISSION_DENIED', STORE_DISABLED_MESSAGE);
      if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL) await authRepo.touchSession(session.id, now);
      return {
        clerkId: clerk.id,
        storeId: clerk.storeId,
        sessionId: session.id,
        isAdmin: clerk.isAdmin,
        perms: permsOf(clerk),
        modules: row.modules,
      };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

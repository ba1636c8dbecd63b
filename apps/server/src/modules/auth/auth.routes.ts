import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginRequest, logoutRequest, refreshRequest, resetPasswordRequest } from '@lease/shared';
import { bearer } from '../../http/authz.ts';
import { clientOf } from '../../http/client-info.ts';
import type { AuthService } from './auth.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';

/** Auth calls of spec §7: login, refresh, logout, reset-password. */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; passwordReset: PasswordResetService }> = async (app, { auth, passwordReset }) => {
  app.post('/api/auth/login', { config: { auth: 'public' }, schema: { tags: ['auth'], body: loginRequest } }, (req) => auth.login(req.body, clientOf(req)));
  app.post('/api/auth/refresh', { config: { auth: 'public' }, schema: { tags: ['auth'], body: refreshRequest } }, (req) =>
    auth.refresh(req.body.refresh_token),
  );
  // Public: the console may hold only a refresh token (its access token expired); the service decides.
  app.post('/api/auth/logout', { config: { auth: 'public' }, schema: { tags: ['auth'], body: logoutRequest.nullish() } }, async (req) => {
    await auth.logout({ accessToken: bearer(req) ?? undefined, refreshToken: req.body?.refresh_token || undefined });
    return { ok: true as const };
  });
  app.put('/api/auth/reset-password', { config: { auth: 'public' }, schema: { tags: ['auth'], body: resetPasswordRequest } }, async (req) => {
    await passwordReset.resetPassword(req.body, req.ip);
    return { ok: true as const };
  });
};

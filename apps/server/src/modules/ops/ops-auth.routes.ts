import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { logoutRequest, opsChangePasswordRequest, opsLoginRequest, opsTotpConfirmRequest, refreshRequest } from '@lease/shared';
import { bearer, requireOperator } from '../../http/authz.ts';
import { clientOf } from '../../http/client-info.ts';
import type { OpsAuthService } from './ops-auth.service.ts';

const tags = ['ops'];

/** Operator sign-in (/ops/login), session upkeep and the first-sign-in setup: new password, TOTP enrolment. */
export const opsAuthRoutes: FastifyPluginAsyncZod<{ auth: OpsAuthService }> = async (app, { auth }) => {
  app.post('/api/ops/auth/login', { config: { auth: 'public' }, schema: { tags, body: opsLoginRequest } }, (req) => auth.login(req.body, clientOf(req)));
  app.post('/api/ops/auth/refresh', { config: { auth: 'public' }, schema: { tags, body: refreshRequest } }, (req) => auth.refresh(req.body.refresh_token));
  app.post('/api/ops/auth/logout', { config: { auth: 'public' }, schema: { tags, body: logoutRequest.nullish() } }, async (req) => {
    await auth.logout({ accessToken: bearer(req) ?? undefined, refreshToken: req.body?.refresh_token || undefined });
    return { ok: true as const };
  });
  app.get('/api/ops/me', { config: { auth: 'operator-setup' }, schema: { tags } }, (req) => auth.me(requireOperator(req)));
  app.put('/api/ops/me/password', { config: { auth: 'operator-setup' }, schema: { tags, body: opsChangePasswordRequest } }, async (req) => {
    await auth.changePassword(requireOperator(req), req.body.old_password, req.body.new_password, req.ip);
    return { ok: true as const };
  });
  app.post('/api/ops/me/totp', { config: { auth: 'operator-setup' }, schema: { tags } }, (req) => auth.beginTotp(requireOperator(req)));
  app.post('/api/ops/me/totp/confirm', { config: { auth: 'operator-setup' }, schema: { tags, body: opsTotpConfirmRequest } }, async (req) => {
    await auth.confirmTotp(requireOperator(req), req.body.code, req.ip);
    return { ok: true as const };
  });
};

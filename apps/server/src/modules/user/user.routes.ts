import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lostModalContent, updatePasswordRequest } from '@lease/shared';
import { requireAuth } from '../../http/authz.ts';
import type { UserService } from './user.service.ts';

/** User calls of spec §7: the signed-in clerk's own info, lock-screen text and passwords. */
export const userRoutes: FastifyPluginAsyncZod<{ user: UserService }> = async (app, { user }) => {
  const authed = { auth: 'authenticated' } as const;
  app.get('/api/user/me', { config: authed, schema: { tags: ['user'] } }, (req) => user.me(requireAuth(req)));
  app.get('/api/user/lost-modal-content', { config: authed, schema: { tags: ['user'] } }, (req) => user.getLostModalContent(requireAuth(req)));
  app.put('/api/user/lost-modal-content', { config: authed, schema: { tags: ['user'], body: lostModalContent } }, (req) =>
    user.setLostModalContent(requireAuth(req), req.body),
  );
  app.put('/api/user/update-password', { config: authed, schema: { tags: ['user'], body: updatePasswordRequest } }, async (req) => {
    await user.updatePassword(requireAuth(req), req.body);
    return { ok: true as const };
  });
};

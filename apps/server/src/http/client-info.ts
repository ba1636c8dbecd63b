import type { FastifyRequest } from 'fastify';

/** clientOf is what the login log and sessions record about the caller. */
export const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
});

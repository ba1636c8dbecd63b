import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { UUID_RE } from '@lease/shared';
import { badInputMessage } from '../../db/errors.ts';
import { type DepEnrollService, DepEnrollRefusal } from './dep-enroll.service.ts';

const BODY_LIMIT = 256 * 1024;

/**
 * The URL our DEP profile gives Apple: during Setup Assistant the phone POSTs its CMS-signed MachineInfo
 * (Content-Type application/pkcs7-signature) and gets the enrolment profile back. Errors are JSON 4xx (never 401,
 * see DeviceRefusal); our own failures are 5xx so Setup Assistant lets the hirer retry.
 */
export const depEnrollRoutes: FastifyPluginAsync<{ enroll: DepEnrollService }> = async (app, { enroll }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DepEnrollRefusal) return reply.code(error.status).send({ code: error.code, message: error.message });
    const badInput = badInputMessage(error);
    if (badInput) return reply.code(400).send({ code: 'lease.bad-request', message: badInput });
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 401 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'DEP enrolment failed');
    return reply
      .code(status)
      .send({ code: status >= 500 ? 'lease.server-error' : 'lease.bad-request', message: status >= 500 ? 'temporary failure' : error.message });
  });

  app.post<{ Params: { storeId: string } }>('/mdm/dep/enroll/:storeId', async (request, reply) => {
    if (!UUID_RE.test(request.params.storeId)) throw new DepEnrollRefusal(404, 'lease.unknown-store', 'no ABM server here');
    const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/pkcs7-signature') throw new DepEnrollRefusal(400, 'lease.bad-content-type', 'expected application/pkcs7-signature');
    if (!Buffer.isBuffer(request.body) || !request.body.length) throw new DepEnrollRefusal(400, 'lease.bad-machine-info', 'empty body');
    const profile = await enroll.profileFor(request.params.storeId, request.body);
    return reply.code(200).header('content-type', 'application/x-apple-aspen-config').send(profile);
  });
};

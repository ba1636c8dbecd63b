import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import { DB_RETRY_AFTER_S, isDatabaseUnreachable } from '../../db/availability.ts';
import { badInputMessage } from '../../db/errors.ts';
import type { CheckinService } from './checkin.service.ts';
import type { ConnectService } from './connect.service.ts';
import { DeviceRefusal } from './device-refusal.ts';
import type { EnrollmentRepo } from './enrolment.repo.ts';
import type { ChallengeContext, ChallengeRepo } from './challenge.repo.ts';
import type { MdmKeys } from './mdm-keys.ts';
import { verifyMdmSignature } from './pki/mdm-signature.ts';
import { SCEP_CONTENT_TYPE, createScepServer } from './pki/scep-server.ts';
import { PlistError, parsePlistDict } from './plist.ts';
import { spreadS, stepAside } from '../../http/step-aside.ts';

const MDM_BODY_LIMIT = 2 * 1024 * 1024;
const CHECKIN_TYPES = ['application/x-apple-aspen-mdm-checkin', 'application/x-apple-aspen-mdm'];

interface Options {
  keys: MdmKeys;
  checkin: CheckinService;
  connect: ConnectService;
  challenges: ChallengeRepo;
  enrollments: EnrollmentRepo;
  /** Whether this node's database queue is backed up (Database.backedUp): the phone is asked to come back. */
  busy?: () => boolean;
}

/**
 * The device side of Apple MDM: check-in and connect (plist over PUT, identity from the Mdm-Signature
 * header, see DESIGN §5) and the SCEP endpoint of the enrolment profile. These routes have their own error
 * handler: refusals are 403 (never 401), broken bodies 4xx, and our own failures 5xx so the phone retries.
 */
export const mdmRoutes: FastifyPluginAsync<Options> = async (app, { keys, checkin, connect, challenges, enrollments, busy }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MDM_BODY_LIMIT }, (_req, body, done) => done(null, body));

  // Only the command channel, before the body is read or the signature checked: the phone's command stays queued
  // and it comes back. Never check-ins: a refused Authenticate or TokenUpdate fails a profile install on the phone.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url !== '/mdm/connect' || !busy?.()) return done();
    stepAside(reply, spreadS(2, 10), '服务器繁忙，请稍后重试', { code: 'lease.unavailable', message: 'busy' });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DeviceRefusal) {
      request.log.warn({ reason: error.reason, detail: error.detail }, 'MDM request refused');
      return reply.code(error.status).send(error.body());
    }
    if (error instanceof PlistError) return reply.code(400).send({ code: 'lease.bad-plist', message: error.message });
    const badInput = badInputMessage(error);
    if (badInput) return reply.code(400).send({ code: 'lease.bad-request', message: badInput });
    // The phone comes back after Retry-After; its command stays queued.
    if (isDatabaseUnreachable(error))
      return reply.code(503).header('retry-after', String(DB_RETRY_AFTER_S)).send({ code: 'lease.unavailable', message: 'database unreachable' });
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 401 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'MDM request failed; the phone will retry');
    return reply
      .code(status)
      .send({ code: status >= 500 ? 'lease.server-error' : 'lease.bad-request', message: status >= 500 ? 'temporary failure' : error.message });
  });

  function identify(header: string | string[] | undefined, body: Buffer) {
    const verified = verifyMdmSignature(typeof header === 'string' ? header : undefined, body, keys.ca.cert);
    if (!verified.ok) throw new DeviceRefusal('unknown-identity', verified.reason);
    return { fingerprint: verified.fingerprint };
  }

  function bodyOf(contentType: string | undefined, body: unknown): Buffer {
    const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
    // No Content-Type at all is accepted, as NanoMDM does (some clients send none); a wrong one is still 415.
    if (type && !CHECKIN_TYPES.includes(type)) throw Object.assign(new Error('unsupported content type'), { statusCode: 415 });
    if (!Buffer.isBuffer(body) || body.length === 0) throw new DeviceRefusal('bad-message', 'empty body');
    return body;
  }

  const empty = (reply: FastifyReply) => reply.code(200).header('content-type', 'application/xml').send('');

  app.put('/mdm/checkin', async (request, reply) => {
    const body = bodyOf(request.headers['content-type'], request.body);
    const id = identify(request.headers['mdm-signature'], body);
    const answer = await checkin.handle(id, parsePlistDict(body));
    // DeclarativeManagement's tokens, declaration-items and declarations are JSON (Apple's DDM protocol).
    if (answer?.json !== undefined) return reply.code(answer.status).header('content-type', 'application/json').send(JSON.stringify(answer.json));
    return answer && answer.status !== 200 ? reply.code(answer.status).send('') : empty(reply);
  });

  app.put('/mdm/connect', async (request, reply) => {
    const body = bodyOf(request.headers['content-type'], request.body);
    const id = identify(request.headers['mdm-signature'], body);
    const next = await connect.handle(id, parsePlistDict(body));
    return next ? reply.code(200).header('content-type', 'application/xml; charset=utf-8').send(next) : empty(reply);
  });

  const scep = createScepServer<ChallengeContext>({
    ca: keys.ca,
    checkChallenge: async (challenge) => {
      const context = await challenges.consume(challenge);
      return context ? { ok: true, context } : { ok: false };
    },
  });

  async function pkiOperation(message: Buffer, reply: FastifyReply) {
    const result = await scep.pkiOperation(message);
    if (result.status === 'malformed') {
      reply.log.warn({ reason: result.reason }, 'SCEP PKIOperation unreadable (HTTP 400)');
      return reply.code(400).type('text/plain').send(result.reason);
    }
    if (result.status === 'failed')
      reply.log.warn({ failInfo: result.failInfo, reason: result.reason, transactionId: result.transactionId }, 'SCEP PKIOperation refused');
    if (result.status === 'issued') {
      const { context, certificate } = result;
      await enrollments.recordIdentity({
        fingerprint: certificate.fingerprint,
        storeId: context.storeId,
        clerkId: context.clerkId,
        deviceId: context.deviceId,
        notAfter: certificate.notAfter,
        renewal: context.renewal === true,
      });
    }
    return reply.code(200).type(SCEP_CONTENT_TYPE.pkiMessage).send(result.certRep);
  }

  app.get<{ Querystring: { operation?: string; message?: string } }>('/mdm/scep', async (request, reply) => {
    switch (request.query.operation) {
      case 'GetCACaps':
        return reply.type(SCEP_CONTENT_TYPE.caCaps).send(scep.getCaCaps());
      case 'GetCACert':
        return reply.type(SCEP_CONTENT_TYPE.caCert).send(scep.getCaCert());
      case 'PKIOperation':
        return pkiOperation(Buffer.from(request.query.message ?? '', 'base64'), reply);
      default:
        return reply.code(400).type('text/plain').send('unknown SCEP operation');
    }
  });

  app.post<{ Querystring: { operation?: string } }>('/mdm/scep', async (request, reply) => {
    if (request.query.operation !== 'PKIOperation' || !Buffer.isBuffer(request.body)) return reply.code(400).type('text/plain').send('expected PKIOperation');
    return pkiOperation(request.body, reply);
  });
};

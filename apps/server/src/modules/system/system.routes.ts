import { enrolmentIsHttps } from '../../mdm/apple/enrolment-url.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type ServerVersion,
  checkNeedSmsVerifyQuery,
  registerStoreRequest,
  smsChallengeResponse,
  smsVerifyNoAuthRequest,
  smsVerifyRequest,
} from '@lease/shared';
import type { Config } from '../../config.ts';
import { requireAuth } from '../../http/authz.ts';
import { clientOf } from '../../http/client-info.ts';
import type { RegisterStoreService } from '../store/register-store.service.ts';
import type { SystemService } from './system.service.ts';

interface Options {
  system: SystemService;
  registerStore: RegisterStoreService;
  /** Whether public self-registration is on (the operator's switch); the register page asks before showing its form. */
  registrationOpen?: () => Promise<boolean>;
  config: Config;
  version: ServerVersion;
}

/** System and helper calls of spec §7 that the foundation needs. */
export const systemRoutes: FastifyPluginAsyncZod<Options> = async (app, { system, registerStore, config, version, registrationOpen }) => {
  const tags = ['system'];
  app.post('/api/system/smsverify', { config: { auth: 'authenticated' }, schema: { tags, body: smsVerifyRequest } }, (req) =>
    system.sendForClerk(requireAuth(req), req.body.purpose, req.body.phone_number, req.ip),
  );
  app.post(
    '/api/system/smsverify-noauth',
    { config: { auth: 'public' }, schema: { tags, summary: '登录前获取验证码（首次之后需附人机验证 proof）', body: smsVerifyNoAuthRequest } },
    (req) => system.sendPublic(req.body.phone_number, req.body.purpose, req.ip, req.body.proof),
  );
  app.get(
    '/api/system/sms-challenge',
    { config: { auth: 'public' }, schema: { tags, summary: '获取人机验证题目（工作量证明）', response: { 200: smsChallengeResponse } } },
    (_req, reply) => {
      // Each answer is a fresh challenge: no cache may hand one out twice.
      reply.header('cache-control', 'no-store');
      return system.smsChallenge();
    },
  );
  app.post('/api/system/register-store', { config: { auth: 'public' }, schema: { tags, body: registerStoreRequest } }, (req) =>
    registerStore.register(req.body, clientOf(req)),
  );
  app.get('/api/system/registration', { config: { auth: 'public' }, schema: { tags } }, async () => ({
    open: registrationOpen ? await registrationOpen() : true,
  }));
  app.get('/api/system/permission-map', { config: { auth: 'authenticated' }, schema: { tags } }, () => system.permissionMap());
  app.get('/api/system/check-need-sms-verify', { config: { auth: 'authenticated' }, schema: { tags, querystring: checkNeedSmsVerifyQuery } }, (req) =>
    system.needSmsVerify(requireAuth(req)),
  );
  app.get('/api/system/client-config', { config: { auth: 'public' }, schema: { tags } }, () => ({
    flow_bill_url: config.links.flowBillUrl,
    amap_key: config.amapKey,
    amap_security_code: config.amapSecurityCode,
    // false: enrolment profiles carry http URLs, which iOS refuses; the console's enrolment dialogs say so.
    ios_enrolment_https: enrolmentIsHttps(config.publicUrl ?? ''),
  }));
  app.get('/api/helper/server-version', { config: { auth: 'public' }, schema: { tags: ['helper'] } }, () => version);
};

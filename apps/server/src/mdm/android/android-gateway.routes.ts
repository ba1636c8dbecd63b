import fs from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AgentPolicy,
  CheckinRequest,
  CheckinResponse,
  CommandResultsRequest,
  CommandsResponse,
  EnrollRequest,
  EnrollResponse,
} from '@lease/shared/agent-protocol';
import { AppError } from '../../http/app-error.ts';
import { type AgentIdentity, AgentRefusal, isCredentialFailure } from './agent-auth.ts';
import { TOO_MANY_FAILURES, claimedDevice } from './agent-failures.ts';
import { WS_PATH } from './agent-hub.ts';
import type { AndroidEngineInternal } from './android-engine.ts';
import { AGENT_APK_PATH, agentApkFile } from './enroll-token.service.ts';
import { buildPolicy } from './policy.ts';
import { spreadS, stepAside } from '../../http/step-aside.ts';

const AGENT_BODY_LIMIT = 1024 * 1024;
const tags = ['android-agent'];
/** Every signed route documents the header; the scheme is in docs/android-agent-protocol.md. */
const signed = z.object({ authorization: z.string().optional().describe('AgentSig device="<设备 id>", ts="<毫秒时间戳>", sig="<ECDSA P-256 签名, base64>"') });

/**
 * androidGatewayRoutes registers the agent protocol /agent/v1 (each call signed with the agent's own key; never
 * the console's token). JSON bodies are kept raw for the signature check. The console's enrolment calls are
 * the android-device module's.
 */
export interface AndroidGatewayOptions {
  android: AndroidEngineInternal;
  /** The JPEG bytes of one of the store's wallpapers, or null when the id is not the store's (handed in by app.ts). */
  wallpaperContent: (storeId: string, id: string) => Promise<Buffer | null>;
}

export const androidGatewayRoutes: FastifyPluginAsyncZod<AndroidGatewayOptions> = async (app, { android, wallpaperContent }) => {
  const gw = android.gateway;
  gw.hub.attach(app.server);

  // A check-in and a policy read can come later (the agent checks in again and the socket re-serves its commands);
  // while the queue is backed up they step aside, before the signature costs a statement, so the clerks' requests
  // do not queue behind a reconnect burst's. Results are never refused: they are the phones' answers.
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?')[0];
    if ((path !== '/agent/v1/checkin' && path !== '/agent/v1/policy') || !gw.busy()) return done();
    stepAside(reply, spreadS(2, 10), '服务器繁忙，请稍后重试');
  });
  // Before the HTTP server closes: upgraded sockets would otherwise hold it open.
  app.addHook('preClose', async () => gw.hub.close());

  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: AGENT_BODY_LIMIT }, (request, body, done) => {
    const raw = body as Buffer;
    request.rawBody = raw;
    if (raw.length === 0) return done(null, undefined);
    try {
      done(null, JSON.parse(raw.toString('utf8')));
    } catch {
      request.badJson = true;
      done(null, undefined);
    }
  });

  /** rejectBadJson answers a body that was not JSON; signed routes call it only after the signature. */
  const rejectBadJson = async (request: FastifyRequest) => {
    if (request.badJson) throw new AppError('VALIDATION_FAILED', '请求体不是有效的 JSON');
  };

  /**
   * enrolClaim stands for the claimed device of an enrolment (it has no id yet) in the failure counts: the token
   * it brings, so phones scanning a stale code wait without blocking the others enrolling on the same Wi-Fi.
   */
  const enrolClaim = (request: FastifyRequest): string => {
    const token = (request.body as { token?: unknown } | undefined)?.token;
    return `enroll:${typeof token === 'string' ? token : ''}`;
  };

  /**
   * throttled answers 429 with Retry-After while the caller waits out its failures: those of the device it claims
   * to be from its address, or of its whole address (AGENT_FAILURE_LIMITS).
   */
  function throttled(request: FastifyRequest, reply: FastifyReply, claimed: string) {
    const wait = gw.failures.retryAfter(request.ip, claimed);
    if (!wait) return;
    reply.header('retry-after', String(wait));
    throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_FAILURES);
  }

  /**
   * verifyAgent runs before the body schema: a caller without a valid signature learns nothing about
   * what a valid body looks like, and its failure counts toward its limits (AGENT_FAILURE_LIMITS).
   */
  async function verifyAgent(request: FastifyRequest, reply: FastifyReply) {
    const claimed = claimedDevice(request.headers.authorization);
    throttled(request, reply, claimed);
    try {
      const who = await gw.auth.verify({ method: request.method, path: request.url, authorization: request.headers.authorization, body: request.rawBody });
      gw.hub.markSeen(who.deviceId);
      request.agentIdentity = who;
    } catch (err) {
      if (isCredentialFailure(err)) gw.failures.fail(request.ip, claimed);
      if (err instanceof AgentRefusal && err.serverTime) reply.header('x-server-time', String(err.serverTime));
      throw err;
    }
    await rejectBadJson(request);
  }

  /** signedRoute is the route option every AgentSig-signed call carries. */
  const signedRoute = { preValidation: verifyAgent };
  const agent = (request: FastifyRequest): AgentIdentity => {
    if (!request.agentIdentity) throw new AgentRefusal(401, '设备凭证无效');
    return request.agentIdentity;
  };

  app.post(
    '/agent/v1/enroll',
    {
      // A wrong or expired token counts toward the failure limits like a bad signature (the token as the claim).
      preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
        throttled(request, reply, enrolClaim(request));
        await rejectBadJson(request);
      },
      schema: {
        tags,
        summary: '设备用一次性接入令牌（二维码或厂商渠道）接入，换取设备 id 与离线码密钥',
        body: EnrollRequest,
        response: { 200: EnrollResponse },
      },
    },
    async (request) => {
      try {
        return await gw.enrolment.enroll(request.body);
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 401) gw.failures.fail(request.ip, enrolClaim(request));
        throw err;
      }
    },
  );

  app.get(
    '/agent/v1/policy',
    { ...signedRoute, schema: { tags, summary: '拉取完整策略（期望状态）', headers: signed, response: { 200: AgentPolicy } } },
    async (request, _reply) => {
      const who = agent(request);
      const policy = await buildPolicy(gw.db, who.deviceId, gw.publicUrl());
      if (!policy) throw new AgentRefusal(401, '设备凭证无效');
      return policy;
    },
  );

  app.post(
    '/agent/v1/checkin',
    {
      ...signedRoute,
      schema: { tags, summary: '上报设备信息、锁屏状态、离线码使用记录', headers: signed, body: CheckinRequest, response: { 200: CheckinResponse } },
    },
    async (request, _reply) => {
      const who = agent(request);
      return gw.checkins.checkin(who, request.body);
    },
  );

  app.get(
    '/agent/v1/commands',
    { ...signedRoute, schema: { tags, summary: '轮询待执行指令（WebSocket 不可用时）', headers: signed, response: { 200: CommandsResponse } } },
    async (request, _reply) => {
      const who = agent(request);
      const commands = await gw.queue.serve([who.deviceId], true);
      return { commands: commands.map((c) => ({ id: c.id, type: c.type, payload: c.payload })) };
    },
  );

  app.post(
    '/agent/v1/results',
    {
      ...signedRoute,
      schema: {
        tags,
        summary: '回报指令执行结果（按指令 id 只记录一次）',
        headers: signed,
        body: CommandResultsRequest,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, _reply) => {
      const who = agent(request);
      await gw.results.submit(who.deviceId, request.body.results);
      return { ok: true as const };
    },
  );

  app.get(
    '/agent/v1/wallpapers/:id',
    { ...signedRoute, schema: { tags, summary: '下载壁纸（本门店的壁纸）', headers: signed, params: z.object({ id: z.string().uuid() }) } },
    async (request, reply) => {
      const who = agent(request);
      const content = await wallpaperContent(who.storeId, request.params.id);
      if (!content) throw new AppError('NOT_FOUND', '壁纸不存在');
      return reply.type('image/jpeg').send(content);
    },
  );

  app.get(
    WS_PATH,
    { schema: { tags, summary: 'WebSocket 推送通道（Upgrade 请求，签名同上；帧格式见 docs/android-agent-protocol.md）', headers: signed } },
    (_request, reply) =>
      reply.code(426).header('upgrade', 'websocket').send({ statusCode: 426, code: 'VALIDATION_FAILED', message: '请使用 WebSocket 连接此地址' }),
  );

  app.get(AGENT_APK_PATH, { schema: { tags, summary: '下载设备代理应用安装包' } }, async (_request, reply) => {
    const file = gw.dataDir ? agentApkFile(gw.dataDir) : null;
    if (!file || !fs.existsSync(file)) throw new AppError('NOT_FOUND', '服务器尚未放置设备代理应用安装包（DATA_DIR/android-agent/agent.apk）');
    return reply.type('application/vnd.android.package-archive').send(fs.createReadStream(file));
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { androidAppDownloadLink, androidEnrollTokenRequest, androidEnrollTokenResponse } from '@lease/shared/agent-protocol';
import { Module, Perm } from '@lease/shared';
import { requireAuth } from '../../http/authz.ts';
import type { AndroidEnrolmentService } from './android-enrolment.service.ts';

/** The console's Android enrolment calls: the QR code's one-time token and the agent APK's download link. */
export const androidEnrolmentRoutes: FastifyPluginAsyncZod<{ enrolment: AndroidEnrolmentService }> = async (app, { enrolment }) => {
  const tags = ['android-device'];

  app.post(
    '/api/device/android/enroll-token',
    {
      config: { auth: { perms: [Perm.ANDROID_LIST_NEW] }, module: Module.ANDROID },
      schema: { tags, summary: '生成设备接入二维码（一次性令牌）', body: androidEnrollTokenRequest, response: { 200: androidEnrollTokenResponse } },
    },
    (request) => enrolment.issueToken(requireAuth(request), { forClerkId: request.body.for_clerk_id, channel: request.body.channel }),
  );

  app.get(
    '/api/device/android/mdm-app-download-link',
    { config: { auth: 'authenticated', module: Module.ANDROID }, schema: { tags, summary: '设备代理应用下载地址', response: { 200: androidAppDownloadLink } } },
    (request) => enrolment.downloadLink(requireAuth(request)),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Module,
  Perm,
  cancelScheduleRequest,
  changeForClerkRequest,
  deviceIdBody,
  deviceLogQuery,
  iosListQuery,
  iosNewRequest,
  operationLogListQuery,
  updateHirerRequest,
  updateRemarkRequest,
  uuid,
} from '@lease/shared';
import { requireAuth, requirePerm } from '../../http/authz.ts';
import type { OperationLogQuery } from '../logs/operation-log.query.ts';
import type { IosCommandService } from './ios-command.service.ts';
import type { IosDeviceService } from './ios-device.service.ts';
import type { IosExportService } from './ios-export.service.ts';
import type { IosRegistrationService } from './ios-registration.service.ts';

interface Options {
  devices: IosDeviceService;
  registration: IosRegistrationService;
  commands: IosCommandService;
  exporter: IosExportService;
  operationLogs: OperationLogQuery;
}

/** Apple device calls of spec §7 other than commands: lists, detail, helpers, logs and record edits. */
export const iosDeviceRoutes: FastifyPluginAsyncZod<Options> = async (app, { devices, registration, commands, exporter, operationLogs }) => {
  const tags = ['ios-device'];
  const authed = { auth: 'authenticated', module: Module.APPLE } as const;
  const base = '/api/device/ios';

  app.get(`${base}/list`, { config: authed, schema: { tags, querystring: iosListQuery } }, (req) => devices.list(requireAuth(req), req.query));
  app.get(`${base}/recycled-list`, { config: authed, schema: { tags, querystring: iosListQuery } }, (req) => devices.recycledList(requireAuth(req), req.query));
  app.get(`${base}/helper/clerks`, { config: authed, schema: { tags } }, (req) => devices.clerks(requireAuth(req)));
  app.get(`${base}/helper/models`, { config: authed, schema: { tags } }, (req) => devices.models(requireAuth(req)));
  app.get(`${base}/helper/installed-app-list`, { config: authed, schema: { tags, querystring: z.object({ device_id: uuid }) } }, (req) =>
    devices.installedApps(requireAuth(req), req.query.device_id),
  );
  // With device_id: that device's tab. Without: the store's Apple operation-log page (Db1, spec §6).
  app.get(`${base}/operation-log`, { config: authed, schema: { tags, querystring: operationLogListQuery } }, (req) => {
    const auth = requireAuth(req);
    if (req.query.device_id) return devices.operationLogs(auth, req.query.device_id, req.query);
    requirePerm(auth, Perm.OPERATION_LOG);
    return operationLogs.list(auth, 'ios', req.query);
  });
  app.get(`${base}/operation-log/:id`, { config: authed, schema: { tags, params: z.object({ id: uuid }) } }, (req) =>
    devices.operationLog(requireAuth(req), req.params.id),
  );
  app.get(`${base}/location-log`, { config: authed, schema: { tags, querystring: deviceLogQuery } }, (req) =>
    devices.locationLog(requireAuth(req), req.query.device_id, req.query),
  );
  app.get(`${base}/enrollment-profile`, { config: { auth: { perms: [Perm.APPLE_LIST_NEW] }, module: Module.APPLE }, schema: { tags } }, async (req, reply) => {
    const profile = await registration.storeProfile(requireAuth(req));
    return reply
      .header('content-type', 'application/x-apple-aspen-config')
      .header('content-disposition', 'attachment; filename="zujibao-enroll.mobileconfig"')
      .send(profile);
  });
  app.get(
    `${base}/:id`,
    { config: authed, schema: { tags, params: z.object({ id: uuid }), querystring: z.object({ mdm_check: z.coerce.boolean().optional() }) } },
    (req) => devices.detail(requireAuth(req), req.params.id, req.query.mdm_check ?? false),
  );

  app.post(`${base}/new`, { config: { auth: { perms: [Perm.APPLE_LIST_NEW] }, module: Module.APPLE }, schema: { tags, body: iosNewRequest } }, (req) =>
    registration.register(requireAuth(req), req.body.serial_numbers, req.body.for_clerk, req.body.remark),
  );
  app.post(
    `${base}/change-for-clerk`,
    { config: { auth: { perms: [Perm.APPLE_LIST_BATCH_CHANGE_CLERK] }, module: Module.APPLE }, schema: { tags, body: changeForClerkRequest } },
    (req) => devices.changeForClerk(requireAuth(req), req.body.device_ids, req.body.for_clerk),
  );
  app.post(`${base}/update-remark`, { config: authed, schema: { tags, body: updateRemarkRequest } }, async (req) => {
    await devices.updateRemark(requireAuth(req), req.body.device_id, req.body.remark);
    return { ok: true as const };
  });
  app.post(`${base}/enroll-short-link`, { config: authed, schema: { tags, body: deviceIdBody } }, (req) =>
    devices.enrollShortLink(requireAuth(req), req.body.device_id),
  );
  app.post(`${base}/update-hirer`, { config: authed, schema: { tags, body: updateHirerRequest } }, async (req) => {
    await devices.updateHirer(requireAuth(req), req.body.device_id, req.body.hirer_name, req.body.hirer_phone_number);
    return { ok: true as const };
  });
  app.post(`${base}/export-list`, { config: authed, schema: { tags, body: iosListQuery.omit({ page_num: true, page_size: true }) } }, async (req, reply) => {
    const file = await exporter.export(requireAuth(req), req.body);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="apple-devices.xlsx"; filename*=UTF-8''${encodeURIComponent('Apple设备列表.xlsx')}`)
      .send(file);
  });
  app.post(
    `${base}/operation-log/cancel-schedule-enable-lost-mode`,
    { config: { auth: { perms: [Perm.APPLE_ENABLE_LOST_MODE] }, module: Module.APPLE }, schema: { tags, body: cancelScheduleRequest } },
    (req) => commands.cancelSchedule(requireAuth(req), req.body.operation_log_id),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Module,
  androidAppRestriction,
  androidDeviceLogQuery,
  androidHirerRequest,
  androidListQuery,
  androidRemarkRequest,
  androidSystemRestrictionRequest,
  operationLogListQuery,
  uuid,
} from '@lease/shared';
import { requireAuth } from '../../http/authz.ts';
import type { OperationLogQuery } from '../logs/operation-log.query.ts';
import type { AndroidDeviceService } from './android-device.service.ts';
import type { AndroidSimulatorService } from './android-simulator.service.ts';

interface Options {
  devices: AndroidDeviceService;
  operationLogs: OperationLogQuery;
  /** The 模拟设备 tab's call: given only with dev tools on (DEV_TOOLS=1), else the route does not exist. */
  simulator?: AndroidSimulatorService;
}

const byId = z.object({ id: uuid });

/** Android device calls of spec §7 other than operations: list, options, detail, logs, record edits, store defaults. */
export const androidDeviceRoutes: FastifyPluginAsyncZod<Options> = async (app, { devices, operationLogs, simulator }) => {
  const tags = ['android-device'];
  const authed = { auth: 'authenticated', module: Module.ANDROID } as const;
  const admin = { auth: 'admin', module: Module.ANDROID } as const;
  const base = '/api/device/android';

  app.get(`${base}/list`, { config: authed, schema: { tags, querystring: androidListQuery } }, (req) => devices.list(requireAuth(req), req.query));
  app.get(`${base}/search-options`, { config: authed, schema: { tags } }, (req) => devices.searchOptions(requireAuth(req)));

  // With device_id: that device's tab (the caller must see the device). Without: the store's Android log page,
  // where callers without Db1 see only their own operations (CONTRACTS.md 4).
  app.get(`${base}/operation-log`, { config: authed, schema: { tags, querystring: operationLogListQuery } }, async (req) => {
    const auth = requireAuth(req);
    if (req.query.device_id) await devices.load(auth, req.query.device_id);
    return operationLogs.list(auth, 'android', req.query);
  });
  app.get(`${base}/location-log`, { config: authed, schema: { tags, querystring: androidDeviceLogQuery } }, (req) =>
    devices.locationLog(requireAuth(req), req.query.device_id, req.query),
  );

  app.get(`${base}/default-system-restriction`, { config: authed, schema: { tags } }, (req) => devices.defaultSystemRestriction(requireAuth(req)));
  app.put(`${base}/default-system-restriction`, { config: admin, schema: { tags, body: androidSystemRestrictionRequest } }, (req) =>
    devices.setDefaultSystemRestriction(requireAuth(req), req.body.restriction),
  );
  app.get(`${base}/default-app-restriction`, { config: authed, schema: { tags } }, (req) => devices.defaultAppRestriction(requireAuth(req)));
  app.put(`${base}/default-app-restriction`, { config: admin, schema: { tags, body: androidAppRestriction } }, (req) =>
    devices.setDefaultAppRestriction(requireAuth(req), req.body),
  );

  app.get(`${base}/:id`, { config: authed, schema: { tags, params: byId } }, (req) => devices.detail(requireAuth(req), req.params.id));
  app.get(`${base}/:id/system-restriction`, { config: authed, schema: { tags, params: byId } }, (req) =>
    devices.systemRestriction(requireAuth(req), req.params.id),
  );
  app.get(`${base}/:id/app-restriction`, { config: authed, schema: { tags, params: byId } }, (req) => devices.appRestriction(requireAuth(req), req.params.id));
  app.get(`${base}/:id/installed-app-list`, { config: authed, schema: { tags, params: byId } }, (req) =>
    devices.installedApps(requireAuth(req), req.params.id),
  );
  if (simulator) {
    app.get(`${base}/:id/simulator`, { config: authed, schema: { tags: [...tags, 'dev'], params: byId } }, (req) =>
      simulator.view(requireAuth(req), req.params.id),
    );
  }

  app.post(`${base}/:id/update-hirer-info`, { config: authed, schema: { tags, params: byId, body: androidHirerRequest } }, (req) =>
    devices.updateHirer(requireAuth(req), req.params.id, req.body.hirer_name, req.body.hirer_phone_number),
  );
  app.post(`${base}/:id/update-remark`, { config: authed, schema: { tags, params: byId, body: androidRemarkRequest } }, (req) =>
    devices.updateRemark(requireAuth(req), req.params.id, req.body.remark),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Module, Perm, deviceIdBody, globalHttpProxySettingRequest, setDnsSettingRequest } from '@lease/shared';
import { requireAuth } from '../../http/authz.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import type { GlobalHttpProxySettingService } from './global-http-proxy-setting.service.ts';
import type { IosNetworkService } from './ios-network.service.ts';

interface Options {
  network: IosNetworkService;
  proxySetting: GlobalHttpProxySettingService;
}

/**
 * Global HTTP proxy and encrypted DNS (spec §7 command names), plus the store's PAC URL that the proxy uses.
 * Everything about the proxy belongs to the store module apple-global-http-proxy; all of it needs Ab17.
 */
export const iosNetworkRoutes: FastifyPluginAsyncZod<Options> = async (app, { network, proxySetting }) => {
  const tags = ['ios-network'];
  const ab17 = { perms: [Perm.APPLE_SET_SYSTEM_RESTRICTION] };
  const proxy = { auth: ab17, module: Module.APPLE_GLOBAL_HTTP_PROXY };
  const dns = { auth: ab17, module: Module.APPLE };
  const command = (name: string) => `/api/device/ios/command/${name}`;

  app.post(command('set-global-http-proxy'), { config: proxy, schema: { tags, body: deviceIdBody } }, (req) =>
    network.setGlobalProxy(requireAuth(req), req.body.device_id, idempotencyKey(req)),
  );
  app.post(command('remove-global-http-proxy'), { config: proxy, schema: { tags, body: deviceIdBody } }, (req) =>
    network.removeGlobalProxy(requireAuth(req), req.body.device_id, idempotencyKey(req)),
  );
  app.post(command('set-dns-setting'), { config: dns, schema: { tags, body: setDnsSettingRequest } }, (req) =>
    network.setDns(requireAuth(req), req.body, idempotencyKey(req)),
  );
  app.post(command('clear-dns-setting'), { config: dns, schema: { tags, body: deviceIdBody } }, (req) =>
    network.clearDns(requireAuth(req), req.body.device_id, idempotencyKey(req)),
  );

  // Any clerk of a store with the module reads the URL (the proxy dialog shows it); only an admin changes it.
  const storeUrl = '/api/store/global-http-proxy';
  app.get(storeUrl, { config: { auth: 'authenticated', module: Module.APPLE_GLOBAL_HTTP_PROXY }, schema: { tags } }, (req) =>
    proxySetting.get(requireAuth(req)),
  );
  app.put(storeUrl, { config: { auth: 'admin', module: Module.APPLE_GLOBAL_HTTP_PROXY }, schema: { tags, body: globalHttpProxySettingRequest } }, (req) =>
    proxySetting.update(requireAuth(req), req.body.pac_url),
  );
};

import type { FastifyBaseLogger } from 'fastify';
import { apnsFromConfig } from '../../../adapters/apns/apns-from-config.ts';
import type { ApnsPusher } from '../../../adapters/apns/apns-pusher.ts';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import type { AdapterInfo } from '../../../http/app-module.ts';
import type { MdmKeys } from '../mdm-keys.ts';
import { apnsFromStored, createLivePusher } from './live-pusher.ts';
import { createPushCertStore } from './push-cert-store.ts';
import { createPushCertService } from './push-cert.service.ts';

export interface ApplePushDeps {
  db: Db;
  config: Pick<Config, 'apns' | 'mdm' | 'dataDir'>;
  /** The engine's keys: the topic may change when the operator installs the first push certificate. */
  keys: MdmKeys;
  /** Tests and the demo pass a pusher aimed at the local APNs stand-in. */
  pusher?: ApnsPusher;
  /** Wraps every pusher put in use (the metrics count pushes by result). */
  wrap: (pusher: ApnsPusher) => ApnsPusher;
  log: FastifyBaseLogger;
}

/**
 * createApplePush picks the APNs pusher: environment variables win; without them, the push certificate uploaded
 * on the operator console, which `pushCert` installs and swaps in live. `adapter` is what the dev page
 * shows, read on each call.
 */
export function createApplePush(deps: ApplePushDeps) {
  const { config, keys } = deps;
  const store = createPushCertStore(config.dataDir);
  const stored = config.apns.configured ? undefined : store.installed();
  const pusher = createLivePusher(
    deps.wrap(deps.pusher ?? (stored ? apnsFromStored(config.apns, stored, keys.topic) : apnsFromConfig(config.apns, keys.topic))),
  );
  const pushCert = createPushCertService({
    db: deps.db,
    store,
    env: {
      certFile: config.apns.certFile,
      keyFile: config.apns.keyFile,
      tokenAuth: Boolean(config.apns.authKeyFile && config.apns.keyId && config.apns.teamId),
      topic: config.mdm.topic,
    },
    currentTopic: () => keys.topic,
    onInstalled: (material, topic) => {
      if (config.apns.configured) return;
      if (!config.mdm.topic) keys.topic = topic;
      pusher.swap(deps.wrap(apnsFromStored(config.apns, material, keys.topic)));
    },
    log: deps.log,
  });
  const adapter: AdapterInfo = {
    name: 'apns',
    label: 'APNs 推送',
    get impl() {
      return pusher.get().label;
    },
    get live() {
      return pusher.get().live;
    },
  };
  return { pusher, pushCert, adapter };
}

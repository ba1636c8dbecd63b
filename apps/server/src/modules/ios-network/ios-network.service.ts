import { DnsSettingStatus, GlobalProxyStatus, Module, type SetDnsSettingBody, SuperviseStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { IdempotencyKey } from '../../domain/idempotency.ts';
import * as commands from '../../mdm/apple/commands.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import { ManagedProfileKind, managedProfileId } from '../../mdm/apple/profiles/managed-profile.ts';
import { createIosCommandPipeline } from '../ios-device/ios-command-pipeline.ts';
import type { IosDeviceRow } from '../ios-device/ios-device.repo.ts';
import type { IosDeviceService } from '../ios-device/ios-device.service.ts';
import type { StoreRepo } from '../store/store.repo.ts';
import { buildDnsProfile, buildGlobalProxyProfile } from './network-profiles.ts';

interface Deps {
  db: Db;
  mdm: MdmEngine;
  devices: IosDeviceService;
  stores: StoreRepo;
}

/** The first iOS that knows com.apple.dnsSettings.managed (Apple's schema: introduced 14.0). */
const DNS_MIN_IOS = 14;

/**
 * NETWORK_PROFILES: per network profile, the device field holding its status, the write that marks it pending and
 * the action its removal is logged as. The write is spelt out because a computed key would escape the type check.
 */
const NETWORK_PROFILES = {
  [ManagedProfileKind.GLOBAL_HTTP_PROXY]: {
    status: 'globalProxyStatus',
    markPending: { globalProxyStatus: GlobalProxyStatus.PENDING },
    removeAction: 'remove-global-http-proxy',
  },
  [ManagedProfileKind.DNS]: {
    status: 'dnsSettingStatus',
    markPending: { dnsSettingStatus: DnsSettingStatus.PENDING },
    removeAction: 'clear-dns-setting',
  },
} as const;
type NetworkProfileKind = keyof typeof NETWORK_PROFILES;

/** ProfileChange is what one install or removal of a network profile logs and queues. */
interface ProfileChange {
  action: string;
  detail?: Record<string, unknown>;
  command: commands.MdmCommand;
}

const iosMajor = (osVersion: string) => {
  const major = Number.parseInt(osVersion.split('.')[0] ?? '', 10);
  return Number.isFinite(major) ? major : null;
};

/**
 * createIosNetworkService sets and removes the phone's global HTTP proxy and encrypted DNS: one generated
 * profile each (fixed identifier, so setting again replaces), status pending until the phone answers.
 * The route has checked the permission code (Ab17) and, for the proxy, the store module.
 */
export function createIosNetworkService({ db, mdm, devices, stores }: Deps) {
  const pipeline = createIosCommandPipeline({ db, mdm, devices });

  /** Every Apple command needs the Apple module; the proxy route's own module is checked by its route. */
  const requireApple = (auth: AuthContext) => {
    if (!auth.modules.includes(Module.APPLE)) throw new AppError('PERMISSION_DENIED', '门店未开通此功能');
  };

  /** A replayed Idempotency-Key answers with the first operation before any state check could refuse it. */
  async function once<T>(auth: AuthContext, key: IdempotencyKey | undefined, run: () => Promise<T>) {
    requireApple(auth);
    return (await pipeline.replay(auth, key)) ?? run();
  }

  /** queueProfileChange queues a network profile's install or removal; its status goes pending until the phone answers. */
  function queueProfileChange(auth: AuthContext, device: IosDeviceRow, kind: NetworkProfileKind, key: IdempotencyKey | undefined, change: ProfileChange) {
    const { status, markPending } = NETWORK_PROFILES[kind];
    // The status goes "pending" with the queued command, in its transaction: the phone's answer (a result effect) settles it.
    return pipeline.run(auth, device, {
      action: change.action,
      detail: { ...change.detail, previous_status: device[status] },
      idempotencyKey: key,
      command: change.command,
      set: markPending,
    });
  }

  /** removeNetworkProfile needs no supervision: taking a profile off is always allowed, and may fix a stale status. */
  function removeNetworkProfile(auth: AuthContext, deviceId: string, kind: NetworkProfileKind, key: IdempotencyKey | undefined) {
    return once(auth, key, async () => {
      const device = await pipeline.device(auth, deviceId);
      const command = commands.removeProfile(managedProfileId(kind));
      return queueProfileChange(auth, device, kind, key, { action: NETWORK_PROFILES[kind].removeAction, command });
    });
  }

  return {
    async setGlobalProxy(auth: AuthContext, deviceId: string, key?: IdempotencyKey) {
      return once(auth, key, async () => {
        const device = await pipeline.device(auth, deviceId, { what: '设置全局代理', unknown: 'refuse' });
        const pacUrl = (await stores.find(auth.storeId))?.globalHttpProxyPacUrl;
        if (!pacUrl) throw new AppError('CONFLICT', '门店尚未设置全局代理 PAC 地址，请管理员先在“门店设置”中填写');
        return queueProfileChange(auth, device, ManagedProfileKind.GLOBAL_HTTP_PROXY, key, {
          action: 'set-global-http-proxy',
          detail: { pac_url: pacUrl },
          command: commands.installProfile(buildGlobalProxyProfile(pacUrl)),
        });
      });
    },

    removeGlobalProxy: (auth: AuthContext, deviceId: string, key?: IdempotencyKey) =>
      removeNetworkProfile(auth, deviceId, ManagedProfileKind.GLOBAL_HTTP_PROXY, key),

    /** setDns works on unsupervised phones too (Apple: not supervised-only); only ProhibitDisablement needs supervision. */
    async setDns(auth: AuthContext, req: SetDnsSettingBody, key?: IdempotencyKey) {
      return once(auth, key, async () => {
        const device = await pipeline.device(auth, req.device_id);
        const major = iosMajor(device.osVersion);
        if (major !== null && major < DNS_MIN_IOS) throw new AppError('CONFLICT', `加密 DNS 需要 iOS ${DNS_MIN_IOS} 及以上，此设备为 iOS ${device.osVersion}`);
        const profile = buildDnsProfile(req, device.superviseStatus === SuperviseStatus.SUPERVISED);
        const server = req.protocol === 'HTTPS' ? { server_url: req.server_url } : { server_name: req.server_name };
        return queueProfileChange(auth, device, ManagedProfileKind.DNS, key, {
          action: 'set-dns-setting',
          detail: { protocol: req.protocol, ...server, server_addresses: req.server_addresses },
          command: commands.installProfile(profile),
        });
      });
    },

    clearDns: (auth: AuthContext, deviceId: string, key?: IdempotencyKey) => removeNetworkProfile(auth, deviceId, ManagedProfileKind.DNS, key),
  };
}
export type IosNetworkService = ReturnType<typeof createIosNetworkService>;

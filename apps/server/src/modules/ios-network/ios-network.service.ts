import { DnsSettingStatus, GlobalProxyStatus, Module, type SetDnsSettingBody, SuperviseStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { IdempotencyKey } from '../../domain/idempotency.ts';
import * as commands from '../../mdm/apple/commands.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import { ManagedProfileKind, managedProfileId } from '../../mdm/apple/profiles/managed-profile.ts';
import { createIosCommandPipeline } from '../ios-device/ios-command-pipeline.ts';
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

  // The status goes "pending" with the queued command, in its transaction: the phone's answer (a result effect) settles it.
  return {
    async setGlobalProxy(auth: AuthContext, deviceId: string, key?: IdempotencyKey) {
      return once(auth, key, async () => {
        const device = await pipeline.device(auth, deviceId, { what: '设置全局代理', unknown: 'refuse' });
        const pacUrl = (await stores.find(auth.storeId))?.globalHttpProxyPacUrl;
        if (!pacUrl) throw new AppError('CONFLICT', '门店尚未设置全局代理 PAC 地址，请管理员先在“门店设置”中填写');
        return pipeline.run(auth, device, {
          action: 'set-global-http-proxy',
          detail: { pac_url: pacUrl, previous_status: device.globalProxyStatus },
          idempotencyKey: key,
          command: commands.installProfile(buildGlobalProxyProfile(pacUrl)),
          set: { globalProxyStatus: GlobalProxyStatus.PENDING },
        });
      });
    },

    /** removeGlobalProxy needs no supervision: taking a profile off is always allowed, and may fix a stale status. */
    async removeGlobalProxy(auth: AuthContext, deviceId: string, key?: IdempotencyKey) {
      return once(auth, key, async () => {
        const device = await pipeline.device(auth, deviceId);
        return pipeline.run(auth, device, {
          action: 'remove-global-http-proxy',
          detail: { previous_status: device.globalProxyStatus },
          idempotencyKey: key,
          command: commands.removeProfile(managedProfileId(ManagedProfileKind.GLOBAL_HTTP_PROXY)),
          set: { globalProxyStatus: GlobalProxyStatus.PENDING },
        });
      });
    },

    /** setDns works on unsupervised phones too (Apple: not supervised-only); only ProhibitDisablement needs supervision. */
    async setDns(auth: AuthContext, req: SetDnsSettingBody, key?: IdempotencyKey) {
      return once(auth, key, async () => {
        const device = await pipeline.device(auth, req.device_id);
        const major = iosMajor(device.osVersion);
        if (major !== null && major < DNS_MIN_IOS) throw new AppError('CONFLICT', `加密 DNS 需要 iOS ${DNS_MIN_IOS} 及以上，此设备为 iOS ${device.osVersion}`);
        const profile = buildDnsProfile(req, device.superviseStatus === SuperviseStatus.SUPERVISED);
        const server = req.protocol === 'HTTPS' ? { server_url: req.server_url } : { server_name: req.server_name };
        return pipeline.run(auth, device, {
          action: 'set-dns-setting',
          detail: { protocol: req.protocol, ...server, server_addresses: req.server_addresses, previous_status: device.dnsSettingStatus },
          idempotencyKey: key,
          command: commands.installProfile(profile),
          set: { dnsSettingStatus: DnsSettingStatus.PENDING },
        });
      });
    },

    async clearDns(auth: AuthContext, deviceId: string, key?: IdempotencyKey) {
      return once(auth, key, async () => {
        const device = await pipeline.device(auth, deviceId);
        return pipeline.run(auth, device, {
          action: 'clear-dns-setting',
          detail: { previous_status: device.dnsSettingStatus },
          idempotencyKey: key,
          command: commands.removeProfile(managedProfileId(ManagedProfileKind.DNS)),
          set: { dnsSettingStatus: DnsSettingStatus.PENDING },
        });
      });
    },
  };
}
export type IosNetworkService = ReturnType<typeof createIosNetworkService>;

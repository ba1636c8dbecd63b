import type { StoreMdmHost, StoreMdmHostUpdate } from '@lease/shared';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import { enrolmentProfileIdentifier } from '../../mdm/apple/enrolment-profile.service.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { SecretBox } from '../../secret-box.ts';
import { callerStore } from './caller-store.ts';
import type { StoreChanges, StoreRepo } from './store.repo.ts';
import type { StoreSiteChanges, StoreSiteRepo } from './store-site.repo.ts';

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, [{ field, message }]);
const HOST_TAKEN = '该域名已被其他门店使用';

/** HostSiteConfig is what `/custom/<host>/config.json` answers (spec §1 and §3 Site config). */
export interface HostSiteConfig {
  title?: string;
  hideLoginPageLogo: boolean;
}

export interface StoreMdmHostDeps {
  stores: StoreRepo;
  sites: StoreSiteRepo;
  secretBox: SecretBox;
  /** The server's own public URL: its host belongs to no store. */
  publicUrl: () => string;
  /** Where the store's phones enrol (the engine's profiles.baseUrlFor) and how many are enrolled now. */
  enrolment: { baseUrlFor: (storeId: string) => Promise<string>; enrolledInStore: (storeId: string) => Promise<number> };
}

function decodeLogo(dataUri: string): Pick<StoreSiteChanges, 'logo' | 'logoType'> {
  const [head, body] = dataUri.split(',', 2);
  return { logoType: head.slice('data:'.length, head.indexOf(';')), logo: Buffer.from(body, 'base64') };
}

/**
 * createStoreMdmHostService is the store's own enrolment host (white label, spec §3 Store): the host name its
 * profiles and links use, the profile's PayloadIdentifier prefix, its MDM API key (sealed, never returned) and what
 * that host shows before login. A host belongs to one store. Host and prefix are written into every enrolled
 * phone's profile, and its identity renewal must repeat them, so they stay put while the store has enrolled phones.
 */
export function createStoreMdmHostService(deps: StoreMdmHostDeps) {
  const { stores, sites, secretBox } = deps;
  const { load } = callerStore(stores);

  async function view(auth: AuthContext): Promise<StoreMdmHost> {
    const [row, site, baseUrl, enrolled] = await Promise.all([
      load(auth),
      sites.site(auth.storeId),
      deps.enrolment.baseUrlFor(auth.storeId),
      deps.enrolment.enrolledInStore(auth.storeId),
    ]);
    return {
      mdm_host: row.mdmHost ?? '',
      mdm_host_url: baseUrl,
      payload_prefix: row.payloadPrefix ?? '',
      payload_identifier: enrolmentProfileIdentifier(auth.storeId, row.payloadPrefix),
      mdm_api_key_set: row.mdmApiKeyCipher !== null,
      site_title: site?.title ?? '',
      hide_login_page_logo: site?.hideLoginPageLogo ?? false,
      logo: site?.logo && site.logoType ? `data:${site.logoType};base64,${site.logo.toString('base64')}` : null,
      enrolled_apple_devices: enrolled,
    };
  }

  /** checkHost refuses the server's own host and a host another store claims. */
  async function checkHost(auth: AuthContext, host: string) {
    if (host === new URL(deps.publicUrl()).hostname) throw invalid('mdm_host', '这是平台的默认域名，无需设置；请填写门店自己的域名');
    if (await sites.hostTaken(host, auth.storeId)) throw invalid('mdm_host', HOST_TAKEN);
  }

  return {
    get: view,

    async update(auth: AuthContext, req: StoreMdmHostUpdate): Promise<StoreMdmHost> {
      const row = await load(auth);
      const host = req.mdm_host || null;
      const prefix = req.payload_prefix || null;
      const moved = host !== row.mdmHost || prefix !== row.payloadPrefix;
      if (moved) {
        const enrolled = await deps.enrolment.enrolledInStore(auth.storeId);
        if (enrolled > 0) {
          const field = host !== row.mdmHost ? 'mdm_host' : 'payload_prefix';
          throw new AppError(
            'CONFLICT',
            `门店有 ${enrolled} 台 Apple 设备正按当前域名和描述文件标识受管理，修改后它们无法续期设备证书；请先释放这些设备再修改`,
            [{ field, message: '已有受管理的 Apple 设备，暂不能修改' }],
          );
        }
      }
      if (host && host !== row.mdmHost) await checkHost(auth, host);
      const values: StoreChanges = { mdmHost: host, payloadPrefix: prefix };
      if (req.mdm_api_key !== undefined) values.mdmApiKeyCipher = req.mdm_api_key ? secretBox.seal(req.mdm_api_key) : null;
      try {
        await stores.update(auth.storeId, values);
      } catch (err) {
        // Two stores claiming one host at once: the unique index lets one win.
        if (isUniqueViolation(err, 'store_mdm_host_key')) throw invalid('mdm_host', HOST_TAKEN);
        throw err;
      }
      const site: StoreSiteChanges = { title: req.site_title, hideLoginPageLogo: req.hide_login_page_logo };
      if (req.logo === null) Object.assign(site, { logo: null, logoType: null });
      else if (req.logo !== undefined) Object.assign(site, decodeLogo(req.logo));
      await sites.saveSite(auth.storeId, site);
      return view(auth);
    },

    /** siteConfigFor answers `/custom/<host>/config.json` for a store's host; null when no store claims it. */
    async siteConfigFor(host: string): Promise<HostSiteConfig | null> {
      const row = await sites.siteByHost(host.toLowerCase());
      if (!row) return null;
      return { ...(row.title ? { title: row.title } : {}), hideLoginPageLogo: row.hideLoginPageLogo ?? false };
    },

    /** logoFor answers `/custom/<host>/favicon.png` for a store's host; null when it has no logo. */
    logoFor: (host: string) => sites.logoByHost(host.toLowerCase()),
  };
}
export type StoreMdmHostService = ReturnType<typeof createStoreMdmHostService>;

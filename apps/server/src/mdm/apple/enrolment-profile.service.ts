import { DEFAULT_PAYLOAD_PREFIX } from '@lease/shared';
import { buildEnrollmentProfile } from './enrolment-profile.ts';
import { enrolmentBaseUrl } from './enrolment-url.ts';
import type { ChallengeContext, ChallengeRepo } from './challenge.repo.ts';
import type { MdmKeys } from './mdm-keys.ts';
import { signProfile } from './pki/sign-profile.ts';

/** A store profile prepares many phones with Apple Configurator; a device profile serves one phone once. */
const STORE_PROFILE = { uses: 500, ttlMs: 30 * 86_400_000 };
const DEVICE_PROFILE = { uses: 1, ttlMs: 7 * 86_400_000 };
/** A renewal profile waits in the queue with its command; its challenge lives as long (RENEWAL_COMMAND_TTL_MS). */
const RENEWAL_PROFILE = { uses: 1, ttlMs: 14 * 86_400_000 };

/**
 * enrolmentProfileIdentifier is the profile's PayloadIdentifier: the store's prefix (or the default) and its id.
 * A renewal must carry the very same one, so a store's prefix stays as it is while its phones are enrolled.
 */
export const enrolmentProfileIdentifier = (storeId: string, prefix?: string | null) => `${prefix || DEFAULT_PAYLOAD_PREFIX}.${storeId}`;

/** StoreEnrolmentSettings: a store's own enrolment host and PayloadIdentifier prefix (null: the server's). */
export interface StoreEnrolmentSettings {
  mdmHost: string | null;
  payloadPrefix: string | null;
}

/**
 * createEnrollmentProfileService writes signed enrolment profiles: SCEP to our CA with a fresh challenge,
 * and the MDM payload pointing at this server's check-in and connect endpoints.
 */
export function createEnrollmentProfileService(deps: {
  keys: MdmKeys;
  challenges: ChallengeRepo;
  publicUrl: () => string;
  /** The store's own host and prefix (store row); without it every store uses the server's. */
  storeSettings?: (storeId: string) => Promise<StoreEnrolmentSettings>;
}) {
  const settingsOf = async (storeId: string): Promise<StoreEnrolmentSettings> =>
    (await deps.storeSettings?.(storeId)) ?? { mdmHost: null, payloadPrefix: null };
  const baseUrlFor = async (storeId: string) => enrolmentBaseUrl(deps.publicUrl(), (await settingsOf(storeId)).mdmHost);

  async function signedProfile(context: ChallengeContext, organization: string, limits: { uses: number; ttlMs: number }) {
    const challenge = await deps.challenges.issue(context, limits.uses, limits.ttlMs);
    const settings = await settingsOf(context.storeId);
    const base = enrolmentBaseUrl(deps.publicUrl(), settings.mdmHost);
    const { xml } = buildEnrollmentProfile({
      identifier: enrolmentProfileIdentifier(context.storeId, settings.payloadPrefix),
      organization,
      displayName: `${organization} 设备管理`,
      description: '安装后，门店可以在租期内远程管理此设备（锁定、定位、限制）。',
      scep: {
        url: `${base}/mdm/scep`,
        challenge,
        subject: [
          ['O', '租机宝'],
          ['OU', context.storeId],
          ['CN', 'MDM Identity'],
        ],
      },
      mdm: { serverUrl: `${base}/mdm/connect`, checkInUrl: `${base}/mdm/checkin`, topic: deps.keys.topic },
      caCertDer: deps.keys.ca.certDer,
      removalDisallowed: true,
    });
    return signProfile(xml, deps.keys.ca.cert, deps.keys.ca.key);
  }

  return {
    /** baseUrlFor is where the store's phones enrol: its own host when set (white label), else PUBLIC_URL. */
    baseUrlFor,

    async profileFor(context: ChallengeContext, organization: string): Promise<Buffer> {
      return signedProfile(context, organization, context.deviceId ? DEVICE_PROFILE : STORE_PROFILE);
    },

    /**
     * renewalProfileFor is the enrolment profile again, for InstallProfile on an enrolled phone: same
     * PayloadIdentifier and MDM payload, a new SCEP payload with a one-time challenge only this device can use.
     * iOS replaces the profile in place (no unenrolment), gets a new identity and signs with it from then on.
     */
    async renewalProfileFor(device: { storeId: string; clerkId: string | null; deviceId: string }, organization: string): Promise<Buffer> {
      return signedProfile({ ...device, renewal: true }, organization, RENEWAL_PROFILE);
    },
  };
}
export type EnrollmentProfileService = ReturnType<typeof createEnrollmentProfileService>;

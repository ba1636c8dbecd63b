import { buildEnrollmentProfile } from './enrollment-profile.ts';
import type { ChallengeContext, ChallengeRepo } from './challenge.repo.ts';
import type { MdmKeys } from './mdm-keys.ts';
import { signProfile } from './pki/sign-profile.ts';

/** A store profile prepares many phones with Apple Configurator; a device profile serves one phone once. */
const STORE_PROFILE = { uses: 500, ttlMs: 30 * 86_400_000 };
const DEVICE_PROFILE = { uses: 1, ttlMs: 7 * 86_400_000 };

/**
 * createEnrollmentProfileService writes signed enrolment profiles: SCEP to our CA with a fresh challenge,
 * and the MDM payload pointing at this server's check-in and connect endpoints.
 */
export function createEnrollmentProfileService(deps: { keys: MdmKeys; challenges: ChallengeRepo; publicUrl: () => string }) {
  return {
    async profileFor(context: ChallengeContext, organization: string): Promise<Buffer> {
      const { uses, ttlMs } = context.deviceId ? DEVICE_PROFILE : STORE_PROFILE;
      const challenge = await deps.challenges.issue(context, uses, ttlMs);
      const base = deps.publicUrl();
      const { xml } = buildEnrollmentProfile({
        identifier: `com.zujibao.mdm.${context.storeId}`,
        organization,
        displayName: `${organization} 设备管理`,
        description: '安装后，门店可以在租期内远程管理此设备（锁定、定位、限制）。',
        scep: { url: `${base}/mdm/scep`, challenge, subject: [['O', '租机宝'], ['OU', context.storeId], ['CN', 'MDM Identity']] },
        mdm: { serverUrl: `${base}/mdm/connect`, checkInUrl: `${base}/mdm/checkin`, topic: deps.keys.topic },
        caCertDer: deps.keys.ca.certDer,
        removalDisallowed: true,
      });
      return signProfile(xml, deps.keys.ca.cert, deps.keys.ca.key);
    },
  };
}
export type EnrollmentProfileService = ReturnType<typeof createEnrollmentProfileService>;

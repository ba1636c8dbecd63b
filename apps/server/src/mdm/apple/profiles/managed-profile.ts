import { randomUUID } from 'node:crypto';
import { type PlistDict, buildPlist } from '../plist.ts';

/**
 * ManagedProfileKind names the profiles the server installs besides the enrolment profile. Each kind has one
 * fixed PayloadIdentifier, so installing it again replaces the old one and RemoveProfile names it exactly.
 */
export const ManagedProfileKind = {
  RESTRICTIONS: 'restrictions',
  GLOBAL_HTTP_PROXY: 'global-http-proxy',
  DNS: 'dns',
} as const;
export type ManagedProfileKind = (typeof ManagedProfileKind)[keyof typeof ManagedProfileKind];

/** managedProfileId is the top-level PayloadIdentifier of a server-installed profile. */
export const managedProfileId = (kind: ManagedProfileKind) => `com.zujibao.managed.${kind}`;

export interface ManagedProfileOptions {
  kind: ManagedProfileKind;
  /** Chinese name shown in Settings › General › VPN & Device Management. */
  displayName: string;
  description?: string;
  /** The payloads: Apple's PayloadType and the payload's own keys (checked by validateProfilePayload in tests). */
  payloads: { type: string; body: PlistDict }[];
}

const newUuid = () => randomUUID().toUpperCase();

/**
 * buildManagedProfile writes a configuration profile (.mobileconfig plist) for InstallProfile. MDM-installed
 * profiles are removable only by MDM, so PayloadRemovalDisallowed is not needed; sent unsigned over the
 * already-authenticated MDM channel, as Apple allows.
 */
export function buildManagedProfile({ kind, displayName, description, payloads }: ManagedProfileOptions): Buffer {
  const identifier = managedProfileId(kind);
  const profile: PlistDict = {
    PayloadType: 'Configuration',
    PayloadVersion: 1,
    PayloadIdentifier: identifier,
    PayloadUUID: newUuid(),
    PayloadDisplayName: displayName,
    PayloadDescription: description ?? '由门店设备管理下发。',
    PayloadOrganization: '租机宝',
    PayloadScope: 'System',
    PayloadContent: payloads.map((p, i) => ({
      PayloadType: p.type,
      PayloadVersion: 1,
      PayloadIdentifier: `${identifier}.${i + 1}`,
      PayloadUUID: newUuid(),
      ...p.body,
    })),
  };
  return Buffer.from(buildPlist(profile), 'utf8');
}

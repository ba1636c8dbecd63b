import { randomUUID } from 'node:crypto';
import { type PlistDict, buildPlist } from './plist.ts';

/** ACCESS_RIGHTS_ALL: every MDM access right bit (1 … 4096) OR-ed together. */
export const ACCESS_RIGHTS_ALL = 8191;

/** SCEP_KEY_USAGE: 1 signing + 4 encryption, as the identity signs messages and may decrypt profiles. */
const SCEP_KEY_USAGE = 5;

export interface EnrollmentProfileOptions {
  /** identifier is the reverse-DNS PayloadIdentifier of the profile; each payload appends `.scep`, `.mdm`, `.ca`. */
  identifier: string;
  organization: string;
  displayName?: string;
  description?: string;
  scep: {
    url: string;
    /** A one-time challenge the SCEP server accepts once. */
    challenge: string;
    /** Subject of the device certificate as (attribute, value) pairs, e.g. [['O', 'Lease'], ['CN', 'enrolment id']]. */
    subject?: [string, string][];
  };
  mdm: { serverUrl: string; checkInUrl?: string; topic: string };
  /** The SCEP CA, installed as a trusted root so the device can check CertReps and signed profiles. */
  caCertDer: Buffer;
  /** removalDisallowed stops the user removing the profile (honoured on supervised devices only). */
  removalDisallowed?: boolean;
}

export interface EnrollmentProfile {
  xml: string;
  profile: PlistDict;
  /** PayloadUUID of the SCEP payload, which the MDM payload names as its IdentityCertificateUUID. */
  scepPayloadUuid: string;
}

const newUuid = () => randomUUID().toUpperCase();

function payload(type: string, identifier: string, displayName: string, body: PlistDict): PlistDict {
  return { PayloadType: type, PayloadVersion: 1, PayloadIdentifier: identifier, PayloadUUID: newUuid(), PayloadDisplayName: displayName, ...body };
}

/**
 * buildEnrollmentProfile writes the enrolment .mobileconfig: a SCEP payload (the device makes its own key and
 * gets its identity from our CA), the MDM payload bound to that identity with SignMessage, and our CA as a root.
 */
export function buildEnrollmentProfile(options: EnrollmentProfileOptions): EnrollmentProfile {
  const { identifier, scep, mdm } = options;
  const subject = scep.subject ?? [
    ['O', options.organization],
    ['CN', 'MDM Identity'],
  ];
  const scepPayload = payload('com.apple.security.scep', `${identifier}.scep`, 'Device identity', {
    PayloadContent: {
      URL: scep.url,
      Challenge: scep.challenge,
      Keysize: 2048,
      'Key Type': 'RSA',
      'Key Usage': SCEP_KEY_USAGE,
      Subject: subject.map(([oid, value]) => [[oid, value]]),
    },
  });
  const scepPayloadUuid = String(scepPayload.PayloadUUID);
  const mdmPayload = payload('com.apple.mdm', `${identifier}.mdm`, 'Device management', {
    ServerURL: mdm.serverUrl,
    ...(mdm.checkInUrl ? { CheckInURL: mdm.checkInUrl } : {}),
    Topic: mdm.topic,
    IdentityCertificateUUID: scepPayloadUuid,
    AccessRights: ACCESS_RIGHTS_ALL,
    SignMessage: true,
    CheckOutWhenRemoved: true,
    // No ServerCapabilities: per-user connections and bootstrap tokens are not implemented (UserAuthenticate gets
    // 410; bootstrap tokens are macOS only). See docs/apple-checkin-messages.md.
  });
  const caPayload = payload('com.apple.security.root', `${identifier}.ca`, 'Device CA', {
    PayloadCertificateFileName: 'device-ca.cer',
    PayloadContent: options.caCertDer,
  });
  const profile: PlistDict = {
    PayloadType: 'Configuration',
    PayloadVersion: 1,
    PayloadIdentifier: identifier,
    PayloadUUID: newUuid(),
    PayloadDisplayName: options.displayName ?? `${options.organization} 设备管理`,
    PayloadOrganization: options.organization,
    PayloadDescription: options.description ?? '安装后本设备由门店远程管理。',
    PayloadScope: 'System',
    PayloadRemovalDisallowed: options.removalDisallowed ?? false,
    PayloadContent: [caPayload, scepPayload, mdmPayload],
  };
  return { xml: buildPlist(profile), profile, scepPayloadUuid };
}

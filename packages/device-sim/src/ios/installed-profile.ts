import { APPLE_APP_LIST_KEYS, appleKeyNeedsSupervision, appleValueRestricts } from '@lease/shared';
import { CmsError, openCms } from './cms.ts';
import { type PlistDict, PlistDecodeError, decodePlistDict, dictsOf, numberOf, stringOf } from './plist-codec.ts';

/** ProfilePayload is what iOS keeps of one PayloadContent item, and what ProfileList reports of it. */
export interface ProfilePayload {
  type: string;
  identifier: string;
  uuid: string;
  version: number;
  displayName?: string;
  description?: string;
  organization?: string;
}

/** InstalledProfile is a configuration profile on the phone: its top-level keys, payloads and restrictions. */
export interface InstalledProfile {
  identifier: string;
  uuid: string;
  version: number;
  displayName?: string;
  description?: string;
  organization?: string;
  removalDisallowed: boolean;
  /** managed: installed by the MDM server (InstallProfile), not by the user. */
  managed: boolean;
  signerCertificates: Buffer[];
  payloads: ProfilePayload[];
  /**
   * The restrictions in force from this profile's com.apple.applicationaccess payloads: only keys whose value
   * restricts something, and on an unsupervised phone none of those iOS applies only when supervised.
   */
  restrictions: PlistDict;
  /** Keys the phone received but does not apply: Apple's default value, or supervision needed. */
  ignoredRestrictions: string[];
}

/** ProfileInstallError carries the ErrorCode and ErrorDomain iOS reports when it cannot install a profile. */
export class ProfileInstallError extends Error {
  constructor(
    readonly code: number,
    readonly domain: string,
    message: string,
  ) {
    super(message);
  }
}

export const RESTRICTIONS_PAYLOAD = 'com.apple.applicationaccess';

/**
 * splitRestrictions is what iOS makes of a Restrictions payload: the restrictions it applies, and the keys it
 * ignores, those at their default value and, on an unsupervised phone, those that need supervision (Apple's
 * schema: "Requires a supervised device"). An unsupervised phone installs the profile all the same.
 */
export function splitRestrictions(received: PlistDict, supervised: boolean): { active: PlistDict; ignored: string[] } {
  const active: PlistDict = {};
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(received)) {
    if (appleValueRestricts(key, value) && (supervised || !appleKeyNeedsSupervision(key))) active[key] = value;
    else ignored.push(key);
  }
  return { active, ignored };
}

const ALLOW_LIST = new Set<string>([APPLE_APP_LIST_KEYS.allow.current, APPLE_APP_LIST_KEYS.allow.legacy]);
const BLOCK_LIST = new Set<string>([APPLE_APP_LIST_KEYS.block.current, APPLE_APP_LIST_KEYS.block.legacy]);
const stringList = (v: PlistDict[string]) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** RestrictionsInForce is the phone's combined restrictions: iOS applies the most restrictive of all profiles. */
export interface RestrictionsInForce {
  /** Restricting keys from any profile (allow… false, force… true, ratings…). */
  keys: string[];
  /** Only these apps show and launch; undefined when no allow-list is installed. */
  allowedApps?: string[];
  /** These apps are hidden and cannot launch. */
  blockedApps: string[];
}

/** restrictionsInForce merges the installed profiles: allow-lists intersect, block-lists add up. */
export function restrictionsInForce(profiles: Iterable<InstalledProfile>): RestrictionsInForce {
  const keys = new Set<string>();
  let allowed: Set<string> | undefined;
  const blocked = new Set<string>();
  for (const profile of profiles) {
    for (const [key, value] of Object.entries(profile.restrictions)) {
      keys.add(key);
      if (ALLOW_LIST.has(key)) {
        const list = new Set(stringList(value));
        allowed = allowed ? new Set([...allowed].filter((id) => list.has(id))) : list;
      }
      if (BLOCK_LIST.has(key)) stringList(value).forEach((id) => blocked.add(id));
    }
  }
  return { keys: [...keys].sort(), allowedApps: allowed && [...allowed], blockedApps: [...blocked] };
}

/** canLaunchApp: whether the hirer sees and can open the app under the restrictions in force. */
export const canLaunchApp = (r: RestrictionsInForce, bundleId: string): boolean =>
  !r.blockedApps.includes(bundleId) && (r.allowedApps === undefined || r.allowedApps.includes(bundleId));
const COMMON_KEYS = new Set([
  'PayloadType',
  'PayloadVersion',
  'PayloadIdentifier',
  'PayloadUUID',
  'PayloadDisplayName',
  'PayloadDescription',
  'PayloadOrganization',
]);

const malformed = (message: string) => new ProfileInstallError(1000, 'MCProfileErrorDomain', message);
const missingField = (field: string) => new ProfileInstallError(1002, 'MCProfileErrorDomain', `The profile is missing the required field “${field}”.`);

function required(dict: PlistDict, key: string): string {
  const value = stringOf(dict, key);
  if (!value) throw missingField(key);
  return value;
}

/** openProfileBytes returns the XML of a plain or CMS-signed .mobileconfig and the certificates that signed it. */
function openProfileBytes(bytes: Buffer): { xml: Buffer; signers: Buffer[] } {
  if (bytes[0] !== 0x30) return { xml: bytes, signers: [] };
  try {
    const opened = openCms(bytes);
    return { xml: opened.content, signers: [opened.signerCertDer] };
  } catch (err) {
    throw new ProfileInstallError(1004, 'MCProfileErrorDomain', `The profile signature is invalid: ${err instanceof CmsError ? err.message : String(err)}`);
  }
}

function readPayload(dict: PlistDict): ProfilePayload {
  return {
    type: required(dict, 'PayloadType'),
    identifier: required(dict, 'PayloadIdentifier'),
    uuid: required(dict, 'PayloadUUID'),
    version: numberOf(dict, 'PayloadVersion') ?? 1,
    displayName: stringOf(dict, 'PayloadDisplayName'),
    description: stringOf(dict, 'PayloadDescription'),
    organization: stringOf(dict, 'PayloadOrganization'),
  };
}

/**
 * readConfigurationProfile parses a .mobileconfig as iOS does before installing it; failures are ProfileErrors.
 * `supervised` decides which restrictions the phone will apply.
 */
export function readConfigurationProfile(bytes: Buffer, managed: boolean, supervised = true): InstalledProfile {
  const { xml, signers } = openProfileBytes(bytes);
  let top: PlistDict;
  try {
    top = decodePlistDict(xml);
  } catch (err) {
    throw malformed(`The profile cannot be read: ${err instanceof PlistDecodeError ? err.message : String(err)}`);
  }
  if (top.PayloadType !== 'Configuration') throw malformed('The profile is not a configuration profile.');
  if ('EncryptedPayloadContent' in top) throw new ProfileInstallError(1006, 'MCProfileErrorDomain', 'The profile cannot be decrypted.');
  if (!Array.isArray(top.PayloadContent)) throw missingField('PayloadContent');
  const items = dictsOf(top, 'PayloadContent');
  const received: PlistDict = {};
  for (const item of items.filter((p) => p.PayloadType === RESTRICTIONS_PAYLOAD)) {
    for (const [key, value] of Object.entries(item)) if (!COMMON_KEYS.has(key)) received[key] = value;
  }
  const { active, ignored } = splitRestrictions(received, supervised);
  return {
    identifier: required(top, 'PayloadIdentifier'),
    uuid: required(top, 'PayloadUUID'),
    version: numberOf(top, 'PayloadVersion') ?? 1,
    displayName: stringOf(top, 'PayloadDisplayName'),
    description: stringOf(top, 'PayloadDescription'),
    organization: stringOf(top, 'PayloadOrganization'),
    removalDisallowed: top.PayloadRemovalDisallowed === true,
    managed,
    signerCertificates: signers,
    payloads: items.map(readPayload),
    restrictions: active,
    ignoredRestrictions: ignored,
  };
}

/** payloadListItem is one PayloadContent entry of a ProfileList answer (absent optional keys left out). */
function payloadListItem(p: ProfilePayload): PlistDict {
  const item: PlistDict = { PayloadType: p.type, PayloadVersion: p.version, PayloadIdentifier: p.identifier, PayloadUUID: p.uuid };
  if (p.displayName !== undefined) item.PayloadDisplayName = p.displayName;
  if (p.description !== undefined) item.PayloadDescription = p.description;
  if (p.organization !== undefined) item.PayloadOrganization = p.organization;
  return item;
}

/** profileListItem is how ProfileList reports an installed profile. */
export function profileListItem(profile: InstalledProfile): PlistDict {
  const item: PlistDict = {
    PayloadIdentifier: profile.identifier,
    PayloadUUID: profile.uuid,
    PayloadVersion: profile.version,
    PayloadRemovalDisallowed: profile.removalDisallowed,
    HasRemovalPasscode: false,
    IsEncrypted: false,
    IsManaged: profile.managed,
    SignerCertificates: profile.signerCertificates,
    PayloadContent: profile.payloads.map(payloadListItem),
  };
  if (profile.displayName !== undefined) item.PayloadDisplayName = profile.displayName;
  if (profile.description !== undefined) item.PayloadDescription = profile.description;
  if (profile.organization !== undefined) item.PayloadOrganization = profile.organization;
  return item;
}

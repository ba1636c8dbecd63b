import { X509Certificate } from 'node:crypto';
import { parse } from 'plist';
import { CmsError, type OpenedCms, openCms } from './cms.ts';
import type { SubjectPair } from './identity.ts';

/** ProfileError: the profile's signature fails, or it lacks what an enrolment profile must have. */
export class ProfileError extends Error {}

export interface ScepSettings {
  payloadUuid: string;
  url: string;
  challenge?: string;
  keysize: number;
  subject: SubjectPair[];
}

export interface MdmSettings {
  serverUrl: string;
  /** CheckInURL, or ServerURL when the payload leaves it out. */
  checkInUrl: string;
  topic: string;
  identityCertificateUuid: string;
  signMessage: boolean;
  accessRights: number;
  checkOutWhenRemoved: boolean;
}

/** EnrollmentProfileContents is what a simulated iPhone takes from an enrolment .mobileconfig. */
export interface EnrollmentProfileContents {
  identifier: string;
  scep: ScepSettings;
  mdm: MdmSettings;
  /** DER of each com.apple.security.root payload. */
  rootCertificates: Buffer[];
  signerCertDer: Buffer;
  /** trustedSigner: the signer is one of `trustedRoots` or issued by one (iOS shows "Verified"). */
  trustedSigner: boolean;
  xml: string;
}

type Dict = { [key: string]: unknown };
const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array) && !(v instanceof Date);

function field<T>(dict: Dict, key: string, where: string, test: (v: unknown) => v is T): T {
  const value = dict[key];
  if (!test(value)) throw new ProfileError(`${where}.${key} is missing or has the wrong type`);
  return value;
}
const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number';

function payloadOfType(payloads: Dict[], type: string): Dict {
  const found = payloads.find((p) => p.PayloadType === type);
  if (!found) throw new ProfileError(`the profile has no ${type} payload`);
  return found;
}

function readScep(payload: Dict): ScepSettings {
  const content = field(payload, 'PayloadContent', 'SCEP', isDict);
  const rdns = Array.isArray(content.Subject) ? content.Subject : [];
  const subject = rdns
    .flatMap((rdn: unknown) => (Array.isArray(rdn) ? rdn : []))
    .filter((pair): pair is SubjectPair => Array.isArray(pair) && pair.length === 2 && pair.every(isString));
  return {
    payloadUuid: field(payload, 'PayloadUUID', 'SCEP', isString),
    url: field(content, 'URL', 'SCEP', isString),
    challenge: isString(content.Challenge) ? content.Challenge : undefined,
    keysize: isNumber(content.Keysize) ? content.Keysize : 1024,
    subject,
  };
}

function readMdm(payload: Dict): MdmSettings {
  const serverUrl = field(payload, 'ServerURL', 'MDM', isString);
  return {
    serverUrl,
    checkInUrl: isString(payload.CheckInURL) ? payload.CheckInURL : serverUrl,
    topic: field(payload, 'Topic', 'MDM', isString),
    identityCertificateUuid: field(payload, 'IdentityCertificateUUID', 'MDM', isString),
    signMessage: payload.SignMessage === true,
    accessRights: isNumber(payload.AccessRights) ? payload.AccessRights : 0,
    checkOutWhenRemoved: payload.CheckOutWhenRemoved === true,
  };
}

function isTrusted(signerDer: Buffer, roots: Buffer[]): boolean {
  const signer = new X509Certificate(signerDer);
  return roots.some((der) => der.equals(signerDer) || (signer.checkIssued(new X509Certificate(der)) && signer.verify(new X509Certificate(der).publicKey)));
}

/**
 * readEnrollmentProfile opens a CMS-signed .mobileconfig the way iOS does before installing it: the signature must
 * hold, then the SCEP, MDM and root payloads are read, and the MDM payload must name the SCEP payload as identity.
 */
export function readEnrollmentProfile(signed: Buffer, trustedRoots: Buffer[] = []): EnrollmentProfileContents {
  let opened: OpenedCms;
  try {
    opened = openCms(signed);
  } catch (err) {
    throw new ProfileError(`the profile signature does not verify: ${err instanceof CmsError ? err.message : String(err)}`);
  }
  const xml = opened.content.toString('utf8');
  let top: unknown;
  try {
    top = parse(xml);
  } catch (err) {
    throw new ProfileError(`the profile is not a property list: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!isDict(top) || top.PayloadType !== 'Configuration') throw new ProfileError('not a configuration profile');
  const payloads = (Array.isArray(top.PayloadContent) ? top.PayloadContent : []).filter(isDict);
  const scep = readScep(payloadOfType(payloads, 'com.apple.security.scep'));
  const mdm = readMdm(payloadOfType(payloads, 'com.apple.mdm'));
  if (mdm.identityCertificateUuid !== scep.payloadUuid) throw new ProfileError('the MDM payload does not name the SCEP payload as its identity');
  const rootCertificates = payloads
    .filter((p) => p.PayloadType === 'com.apple.security.root' && p.PayloadContent instanceof Uint8Array)
    .map((p) => Buffer.from(p.PayloadContent as Uint8Array));
  return {
    identifier: field(top, 'PayloadIdentifier', 'profile', isString),
    scep,
    mdm,
    rootCertificates,
    signerCertDer: opened.signerCertDer,
    trustedSigner: isTrusted(opened.signerCertDer, trustedRoots),
    xml,
  };
}

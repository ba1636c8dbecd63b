import { type KeyObject, X509Certificate, createHash, sign, verify } from 'node:crypto';
import forge from 'node-forge';
import { fromDer, toDer } from './asn1.ts';

/**
 * The device's side of CMS SignedData (RFC 5652), as iOS uses it: sign with signed attributes (SCEP requests,
 * Mdm-Signature) and open signed messages (CertReps, signed profiles). Encoding is node-forge's ASN.1; the RSA
 * work is Node's crypto, which keeps thousands of simulated phones cheap.
 */

const { asn1 } = forge;
type Asn1 = forge.asn1.Asn1;

export const CmsOid = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256: '2.16.840.1.101.3.4.2.1',
} as const;

const DIGEST_BY_OID: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  [CmsOid.sha256]: 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/** CmsError: the message is malformed or its signature does not hold. */
export class CmsError extends Error {}

const universal = (type: number, constructed: boolean, value: string | Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, type, constructed, value);
const sequence = (...value: Asn1[]) => universal(asn1.Type.SEQUENCE, true, value);
export const oidNode = (oid: string) => universal(asn1.Type.OID, false, asn1.oidToDer(oid).getBytes());
export const octetNode = (bytes: Buffer) => universal(asn1.Type.OCTETSTRING, false, bytes.toString('binary'));
export const printableNode = (text: string) => universal(asn1.Type.PRINTABLESTRING, false, text);
const explicit0 = (...value: Asn1[]) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, value);
const algorithm = (oid: string) => sequence(oidNode(oid), universal(asn1.Type.NULL, false, ''));

/** SignedAttribute is one extra signed attribute (SCEP's transactionID, messageType, senderNonce…). */
export interface SignedAttribute {
  type: string;
  value: Asn1;
}

export interface CmsSignerIdentity {
  key: KeyObject;
  certDer: Buffer;
}

/** issuerAndSerial reads the signer identifier of a certificate: its issuer Name and serial number. */
export function issuerAndSerial(certDer: Buffer): Asn1 {
  const tbs = fromDer(certDer).value[0] as Asn1;
  const fields = tbs.value as Asn1[];
  const at = fields[0].tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  return sequence(fields[at + 2], fields[at]);
}

/** parsedSigners caches each signer certificate's parsed form, so signing many bodies parses it once. */
const parsedSigners = new WeakMap<Buffer, { sid: Asn1; cert: Asn1 }>();

function parsedSigner(certDer: Buffer): { sid: Asn1; cert: Asn1 } {
  let parsed = parsedSigners.get(certDer);
  if (!parsed) parsedSigners.set(certDer, (parsed = { sid: issuerAndSerial(certDer), cert: fromDer(certDer) }));
  return parsed;
}

/** signAttributes makes the DER SET OF attributes (sorted) and its RSA SHA-256 signature. */
function signAttributes(attributes: SignedAttribute[], key: KeyObject): { set: Asn1; signature: Buffer } {
  const encoded = attributes
    .map((a) => sequence(oidNode(a.type), universal(asn1.Type.SET, true, [a.value])))
    .map((node) => ({ node, der: toDer(node) }))
    .sort((a, b) => Buffer.compare(a.der, b.der));
  const set = universal(
    asn1.Type.SET,
    true,
    encoded.map((e) => e.node),
  );
  return { set, signature: sign('sha256', toDer(set), key) };
}

export interface SignOptions {
  content: Buffer;
  /** detached leaves the content out, as in the Mdm-Signature header. */
  detached?: boolean;
  signer: CmsSignerIdentity;
  attributes?: SignedAttribute[];
  now?: Date;
}

/** signCms makes a SignedData ContentInfo (DER) with contentType, signingTime and messageDigest signed. */
export function signCms(options: SignOptions): Buffer {
  const { content, signer } = options;
  const { sid, cert } = parsedSigner(signer.certDer);
  const digest = createHash('sha256').update(content).digest();
  const { set, signature } = signAttributes(
    [
      { type: CmsOid.contentType, value: oidNode(CmsOid.data) },
      { type: CmsOid.signingTime, value: universal(asn1.Type.UTCTIME, false, asn1.dateToUtcTime(options.now ?? new Date())) },
      { type: CmsOid.messageDigest, value: octetNode(digest) },
      ...(options.attributes ?? []),
    ],
    signer.key,
  );
  const signerInfo = sequence(
    universal(asn1.Type.INTEGER, false, '\u0001'),
    sid,
    algorithm(CmsOid.sha256),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, set.value as Asn1[]),
    algorithm(CmsOid.rsaEncryption),
    octetNode(signature),
  );
  const encapsulated = options.detached ? sequence(oidNode(CmsOid.data)) : sequence(oidNode(CmsOid.data), explicit0(octetNode(content)));
  const signedData = sequence(
    universal(asn1.Type.INTEGER, false, '\u0001'),
    universal(asn1.Type.SET, true, [algorithm(CmsOid.sha256)]),
    encapsulated,
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [cert]),
    universal(asn1.Type.SET, true, [signerInfo]),
  );
  return toDer(sequence(oidNode(CmsOid.signedData), explicit0(signedData)));
}

/** OpenedCms is a verified SignedData: what was signed, by which certificate, with which attributes. */
export interface OpenedCms {
  content: Buffer;
  signerCertDer: Buffer;
  certificates: Buffer[];
  /** First value of each signed attribute, by OID. */
  attributes: Map<string, Asn1>;
}

/** bytesOf reads an OCTET STRING (joining BER chunks); textOf reads a PrintableString or UTF8String. */
export const bytesOf = (node: Asn1): Buffer =>
  Buffer.from(Array.isArray(node.value) ? node.value.map((n) => bytesOf(n).toString('binary')).join('') : node.value, 'binary');
export const textOf = (node: Asn1 | undefined): string | undefined =>
  node && typeof node.value === 'string' ? Buffer.from(node.value, 'binary').toString('utf8') : undefined;
const oidOf = (node: Asn1) => asn1.derToOid(node.value as string);

function signerCertificate(certificates: Buffer[], sid: Asn1): Buffer {
  const wanted = toDer(sid);
  const found = certificates.find((der) => toDer(issuerAndSerial(der)).equals(wanted));
  if (!found) throw new CmsError('the signer certificate is not in the message');
  return found;
}

/**
 * openCms parses a SignedData message and checks its one signature over the attached content or, for a detached
 * signature, over `detachedContent`. It throws CmsError when the message is malformed or the signature fails.
 */
export function openCms(der: Buffer, detachedContent?: Buffer): OpenedCms {
  try {
    const [type, wrapped] = fromDer(der).value as Asn1[];
    if (oidOf(type) !== CmsOid.signedData) throw new CmsError('not a SignedData message');
    const parts = ((wrapped.value as Asn1[])[0].value as Asn1[]).slice(2);
    const [encapsulated, ...rest] = parts;
    const [, explicit] = encapsulated.value as Asn1[];
    const content = explicit ? bytesOf((explicit.value as Asn1[])[0]) : detachedContent;
    if (!content) throw new CmsError('no content to check the signature against');
    const certsNode = rest.find((p) => p.tagClass === asn1.Class.CONTEXT_SPECIFIC && p.type === 0);
    const certificates = certsNode ? (certsNode.value as Asn1[]).map(toDer) : [];
    const [signerInfo] = rest[rest.length - 1].value as Asn1[];
    if (!signerInfo) throw new CmsError('the message has no signer');
    const [, sid, digestAlgorithm, signedAttrs, , signature] = signerInfo.value as Asn1[];
    const digest = DIGEST_BY_OID[oidOf((digestAlgorithm.value as Asn1[])[0])];
    if (!digest || signedAttrs.tagClass !== asn1.Class.CONTEXT_SPECIFIC) throw new CmsError('unsupported signer info');
    const attributes = new Map<string, Asn1>();
    for (const attr of signedAttrs.value as Asn1[]) {
      const [attrType, values] = attr.value as Asn1[];
      attributes.set(oidOf(attrType), (values.value as Asn1[])[0]);
    }
    const messageDigest = attributes.get(CmsOid.messageDigest);
    if (!messageDigest || !bytesOf(messageDigest).equals(createHash(digest).update(content).digest())) throw new CmsError('content digest mismatch');
    const signerCertDer = signerCertificate(certificates, sid);
    const signedBytes = toDer(universal(asn1.Type.SET, true, signedAttrs.value as Asn1[]));
    if (!verify(digest, signedBytes, new X509Certificate(signerCertDer).publicKey, bytesOf(signature))) throw new CmsError('bad signature');
    return { content, signerCertDer, certificates, attributes };
  } catch (err) {
    if (err instanceof CmsError) throw err;
    throw new CmsError(`malformed CMS message: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** certificatesOf lists the certificates of a degenerate certs-only SignedData (a SCEP CertRep's payload). */
export function certificatesOf(der: Buffer): Buffer[] {
  try {
    const signedData = ((fromDer(der).value as Asn1[])[1].value as Asn1[])[0];
    const certs = (signedData.value as Asn1[]).find((p) => p.tagClass === asn1.Class.CONTEXT_SPECIFIC && p.type === 0);
    return certs ? (certs.value as Asn1[]).map(toDer) : [];
  } catch (err) {
    throw new CmsError(`malformed certs-only message: ${err instanceof Error ? err.message : String(err)}`);
  }
}

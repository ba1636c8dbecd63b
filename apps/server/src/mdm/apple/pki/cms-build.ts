import { type KeyObject, createHash, sign } from 'node:crypto';
import { readCertificateFields } from './certificate-fields.ts';
import { Tag, encode, explicit, integer, nullValue, objectId, octetString, sequence, setOf, utcTime } from './der.ts';
import { DIGEST_OID, type DigestName, OID } from './oids.ts';

/** CmsAttribute is one signed attribute: its OID and its DER-encoded values. */
export interface CmsAttribute {
  type: string;
  values: Buffer[];
}

export interface CmsSigner {
  certDer: Buffer;
  key: KeyObject;
}

export interface SignedDataOptions {
  /** The signed bytes; omitted for a degenerate certs-only message or an empty SCEP failure. */
  content?: Buffer;
  /** detached leaves the content out of the message (the Mdm-Signature form). */
  detached?: boolean;
  /** signer is absent for a degenerate certs-only message. */
  signer?: CmsSigner;
  /** certificates to carry besides the signer's (which goes first). */
  certificates?: Buffer[];
  digest?: DigestName;
  /** attributes are signed along with contentType, signingTime and messageDigest. */
  attributes?: CmsAttribute[];
  signingTime?: Date;
}

const algorithm = (oid: string) => sequence(objectId(oid), nullValue());
export const attribute = (type: string, ...values: Buffer[]): CmsAttribute => ({ type, values });
const encodeAttribute = (a: CmsAttribute) => sequence(objectId(a.type), setOf(...a.values));

function signerInfo(signer: CmsSigner, digest: DigestName, content: Buffer, options: SignedDataOptions): Buffer {
  const { issuer, serial } = readCertificateFields(signer.certDer);
  const attributes = [
    attribute(OID.contentType, objectId(OID.data)),
    attribute(OID.signingTime, utcTime(options.signingTime ?? new Date())),
    attribute(OID.messageDigest, octetString(createHash(digest).update(content).digest())),
    ...(options.attributes ?? []),
  ].map(encodeAttribute);
  const signedAttrs = setOf(...attributes);
  const signature = sign(digest, signedAttrs, signer.key);
  return sequence(
    integer(1),
    sequence(issuer, encode(Tag.INTEGER, serial)),
    algorithm(DIGEST_OID[digest]),
    Buffer.concat([Buffer.from([Tag.CONTEXT_0]), signedAttrs.subarray(1)]), // [0] IMPLICIT: the signed SET, retagged
    algorithm(OID.rsaEncryption),
    octetString(signature),
  );
}

/**
 * buildSignedData writes a CMS ContentInfo of SignedData (RFC 5652 §5) with one RSA signer using signed
 * attributes, as iOS and SCEP expect; the signature is made with Node's crypto.
 */
export function buildSignedData(options: SignedDataOptions): Buffer {
  const digest = options.digest ?? 'sha256';
  const content = options.content ?? Buffer.alloc(0);
  const { signer } = options;
  const certificates = [...(signer ? [signer.certDer] : []), ...(options.certificates ?? [])];
  const encapsulated = options.content && !options.detached ? sequence(objectId(OID.data), explicit(0, octetString(content))) : sequence(objectId(OID.data));
  const signedData = sequence(
    integer(1),
    signer ? setOf(algorithm(DIGEST_OID[digest])) : setOf(),
    encapsulated,
    ...(certificates.length > 0 ? [encode(Tag.CONTEXT_0, ...certificates)] : []),
    signer ? setOf(signerInfo(signer, digest, content, options)) : setOf(),
  );
  return sequence(objectId(OID.signedData), explicit(0, signedData));
}

import { type KeyObject, X509Certificate } from 'node:crypto';
import { certificateFingerprint } from './certificate-fields.ts';
import { type ParsedSigner, type ParsedSignedData, type SignerRefusal, findCertificate, parseSignedData, verifySigner } from './cms-parse.ts';

/** MAX_HEADER_CHARS bounds the header: a signature with one 2048-bit certificate is about 2.5 KB of base64. */
const MAX_HEADER_CHARS = 32 * 1024;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export type MdmSignatureRefusal = 'missing' | 'malformed' | 'content-mismatch' | SignerRefusal | 'untrusted-issuer' | 'expired' | 'not-yet-valid';

/** MdmIdentity is the device identity proven by a valid Mdm-Signature. */
export interface MdmIdentity {
  certificate: X509Certificate;
  /** Lower-case hex SHA-256 of the certificate DER: the key the enrolment is bound to (nanomdm cert-auth). */
  fingerprint: string;
}

export type MdmSignatureResult = ({ ok: true } & MdmIdentity) | { ok: false; reason: MdmSignatureRefusal };

const refuse = (reason: MdmSignatureRefusal): MdmSignatureResult => ({ ok: false, reason });

/** KnownCertificate is a device certificate already parsed and checked against a CA. */
interface KnownCertificate {
  der: Buffer;
  certificate: X509Certificate;
  fingerprint: string;
  publicKey: KeyObject;
  issuedByCa: boolean;
  notBefore: Date;
  notAfter: Date;
}

/**
 * known caches parsed device certificates by CA and signer (issuer and serial): every request of a device carries
 * the same certificate, and reading, hashing and parsing it cost more than the signature check itself. A hit counts
 * only when the message holds a certificate byte-equal to the one remembered. Oldest entries go first.
 */
const known = new Map<string, KnownCertificate>();
const KNOWN_MAX = 20_000;
const signerKey = (ca: X509Certificate, signer: ParsedSigner) => `${ca.fingerprint256}/${signer.issuer.toString('base64')}/${signer.serial.toString('hex')}`;

function remember(certDer: Buffer, ca: X509Certificate, signer: ParsedSigner): KnownCertificate {
  const certificate = new X509Certificate(certDer);
  const entry = {
    // A copy: the message's bytes are not kept alive by the cache.
    der: Buffer.from(certDer),
    certificate,
    fingerprint: certificateFingerprint(certDer),
    publicKey: certificate.publicKey,
    issuedByCa: !certificate.ca && certificate.checkIssued(ca) && certificate.verify(ca.publicKey),
    notBefore: new Date(certificate.validFrom),
    notAfter: new Date(certificate.validTo),
  };
  if (known.size >= KNOWN_MAX) known.delete(known.keys().next().value as string);
  known.set(signerKey(ca, signer), entry);
  return entry;
}

/** headerBytes decodes the header's base64 strictly; canonical base64 (what phones send) skips the regex. */
function headerBytes(header: string): Buffer | undefined {
  if (header.length <= MAX_HEADER_CHARS) {
    const fast = Buffer.from(header, 'base64');
    if (fast.toString('base64') === header) return fast;
  }
  const text = header.replace(/\s+/g, '');
  if (text.length > MAX_HEADER_CHARS || !BASE64.test(text)) return undefined;
  return Buffer.from(text, 'base64');
}

/**
 * verifyMdmSignature checks the `Mdm-Signature` header a device sends when its MDM payload sets SignMessage:
 * a base64 detached CMS SignedData over the raw body. The signer certificate must have been issued by `ca`
 * and be valid at `now`. Every failure is a typed refusal; the caller answers it without a 401.
 */
export function verifyMdmSignature(header: string | undefined, body: Buffer, ca: X509Certificate, now = new Date()): MdmSignatureResult {
  if (!header) return refuse('missing');
  // Folded whitespace is allowed, within reason: the strip below must stay cheap.
  if (header.length > MAX_HEADER_CHARS * 2) return refuse('malformed');
  const der = headerBytes(header);
  if (!der) return refuse('malformed');
  let parsed: ParsedSignedData;
  try {
    parsed = parseSignedData(der);
  } catch {
    return refuse('malformed');
  }
  // iOS signs detached; a client that attaches the content must attach exactly the body.
  if (parsed.content !== undefined && !parsed.content.equals(body)) return refuse('content-mismatch');
  let entry: KnownCertificate | undefined;
  const signed = verifySigner(
    parsed,
    body,
    // verifySigner asks for the certificate first, then for its key: a remembered one answers both.
    (certDer) => (entry ??= remember(certDer, ca, parsed.signers[0])).publicKey,
    (certificates, signer) => {
      const hit = known.get(signerKey(ca, signer));
      if (!hit || !certificates.some((der) => der.equals(hit.der))) return findCertificate(certificates, signer);
      entry = hit;
      return hit.der;
    },
  );
  if (!signed.ok) return refuse(signed.reason);
  if (!entry) return refuse('malformed');
  if (!entry.issuedByCa) return refuse('untrusted-issuer');
  if (now < entry.notBefore) return refuse('not-yet-valid');
  if (now > entry.notAfter) return refuse('expired');
  return { ok: true, certificate: entry.certificate, fingerprint: entry.fingerprint };
}

import { type KeyObject, X509Certificate } from 'node:crypto';
import { certificateFingerprint } from './certificate-fields.ts';
import { type ParsedSignedData, type SignerRefusal, parseSignedData, verifySigner } from './cms-parse.ts';

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
  certificate: X509Certificate;
  fingerprint: string;
  publicKey: KeyObject;
  issuedByCa: boolean;
  notBefore: Date;
  notAfter: Date;
}

/**
 * known caches parsed device certificates by CA and certificate fingerprint: every request of a device carries the
 * same certificate, and parsing it costs more than the signature check itself. Oldest entries go first.
 */
const known = new Map<string, KnownCertificate>();
const KNOWN_MAX = 20_000;

function knownCertificate(certDer: Buffer, ca: X509Certificate): KnownCertificate {
  const fingerprint = certificateFingerprint(certDer);
  const cacheKey = `${ca.fingerprint256}/${fingerprint}`;
  let entry = known.get(cacheKey);
  if (!entry) {
    const certificate = new X509Certificate(certDer);
    entry = {
      certificate,
      fingerprint,
      publicKey: certificate.publicKey,
      issuedByCa: !certificate.ca && certificate.checkIssued(ca) && certificate.verify(ca.publicKey),
      notBefore: new Date(certificate.validFrom),
      notAfter: new Date(certificate.validTo),
    };
    if (known.size >= KNOWN_MAX) known.delete(known.keys().next().value as string);
    known.set(cacheKey, entry);
  }
  return entry;
}

/**
 * verifyMdmSignature checks the `Mdm-Signature` header a device sends when its MDM payload sets SignMessage:
 * a base64 detached CMS SignedData over the raw body. The signer certificate must have been issued by `ca`
 * and be valid at `now`. Every failure is a typed refusal; the caller answers it without a 401.
 */
export function verifyMdmSignature(header: string | undefined, body: Buffer, ca: X509Certificate, now = new Date()): MdmSignatureResult {
  if (!header) return refuse('missing');
  const text = header.replace(/\s+/g, '');
  if (text.length > MAX_HEADER_CHARS || !BASE64.test(text)) return refuse('malformed');
  let parsed: ParsedSignedData;
  try {
    parsed = parseSignedData(Buffer.from(text, 'base64'));
  } catch {
    return refuse('malformed');
  }
  // iOS signs detached; a client that attaches the content must attach exactly the body.
  if (parsed.content !== undefined && !parsed.content.equals(body)) return refuse('content-mismatch');
  let entry: KnownCertificate | undefined;
  const signed = verifySigner(parsed, body, (certDer) => {
    entry = knownCertificate(certDer, ca);
    return entry.publicKey;
  });
  if (!signed.ok) return refuse(signed.reason);
  if (!entry) return refuse('malformed');
  if (!entry.issuedByCa) return refuse('untrusted-issuer');
  if (now < entry.notBefore) return refuse('not-yet-valid');
  if (now > entry.notAfter) return refuse('expired');
  return { ok: true, certificate: entry.certificate, fingerprint: entry.fingerprint };
}

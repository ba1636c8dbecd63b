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
 * known caches parsed device certificates by CA and certificate fingerprint: every request of a device carries the
 * same certificate, and parsing it costs more than the signature check itself. Oldest entries go first.
 */
const known = new Map<string, KnownCertificate>();
/**
 * bySigner finds a known certificate from the signer's issuer and serial alone; a hit still must be byte-equal to a
 * certificate in the message. It spares each request re-reading the certificate and hashing it.
 */
const bySigner = new Map<string, KnownCertificate>();
const KNOWN_MAX = 20_000;
const signerKey = (ca: X509Certificate, signer: ParsedSigner) => `${ca.fingerprint256}/${signer.issuer.toString('base64')}/${signer.serial.toString('hex')}`;

function knownCertificate(certDer: Buffer, ca: X509Certificate, signer: ParsedSigner): KnownCertificate {
  const fingerprint = certificateFingerprint(certDer);
  const cacheKey = `${ca.fingerprint256}/${fingerprint}`;
  let entry = known.get(cacheKey);
  if (!entry) {
    const certificate = new X509Certificate(certDer);
    entry = {
      der: certDer,
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
  if (bySigner.size >= KNOWN_MAX) bySigner.delete(bySigner.keys().next().value as string);
  bySigner.set(signerKey(ca, signer), entry);
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
    (certDer) => {
      entry = entry?.der === certDer ? entry : knownCertificate(certDer, ca, parsed.signers[0]);
      return entry.publicKey;
    },
    (certificates, signer) => {
      const hit = bySigner.get(signerKey(ca, signer));
      const same = hit && certificates.find((der) => der.equals(hit.der));
      if (!same) return findCertificate(certificates, signer);
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

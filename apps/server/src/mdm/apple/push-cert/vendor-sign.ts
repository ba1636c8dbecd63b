import { type KeyObject, X509Certificate, createPrivateKey, sign } from 'node:crypto';
import { buildPlist } from '../plist.ts';

export type VendorSignRefusal = 'no-certificate' | 'bad-key' | 'key-mismatch' | 'vendor-expired';

const PEM_BLOCKS = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The request the Apple Push Certificates Portal takes: base64 of this plist, as a file. */
export interface VendorSignedRequest {
  plist: string;
  /** What the operator uploads at identity.apple.com/pushcert (Apple's docs: the plist, base64-encoded). */
  uploadBase64: string;
  vendorSubject: string;
  vendorNotAfter: Date;
}

/**
 * vendorSignCsr signs a push CSR as an MDM vendor does before Apple accepts it (Apple's "Setting up push
 * notifications for your MDM customers", and what `mdmctl mdmcert` writes): a plist with
 *   PushCertRequestCSR       base64 of the CSR's DER,
 *   PushCertCertificateChain the vendor's MDM CSR-signing certificate then its issuers (Apple WWDR, Apple root), PEM,
 *   PushCertSignature        base64 of an RSA SHA-256 signature over the CSR's DER by the vendor's key,
 * and the whole plist base64-encoded. The chain is every certificate in what the operator uploaded, vendor first.
 */
export function vendorSignCsr(input: {
  csrDer: Buffer;
  vendorCertPem: string;
  vendorKeyPem: string;
  passphrase?: string;
  now?: Date;
}): { ok: true; request: VendorSignedRequest } | { ok: false; reason: VendorSignRefusal } {
  const blocks = input.vendorCertPem.match(PEM_BLOCKS) ?? [];
  let certs: X509Certificate[];
  try {
    certs = blocks.map((b) => new X509Certificate(b));
  } catch {
    return { ok: false, reason: 'no-certificate' };
  }
  if (!certs.length) return { ok: false, reason: 'no-certificate' };
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: input.vendorKeyPem, format: 'pem', passphrase: input.passphrase || undefined });
  } catch {
    return { ok: false, reason: 'bad-key' };
  }
  if (key.asymmetricKeyType !== 'rsa') return { ok: false, reason: 'bad-key' };
  // The vendor certificate is the one the key belongs to, wherever it sits in the upload; the rest follow it.
  const vendor = certs.find((c) => c.checkPrivateKey(key));
  if (!vendor) return { ok: false, reason: 'key-mismatch' };
  const notAfter = new Date(vendor.validTo);
  if (notAfter <= (input.now ?? new Date())) return { ok: false, reason: 'vendor-expired' };
  const chain = [vendor, ...certs.filter((c) => c !== vendor)].map((c) => c.toString().trim()).join('\n');
  const signature = sign('sha256', input.csrDer, key);
  const plist = buildPlist({
    PushCertRequestCSR: input.csrDer.toString('base64'),
    PushCertCertificateChain: `${chain}\n`,
    PushCertSignature: signature.toString('base64'),
  });
  return {
    ok: true,
    request: {
      plist,
      uploadBase64: Buffer.from(plist, 'utf8').toString('base64'),
      vendorSubject: vendor.subject.replace(/\n/g, ', '),
      vendorNotAfter: notAfter,
    },
  };
}

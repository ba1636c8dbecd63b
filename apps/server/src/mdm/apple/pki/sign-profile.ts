import type { KeyObject, X509Certificate } from 'node:crypto';
import { buildSignedData } from './cms-build.ts';
import { certificateDerOf, privateKeyOf } from './keys.ts';

/**
 * signProfile wraps a .mobileconfig in CMS SignedData with the content attached (DER), the form iOS installs
 * and shows as "Verified" when it trusts the signer. `chain` adds intermediates after the signer certificate.
 */
export function signProfile(
  mobileconfigXml: string | Buffer,
  signerCert: Buffer | string | X509Certificate,
  signerKey: KeyObject | string,
  chain: (Buffer | string)[] = [],
): Buffer {
  return buildSignedData({
    content: typeof mobileconfigXml === 'string' ? Buffer.from(mobileconfigXml, 'utf8') : mobileconfigXml,
    signer: { certDer: certificateDerOf(signerCert), key: privateKeyOf(signerKey) },
    certificates: chain.map(certificateDerOf),
  });
}

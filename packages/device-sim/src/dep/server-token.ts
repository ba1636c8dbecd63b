import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import type { DepServerToken } from '@lease/shared';

/**
 * serverTokenP7m makes the file Apple Business Manager hands out as "<server>_Token_<date>_smime.p7m": an
 * S/MIME message whose body is a CMS EnvelopedData encrypted to the MDM server's public key certificate (the PEM
 * the store uploaded to ABM), wrapping a MIME text part with the token JSON between BEGIN/END MESSAGE lines.
 */
export function serverTokenP7m(certificatePem: string, token: DepServerToken): Buffer {
  const inner = [
    'Content-Type: text/plain;charset=UTF-8',
    'Content-Transfer-Encoding: 7bit',
    '',
    '-----BEGIN MESSAGE-----',
    JSON.stringify(token),
    '-----END MESSAGE-----',
    '',
  ].join('\r\n');
  const envelope = forge.pkcs7.createEnvelopedData();
  envelope.addRecipient(forge.pki.certificateFromPem(certificatePem));
  envelope.content = forge.util.createBuffer(inner, 'utf8');
  envelope.encrypt(undefined, forge.pki.oids['aes256-CBC']);
  const der = forge.asn1.toDer(envelope.toAsn1()).getBytes();
  const base64 = forge.util.encode64(der).replace(/(.{76})/g, '$1\r\n');
  const smime = [
    'Content-Type: application/pkcs7-mime; name="smime.p7m"; smime-type=enveloped-data',
    'Content-Transfer-Encoding: base64',
    'Content-Disposition: attachment; filename="smime.p7m"',
    'Content-Description: S/MIME Encrypted Message',
    '',
    base64,
    '',
  ].join('\r\n');
  return Buffer.from(smime, 'utf8');
}

/** selfSignedCertificatePem makes a throwaway certificate (tests: "a token encrypted to the wrong certificate"). */
export function selfSignedCertificatePem(commonName = 'other MDM server'): string {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  cert.setSubject([{ name: 'commonName', value: commonName }]);
  cert.setIssuer([{ name: 'commonName', value: commonName }]);
  cert.sign(forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

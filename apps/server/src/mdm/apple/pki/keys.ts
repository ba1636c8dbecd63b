import { type KeyObject, X509Certificate, createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

/** generateRsaKey uses Node's native RSA (≈100 ms for 2048 bits, where node-forge's pure JS takes seconds). */
export const generateRsaKey = (bits = 2048): KeyObject => generateKeyPairSync('rsa', { modulusLength: bits }).privateKey;

/** privateKeyOf accepts a KeyObject or a PEM (PKCS#1 or PKCS#8). */
export const privateKeyOf = (key: KeyObject | string): KeyObject => (typeof key === 'string' ? createPrivateKey(key) : key);

/** certificateDerOf accepts a certificate as DER, PEM or X509Certificate and returns its DER. */
export function certificateDerOf(cert: Buffer | string | X509Certificate): Buffer {
  if (cert instanceof X509Certificate) return cert.raw;
  return typeof cert === 'string' ? new X509Certificate(cert).raw : cert;
}

export const toForgePrivateKey = (key: KeyObject): forge.pki.rsa.PrivateKey =>
  forge.pki.privateKeyFromPem(key.export({ type: 'pkcs1', format: 'pem' }).toString()) as forge.pki.rsa.PrivateKey;

/** toForgePublicKey takes a public key, or a private key whose public half is wanted. */
export const toForgePublicKey = (key: KeyObject): forge.pki.PublicKey =>
  forge.pki.publicKeyFromPem((key.type === 'private' ? createPublicKey(key) : key).export({ type: 'spki', format: 'pem' }).toString());

/** Binary strings are node-forge's byte representation; these convert at the boundary. */
export const forgeAsn1Of = (der: Buffer) => forge.asn1.fromDer(der.toString('binary'));
export const derOfForgeAsn1 = (asn1: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
export const forgeCertificateOf = (der: Buffer) => forge.pki.certificateFromAsn1(forgeAsn1Of(der));

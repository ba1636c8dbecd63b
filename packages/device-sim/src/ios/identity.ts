import { type KeyObject, createPublicKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import forge from 'node-forge';
import { toDer } from './asn1.ts';

/** SubjectPair is one X.500 name component as the SCEP payload lists it: ['CN', 'value'] or ['2.5.4.5', 'value']. */
export type SubjectPair = [string, string];

/** DeviceIdentity is the key a simulated iPhone keeps to itself and the certificate our CA issued for it. */
export interface DeviceIdentity {
  key: KeyObject;
  certDer: Buffer;
}

/** generateDeviceKey makes a 2048-bit RSA key with Node's native code; pools can pre-generate these. */
export const generateDeviceKey = (bits = 2048): KeyObject => generateKeyPairSync('rsa', { modulusLength: bits }).privateKey;

/** node-forge builds these at runtime; its type definitions leave them out. */
const forgeX509 = forge.pki as typeof forge.pki & {
  getTBSCertificate(cert: forge.pki.Certificate): forge.asn1.Asn1;
  getCertificationRequestInfo(csr: forge.pki.CertificateSigningRequest): forge.asn1.Asn1;
};

const forgePublicKey = (key: KeyObject) => forge.pki.publicKeyFromPem(createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString());
export const forgePrivateKey = (key: KeyObject) =>
  forge.pki.privateKeyFromPem(key.export({ type: 'pkcs1', format: 'pem' }).toString()) as forge.pki.rsa.PrivateKey;

/** PrintableString's alphabet; iOS writes any other text (Chinese, say) as UTF8String. */
const PRINTABLE = /^[A-Za-z0-9 '()+,\-./:=?]*$/;

/** subjectFields names each value's string type, so forge writes UTF-8 as UTF8String instead of cutting it to bytes. */
const subjectFields = (pairs: SubjectPair[]): forge.pki.CertificateField[] =>
  pairs.map(([name, value]) => ({
    ...(/^\d+(\.\d+)+$/.test(name) ? { type: name } : { shortName: name }),
    value,
    valueTagClass: (PRINTABLE.test(value) ? forge.asn1.Type.PRINTABLESTRING : forge.asn1.Type.UTF8) as number,
  }));

const SHA256_WITH_RSA = forge.pki.oids.sha256WithRSAEncryption;

/** selfSignedCertificate is the throwaway certificate a SCEP client signs its request with (RFC 8894 §2.3). */
export function selfSignedCertificate(key: KeyObject, subject: SubjectPair[], now = new Date()): Buffer {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forgePublicKey(key);
  const serial = randomBytes(8);
  serial[0] &= 0x7f;
  cert.serialNumber = serial.toString('hex');
  cert.validity.notBefore = new Date(now.getTime() - 3_600_000);
  cert.validity.notAfter = new Date(now.getTime() + 86_400_000);
  cert.setSubject(subjectFields(subject));
  cert.setIssuer(subjectFields(subject));
  cert.signatureOid = cert.siginfo.algorithmOid = SHA256_WITH_RSA;
  cert.tbsCertificate = forgeX509.getTBSCertificate(cert);
  cert.signature = sign('sha256', toDer(cert.tbsCertificate), key).toString('binary');
  return toDer(forge.pki.certificateToAsn1(cert));
}

/** certificateRequest is the PKCS#10 request with the SCEP challenge as its challengePassword attribute. */
export function certificateRequest(key: KeyObject, subject: SubjectPair[], challenge: string): Buffer {
  const csr = forge.pki.createCertificationRequest();
  csr.publicKey = forgePublicKey(key);
  csr.setSubject(subjectFields(subject));
  csr.setAttributes([{ name: 'challengePassword', value: challenge }]);
  csr.signatureOid = csr.siginfo.algorithmOid = SHA256_WITH_RSA;
  csr.certificationRequestInfo = forgeX509.getCertificationRequestInfo(csr);
  csr.signature = sign('sha256', toDer(csr.certificationRequestInfo), key).toString('binary');
  return toDer(forge.pki.certificationRequestToAsn1(csr));
}

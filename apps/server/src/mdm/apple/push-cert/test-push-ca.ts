import { X509Certificate, createPublicKey } from 'node:crypto';
import forge from 'node-forge';
import { createCa, loadCa } from '../pki/ca.ts';
import { createCertificate } from '../pki/certificates.ts';
import { generateRsaKey } from '../pki/keys.ts';

const DAY = 86_400_000;
const UID = '0.9.2342.19200300.100.1.1';

/**
 * createTestPushCa stands in for Apple's push certificate authority in tests: it issues, for the public key in a
 * CSR (or any key), a certificate shaped like Apple's MDM push certificate (subject UID = topic, CN = APSP:…).
 */
export function createTestPushCa() {
  const ca = loadCa(createCa({ commonName: 'Test Apple Application Integration CA', organization: 'Test', validityYears: 5 }));
  return {
    caPem: ca.cert.toString(),
    /** issue a push certificate for the key of `csrPem` (or `publicKeyPem`) with `topic`, ending in `days` days. */
    issue(input: { csrPem?: string; publicKeyPem?: string; topic: string; days?: number; now?: Date }): string {
      const publicKey = (input.csrPem ? publicKeyOfCsr(input.csrPem) : createPublicKey(input.publicKeyPem!)).export({ type: 'spki', format: 'der' });
      const now = input.now ?? new Date();
      const der = createCertificate({
        subject: [
          [UID, input.topic],
          ['CN', `APSP:${input.topic.split('.').pop()}`],
          ['C', 'US'],
        ],
        publicKey,
        issuer: { key: ca.key, certDer: ca.certDer },
        notBefore: new Date(now.getTime() - DAY),
        notAfter: new Date(now.getTime() + (input.days ?? 365) * DAY),
        extensions: [
          { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
          { name: 'extKeyUsage', clientAuth: true },
        ],
      });
      return new X509Certificate(der).toString();
    },
    /** vendor makes an MDM vendor (CSR-signing) certificate and key, as Apple's developer site issues them. */
    vendor(days = 365) {
      const key = generateRsaKey();
      const now = new Date();
      const der = createCertificate({
        subject: [
          ['CN', 'MDM Vendor: Test Lease Ltd'],
          ['O', 'Test Lease Ltd'],
          ['C', 'CN'],
        ],
        publicKey: key,
        issuer: { key: ca.key, certDer: ca.certDer },
        notBefore: new Date(now.getTime() - DAY),
        notAfter: new Date(now.getTime() + days * DAY),
        extensions: [{ name: 'keyUsage', digitalSignature: true, critical: true }],
      });
      return { certPem: new X509Certificate(der).toString(), keyPem: key.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKey: createPublicKey(key) };
    },
  };
}

/** publicKeyOfCsr reads the SubjectPublicKeyInfo inside a PKCS#10 request. */
const publicKeyOfCsr = (csrPem: string) => createPublicKey(forge.pki.publicKeyToPem(forge.pki.certificationRequestFromPem(csrPem).publicKey!));

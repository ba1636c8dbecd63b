import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';
import { type AbmLockBook, type MockEscrowUnlock, startMockEscrowUnlock } from '@lease/device-sim';

/** certificatePair makes a self-signed certificate and its key (PEM); `ip` puts 127.0.0.1 in it for a local TLS server. */
export function certificatePair(commonName: string, ip = false) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  cert.setSubject([{ name: 'commonName', value: commonName }]);
  cert.setIssuer([{ name: 'commonName', value: commonName }]);
  if (ip) cert.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }]);
  const keyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  cert.sign(forge.pki.privateKeyFromPem(keyPem), forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), keyPem };
}

/** PUSH_CERT_SUBJECT is the CN of the test MDM push certificate, as Apple issues them ("APSP:<uuid>"). */
export const PUSH_CERT_SUBJECT = 'APSP:test-push-certificate';

/**
 * startEscrowStandIn runs Apple's escrow-key unlock stand-in over mutual TLS and writes the server's configuration
 * for it into `dir`: the push certificate as client identity and the stand-in's certificate as trusted CA. Pass
 * the DEP stand-in's `activationLocks` so that what ABM locked is what the stand-in unlocks.
 */
export async function startEscrowStandIn(dir: string, abmLocks?: AbmLockBook): Promise<{ escrow: MockEscrowUnlock; env: Record<string, string> }> {
  const server = certificatePair('127.0.0.1', true);
  const push = certificatePair(PUSH_CERT_SUBJECT);
  const escrow = await startMockEscrowUnlock({ tls: { key: server.keyPem, cert: server.certPem, requestCert: true }, abmLocks });
  const file = (name: string, text: string) => {
    const target = path.join(dir, name);
    fs.writeFileSync(target, text);
    return target;
  };
  return {
    escrow,
    env: {
      ACTIVATION_LOCK_ORIGIN: escrow.origin,
      ACTIVATION_LOCK_CERT_FILE: file('push-cert.pem', push.certPem),
      ACTIVATION_LOCK_KEY_FILE: file('push-key.pem', push.keyPem),
      ACTIVATION_LOCK_CA_FILE: file('escrow-ca.pem', server.certPem),
    },
  };
}

import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCa, loadCa } from './ca.ts';
import { generateRsaKey } from './keys.ts';

describe('createCa', () => {
  const key = generateRsaKey();

  it('makes a self-signed CA certificate that can sign and receive envelopes', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    const material = createCa({ commonName: 'Test CA', organization: 'Lease', key, now, validityYears: 5 });
    const cert = new X509Certificate(material.certPem);
    expect(cert.ca).toBe(true);
    expect(cert.subject).toBe('CN=Test CA\nO=Lease');
    expect(cert.checkIssued(cert) && cert.verify(cert.publicKey)).toBe(true);
    expect(new Date(cert.validTo).getUTCFullYear()).toBe(2030);
    expect(cert.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(material.keyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
  });

  it('loads persisted material and refuses a key that does not match the certificate', () => {
    const material = createCa({ key });
    expect(loadCa(material).certDer.equals(new X509Certificate(material.certPem).raw)).toBe(true);
    const other = createCa({ key: generateRsaKey() });
    expect(() => loadCa({ certPem: material.certPem, keyPem: other.keyPem })).toThrow(/does not match/);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCa, loadCa } from './ca.ts';
import { buildSignedData } from './cms-build.ts';
import { createCertificate } from './certificates.ts';
import { generateRsaKey } from './keys.ts';
import { verifyMdmSignature } from './mdm-signature.ts';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));

/** The fixtures were made with OpenSSL 3.0 (`openssl cms -sign -binary [-md sha1] [-stream]`), see fixtures/README.md. */
describe('verifyMdmSignature against OpenSSL-made signatures', () => {
  const ca = new X509Certificate(fixture('openssl-ca.pem'));
  const body = fixture('openssl-body.plist');
  const during = new Date('2027-01-01T00:00:00Z');
  const fingerprint = '332d2c09aec914c0a18f50274a02b4b2d09034f10a05b5f3f7dd34dcb52f359a';

  it.each(['openssl-detached-sha256.der', 'openssl-detached-sha1.der', 'openssl-attached-ber.der'])('accepts %s', (name) => {
    expect(verifyMdmSignature(fixture(name).toString('base64'), body, ca, during)).toMatchObject({ ok: true, fingerprint });
  });

  it('accepts base64 folded over several lines', () => {
    const folded = fixture('openssl-detached-sha256.der')
      .toString('base64')
      .replace(/(.{64})/g, '$1\r\n');
    expect(verifyMdmSignature(folded, body, ca, during).ok).toBe(true);
  });

  it('refuses the same signature before and after the certificate’s validity', () => {
    const header = fixture('openssl-detached-sha256.der').toString('base64');
    expect(verifyMdmSignature(header, body, ca, new Date('2026-01-01T00:00:00Z'))).toEqual({ ok: false, reason: 'not-yet-valid' });
    expect(verifyMdmSignature(header, body, ca, new Date('2028-01-01T00:00:00Z'))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a signature whose bytes were changed', () => {
    const der = Buffer.from(fixture('openssl-detached-sha256.der'));
    der[der.length - 3] ^= 0x01;
    expect(verifyMdmSignature(der.toString('base64'), body, ca, during)).toEqual({ ok: false, reason: 'bad-signature' });
  });
});

describe('verifyMdmSignature refusals', () => {
  const ca = loadCa(createCa({ key: generateRsaKey() }));

  it('refuses a message without a signer, or whose signer certificate is not enclosed', () => {
    const certsOnly = buildSignedData({ certificates: [ca.certDer] }).toString('base64');
    expect(verifyMdmSignature(certsOnly, Buffer.alloc(0), ca.cert)).toEqual({ ok: false, reason: 'no-signer' });
  });
});

describe('verifyMdmSignature and the certificates it remembers', () => {
  const ca = loadCa(createCa({ key: generateRsaKey() }));
  const phoneKey = generateRsaKey();
  const now = new Date();
  const issued = createCertificate({
    subject: [['CN', 'phone']],
    publicKey: phoneKey,
    issuer: { key: ca.key, certDer: ca.certDer },
    notBefore: new Date(now.getTime() - 60_000),
    notAfter: new Date(now.getTime() + 86_400_000),
    extensions: [],
  });
  const body = Buffer.from('<plist><dict/></plist>');
  const header = (certDer: Buffer) => buildSignedData({ content: body, detached: true, signer: { certDer, key: phoneKey } }).toString('base64');

  it('judges a look-alike certificate (same issuer and serial, other bytes) on its own, not as the one it remembers', () => {
    // The issued certificate with its CA signature spoiled: same issuer, serial and key, not issued by the CA.
    const lookAlike = Buffer.from(issued);
    lookAlike[lookAlike.length - 2] ^= 0x01;
    expect(verifyMdmSignature(header(issued), body, ca.cert)).toMatchObject({ ok: true });
    expect(verifyMdmSignature(header(lookAlike), body, ca.cert)).toEqual({ ok: false, reason: 'untrusted-issuer' });
    expect(verifyMdmSignature(header(issued), body, ca.cert)).toMatchObject({ ok: true });
  });
});

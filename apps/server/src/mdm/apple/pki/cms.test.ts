import fs from 'node:fs';
import path from 'node:path';
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCa, loadCa } from './ca.ts';
import { attribute, buildSignedData } from './cms-build.ts';
import { parseSignedData, verifySigner } from './cms-parse.ts';
import { printableString } from './der.ts';
import { generateRsaKey } from './keys.ts';
import { signProfile } from './sign-profile.ts';

const ca = loadCa(createCa({ key: generateRsaKey() }));
const signer = { certDer: ca.certDer, key: ca.key };
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));

describe('CMS SignedData', () => {
  it('signs attached content with extra attributes and verifies it', () => {
    const der = buildSignedData({ content: Buffer.from('payload'), signer, attributes: [attribute('2.16.840.1.113733.1.9.2', printableString('3'))] });
    const parsed = parseSignedData(der);
    expect(parsed.content?.toString()).toBe('payload');
    expect(parsed.certificates).toEqual([ca.certDer]);
    expect(parsed.signers[0].attributes.get('2.16.840.1.113733.1.9.2')?.[0].content.toString()).toBe('3');
    expect(verifySigner(parsed, parsed.content ?? Buffer.alloc(0))).toMatchObject({ ok: true, certDer: ca.certDer });
  });

  it('signs detached content: the verifier must bring the same bytes', () => {
    const parsed = parseSignedData(buildSignedData({ content: Buffer.from('body'), detached: true, signer, digest: 'sha512' }));
    expect(parsed.content).toBeUndefined();
    expect(verifySigner(parsed, Buffer.from('body')).ok).toBe(true);
    expect(verifySigner(parsed, Buffer.from('bodY'))).toEqual({ ok: false, reason: 'digest-mismatch' });
  });

  it('catches a flipped signature byte and a missing signer certificate', () => {
    const der = buildSignedData({ content: Buffer.from('x'), signer });
    const parsed = parseSignedData(der);
    parsed.signers[0].signature[10] ^= 1;
    expect(verifySigner(parsed, Buffer.from('x'))).toEqual({ ok: false, reason: 'bad-signature' });
    expect(verifySigner({ ...parseSignedData(der), certificates: [] }, Buffer.from('x'))).toEqual({ ok: false, reason: 'signer-cert-missing' });
  });

  it('writes a degenerate certs-only message', () => {
    const parsed = parseSignedData(buildSignedData({ certificates: [ca.certDer] }));
    expect(parsed.signers).toEqual([]);
    expect(parsed.certificates).toEqual([ca.certDer]);
    expect(verifySigner(parsed, Buffer.alloc(0))).toEqual({ ok: false, reason: 'no-signer' });
  });

  it('reads what OpenSSL writes, including its BER streaming form', () => {
    const caCert = new X509Certificate(fixture('openssl-ca.pem'));
    for (const name of ['openssl-detached-sha256.der', 'openssl-detached-sha1.der']) {
      const parsed = parseSignedData(fixture(name));
      expect(verifySigner(parsed, fixture('openssl-body.plist')).ok).toBe(true);
    }
    const ber = parseSignedData(fixture('openssl-attached-ber.der'));
    expect(ber.content).toEqual(fixture('openssl-body.plist'));
    const check = verifySigner(ber, ber.content ?? Buffer.alloc(0));
    expect(check.ok && new X509Certificate(check.certDer).checkIssued(caCert)).toBe(true);
  });
});

describe('signProfile', () => {
  it('attaches the .mobileconfig and signs it with the given certificate, PEM or DER', () => {
    const xml = '<?xml version="1.0"?><plist version="1.0"><dict/></plist>';
    for (const [cert, key] of [
      [ca.cert.toString(), ca.key.export({ type: 'pkcs8', format: 'pem' }).toString()],
      [ca.certDer, ca.key],
    ] as const) {
      const parsed = parseSignedData(signProfile(xml, cert, key));
      expect(parsed.content?.toString()).toBe(xml);
      expect(verifySigner(parsed, Buffer.from(xml))).toMatchObject({ ok: true, certDer: ca.certDer });
    }
  });
});

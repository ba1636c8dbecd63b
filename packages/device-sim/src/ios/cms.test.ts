import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CmsError, CmsOid, certificatesOf, openCms, printableNode, signCms, textOf } from './cms.ts';
import { generateDeviceKey, selfSignedCertificate } from './identity.ts';

const key = generateDeviceKey();
const signer = { key, certDer: selfSignedCertificate(key, [['CN', 'sim']]) };
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));

describe('device-side CMS', () => {
  it('signs attached content with extra attributes and opens it again', () => {
    const der = signCms({ content: Buffer.from('hello'), signer, attributes: [{ type: '2.16.840.1.113733.1.9.2', value: printableNode('19') }] });
    const opened = openCms(der);
    expect(opened.content.toString()).toBe('hello');
    expect(opened.signerCertDer.equals(signer.certDer)).toBe(true);
    expect(textOf(opened.attributes.get('2.16.840.1.113733.1.9.2'))).toBe('19');
    expect(opened.attributes.has(CmsOid.signingTime)).toBe(true);
  });

  it('signs detached content that only opens with the same bytes', () => {
    const der = signCms({ content: Buffer.from('body'), detached: true, signer });
    expect(openCms(der, Buffer.from('body')).content.toString()).toBe('body');
    expect(() => openCms(der, Buffer.from('other'))).toThrow(/digest mismatch/);
    expect(() => openCms(der)).toThrow(/no content/);
  });

  it('throws CmsError on garbage and on a changed signature', () => {
    expect(() => openCms(Buffer.from('nonsense'))).toThrow(CmsError);
    const der = signCms({ content: Buffer.from('x'), signer });
    der[der.length - 2] ^= 1;
    expect(() => openCms(der)).toThrow(/bad signature/);
  });

  it('opens profiles OpenSSL signed, in DER and in BER streaming form', () => {
    for (const name of ['openssl-enroll.mobileconfig.der', 'openssl-enroll-ber.mobileconfig.der']) {
      const opened = openCms(fixture(name));
      expect(opened.content.toString()).toMatch(/^<\?xml[\s\S]*<\/plist>$/);
    }
  });

  it('lists the certificates of a message', () => {
    expect(certificatesOf(signCms({ content: Buffer.from('x'), signer }))).toEqual([signer.certDer]);
    expect(() => certificatesOf(Buffer.from('x'))).toThrow(CmsError);
  });
});

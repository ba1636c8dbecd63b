import { describe, expect, it } from 'vitest';
import { openCms } from './cms.ts';
import { generateDeviceKey, selfSignedCertificate } from './identity.ts';
import { mdmSignature } from './mdm-signature.ts';

const key = generateDeviceKey();
const identity = { key, certDer: selfSignedCertificate(key, [['CN', 'phone']]) };

describe('mdmSignature', () => {
  it('is a base64 detached signature over exactly the body, carrying the identity certificate', () => {
    const body = Buffer.from('<plist><dict><key>Status</key><string>Idle</string></dict></plist>');
    const der = Buffer.from(mdmSignature(body, identity), 'base64');
    const opened = openCms(der, body);
    expect(opened.signerCertDer.equals(identity.certDer)).toBe(true);
    expect(der.includes(body)).toBe(false);
    expect(() => openCms(der, Buffer.from('<plist/>'))).toThrow(/digest mismatch/);
  });

  it('signs a thousand bodies quickly (the simulator signs every request)', () => {
    const started = performance.now();
    for (let i = 0; i < 1000; i++) mdmSignature(Buffer.from(`body ${i}`), identity);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

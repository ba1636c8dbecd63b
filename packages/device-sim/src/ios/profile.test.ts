import fs from 'node:fs';
import path from 'node:path';
import { X509Certificate } from 'node:crypto';
import { type PlistValue, build } from 'plist';
import { describe, expect, it } from 'vitest';
import { signCms } from './cms.ts';
import { generateDeviceKey, selfSignedCertificate } from './identity.ts';
import { ProfileError, readEnrollmentProfile } from './profile.ts';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));
const signerDer = new X509Certificate(fixture('openssl-signer.pem')).raw;

describe('readEnrollmentProfile', () => {
  it.each(['openssl-enroll.mobileconfig.der', 'openssl-enroll-ber.mobileconfig.der'])('reads the SCEP and MDM settings from %s', (name) => {
    const read = readEnrollmentProfile(fixture(name), [signerDer]);
    expect(read.trustedSigner).toBe(true);
    expect(read.identifier).toBe('com.example.enroll');
    expect(read.scep).toMatchObject({
      url: 'https://mdm.example.com/scep',
      challenge: 'fixture-challenge',
      keysize: 2048,
      subject: [
        ['O', 'Example'],
        ['CN', 'fixture'],
      ],
    });
    expect(read.mdm).toEqual({
      serverUrl: 'https://mdm.example.com/mdm/connect',
      checkInUrl: 'https://mdm.example.com/mdm/connect',
      topic: 'com.apple.mgmt.External.fixture',
      identityCertificateUuid: read.scep.payloadUuid,
      signMessage: true,
      accessRights: 8191,
      checkOutWhenRemoved: true,
    });
    expect(read.rootCertificates).toEqual([signerDer]);
  });

  it('says the signer is not trusted when no trusted root vouches for it', () => {
    expect(readEnrollmentProfile(fixture('openssl-enroll.mobileconfig.der')).trustedSigner).toBe(false);
  });

  it('refuses a profile whose signed bytes were changed', () => {
    const der = Buffer.from(fixture('openssl-enroll.mobileconfig.der'));
    const at = der.indexOf('fixture-challenge');
    der[at] = 'F'.charCodeAt(0);
    expect(() => readEnrollmentProfile(der)).toThrow(/signature does not verify/);
  });

  it('refuses profiles that lack an MDM payload or bind it to another identity', () => {
    const key = generateDeviceKey();
    const signer = { key, certDer: selfSignedCertificate(key, [['CN', 'profile signer']]) };
    const scep = { PayloadType: 'com.apple.security.scep', PayloadUUID: 'A', PayloadContent: { URL: 'https://x/scep' } };
    const mdm = { PayloadType: 'com.apple.mdm', ServerURL: 'https://x/mdm', Topic: 't', IdentityCertificateUUID: 'B' };
    const signed = (content: PlistValue[]) =>
      signCms({ content: Buffer.from(build({ PayloadType: 'Configuration', PayloadIdentifier: 'p', PayloadContent: content })), signer });
    expect(() => readEnrollmentProfile(signed([scep]))).toThrow(/no com\.apple\.mdm payload/);
    expect(() => readEnrollmentProfile(signed([scep, mdm]))).toThrow(ProfileError);
    expect(readEnrollmentProfile(signed([scep, { ...mdm, IdentityCertificateUUID: 'A' }])).mdm.checkInUrl).toBe('https://x/mdm');
  });
});

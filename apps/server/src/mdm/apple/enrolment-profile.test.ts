import { describe, expect, it } from 'vitest';
import { ACCESS_RIGHTS_ALL, buildEnrollmentProfile } from './enrolment-profile.ts';
import { type PlistDict, isPlistDict, parsePlistDict } from './plist.ts';
import { validateProfile, validateProfilePayload } from './schema/validate.ts';

const caCertDer = Buffer.from('3082', 'hex');
const { xml, profile, scepPayloadUuid } = buildEnrollmentProfile({
  identifier: 'com.lease.enroll.store-7',
  organization: '租机门店',
  scep: {
    url: 'https://mdm.example.com/scep',
    challenge: 'c-123',
    subject: [
      ['O', 'Lease'],
      ['CN', 'E-9'],
    ],
  },
  mdm: { serverUrl: 'https://mdm.example.com/mdm/connect', checkInUrl: 'https://mdm.example.com/mdm/checkin', topic: 'com.apple.mgmt.External.abc' },
  caCertDer,
});
const payloads = (profile.PayloadContent as PlistDict[]).filter(isPlistDict);
const byType = (type: string) => payloads.find((p) => p.PayloadType === type) as PlistDict;
const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

describe('buildEnrollmentProfile', () => {
  it('matches Apple’s schemas for the profile top level and the MDM payload', () => {
    expect(validateProfilePayload(byType('com.apple.mdm'))).toEqual([]);
    // shared/ has no schema for com.apple.security.scep or .root yet: only their common payload keys are checked.
    const problems = validateProfile(profile);
    expect(problems.filter((p) => p.kind !== 'unknown-schema')).toEqual([]);
    expect(problems.map((p) => p.message).every((m) => /com\.apple\.security\.(scep|root)$/.test(m))).toBe(true);
  });

  it('writes the SCEP payload with the keys Apple documents (note "Key Type" and "Key Usage" have spaces)', () => {
    const scep = byType('com.apple.security.scep');
    expect(scep.PayloadContent).toEqual({
      URL: 'https://mdm.example.com/scep',
      Challenge: 'c-123',
      Keysize: 2048,
      'Key Type': 'RSA',
      'Key Usage': 5,
      Subject: [[['O', 'Lease']], [['CN', 'E-9']]],
    });
    expect(scep.PayloadUUID).toBe(scepPayloadUuid);
  });

  it('binds the MDM payload to the SCEP identity and asks for signed messages and every access right', () => {
    expect(byType('com.apple.mdm')).toMatchObject({
      IdentityCertificateUUID: scepPayloadUuid,
      ServerURL: 'https://mdm.example.com/mdm/connect',
      CheckInURL: 'https://mdm.example.com/mdm/checkin',
      Topic: 'com.apple.mgmt.External.abc',
      AccessRights: ACCESS_RIGHTS_ALL,
      SignMessage: true,
      CheckOutWhenRemoved: true,
    });
    // Capabilities the server does not implement are not advertised.
    expect(byType('com.apple.mdm').ServerCapabilities).toBeUndefined();
    expect(byType('com.apple.security.root').PayloadContent).toEqual(caCertDer);
  });

  it('gives every payload a unique upper-case UUID and an identifier under the profile’s', () => {
    const uuids = [profile.PayloadUUID, ...payloads.map((p) => p.PayloadUUID)];
    expect(new Set(uuids).size).toBe(4);
    for (const uuid of uuids) expect(uuid).toMatch(UUID);
    expect(payloads.map((p) => p.PayloadIdentifier)).toEqual(['com.lease.enroll.store-7.ca', 'com.lease.enroll.store-7.scep', 'com.lease.enroll.store-7.mdm']);
  });

  it('serialises to a plist that reads back to the same profile', () => {
    expect(parsePlistDict(xml)).toEqual(profile);
  });
});

import { describe, expect, it } from 'vitest';
import { mdmSignature } from '../../../../../../packages/device-sim/src/ios/mdm-signature.ts';
import { readEnrollmentProfile } from '../../../../../../packages/device-sim/src/ios/profile.ts';
import { ScepError, type ScepTransport, enrollWithScep } from '../../../../../../packages/device-sim/src/ios/scep-client.ts';
import { buildEnrollmentProfile } from '../enrolment-profile.ts';
import { buildPlist } from '../plist.ts';
import { type Ca, createCa, loadCa } from './ca.ts';
import { generateRsaKey } from './keys.ts';
import { verifyMdmSignature } from './mdm-signature.ts';
import { type ChallengeCheck, type PkiOperationResult, type ScepServer, createScepServer } from './scep-server.ts';
import { signProfile } from './sign-profile.ts';

interface Enrolment {
  enrolmentId: string;
}

/** oneTimeChallenges is the hook a real server backs with a table: each challenge works once. */
function oneTimeChallenges(entries: [string, Enrolment][]) {
  const open = new Map(entries);
  return async (challenge: string): Promise<ChallengeCheck<Enrolment>> => {
    const context = open.get(challenge);
    if (!context) return { ok: false };
    open.delete(challenge);
    return { ok: true, context };
  };
}

/** inProcess wires the simulator's SCEP client straight to the server core, recording each result. */
function inProcess(server: ScepServer<Enrolment>, results: PkiOperationResult<Enrolment>[]): ScepTransport {
  return {
    getCaCaps: async () => server.getCaCaps(),
    getCaCert: async () => server.getCaCert(),
    async pkiOperation(message) {
      const result = await server.pkiOperation(message);
      results.push(result);
      if (result.status === 'malformed') throw new Error(result.reason);
      return result.certRep;
    },
  };
}

const keys = Array.from({ length: 6 }, () => generateRsaKey());
const newCa = (name: string, key = keys.pop()): Ca => loadCa(createCa({ commonName: name, key }));

describe('device identity path: profile → SCEP → Mdm-Signature', () => {
  const ca = newCa('Lease Device CA');
  const challenge = 'one-time-3f9a';
  const results: PkiOperationResult<Enrolment>[] = [];
  const server = createScepServer({ ca, checkChallenge: oneTimeChallenges([[challenge, { enrolmentId: 'E-1' }]]) });
  const transport = inProcess(server, results);
  const enrolmentProfile = buildEnrollmentProfile({
    identifier: 'com.lease.enroll',
    organization: '租机门店',
    scep: {
      url: 'https://mdm.example.com/scep',
      challenge,
      subject: [
        ['O', 'Lease'],
        ['CN', 'E-1'],
      ],
    },
    mdm: { serverUrl: 'https://mdm.example.com/mdm/connect', checkInUrl: 'https://mdm.example.com/mdm/checkin', topic: 'com.apple.mgmt.External.test' },
    caCertDer: ca.certDer,
  });

  it('runs end to end and the server sees the same identity the device enrolled with', async () => {
    const signed = signProfile(enrolmentProfile.xml, ca.cert, ca.key);
    const settings = readEnrollmentProfile(signed, [ca.certDer]);
    expect(settings.trustedSigner).toBe(true);
    expect(settings.mdm).toMatchObject({ signMessage: true, accessRights: 8191, topic: 'com.apple.mgmt.External.test' });
    expect(settings.rootCertificates[0].equals(ca.certDer)).toBe(true);

    const identity = await enrollWithScep({ transport, challenge: settings.scep.challenge ?? '', subject: settings.scep.subject, key: keys[0] });
    const issued = results[0];
    expect(issued.status).toBe('issued');
    if (issued.status !== 'issued') return;
    expect(issued.context).toEqual({ enrolmentId: 'E-1' });
    expect(identity.certDer.equals(issued.certificate.der)).toBe(true);

    const body = Buffer.from(
      buildPlist({ MessageType: 'Authenticate', Topic: settings.mdm.topic, UDID: '00008030-0001', SerialNumber: 'F2LXK0', ProductName: 'iPhone14,2' }),
    );
    const verdict = verifyMdmSignature(mdmSignature(body, identity), body, ca.cert);
    expect(verdict).toMatchObject({ ok: true, fingerprint: issued.certificate.fingerprint });

    const altered = Buffer.from(body.toString().replace('F2LXK0', 'F2LXK1'));
    expect(verifyMdmSignature(mdmSignature(body, identity), altered, ca.cert)).toEqual({ ok: false, reason: 'digest-mismatch' });
  });

  it('refuses a second use of the same challenge with a SCEP failure, not a certificate', async () => {
    const second = enrollWithScep({ transport, challenge, subject: [['CN', 'again']], key: keys[1] });
    await expect(second).rejects.toThrow(ScepError);
    await expect(second).rejects.toMatchObject({ failInfo: '2' });
    expect(results.at(-1)).toMatchObject({ status: 'failed', failInfo: '2', reason: 'challenge refused' });
  });

  it('refuses certificates from another CA and expired ones', async () => {
    const body = Buffer.from(buildPlist({ MessageType: 'TokenUpdate' }));
    const otherCa = newCa('Someone else');
    const other = createScepServer({ ca: otherCa, checkChallenge: oneTimeChallenges([['c2', { enrolmentId: 'X' }]]) });
    const stranger = await enrollWithScep({ transport: inProcess(other, []), challenge: 'c2', subject: [['CN', 'x']], key: keys[2] });
    expect(verifyMdmSignature(mdmSignature(body, stranger), body, ca.cert)).toEqual({ ok: false, reason: 'untrusted-issuer' });

    const twoYearsAgo = () => new Date(Date.now() - 2 * 365 * 86_400_000);
    const past = createScepServer({ ca, checkChallenge: oneTimeChallenges([['c3', { enrolmentId: 'Y' }]]), now: twoYearsAgo });
    const old = await enrollWithScep({ transport: inProcess(past, []), challenge: 'c3', subject: [['CN', 'old']], key: keys[3] });
    expect(verifyMdmSignature(mdmSignature(body, old, twoYearsAgo()), body, ca.cert)).toEqual({ ok: false, reason: 'expired' });
  });

  it.each([
    ['no header', undefined, 'missing'],
    ['empty header', '', 'missing'],
    ['not base64', 'not*base64!', 'malformed'],
    ['random bytes', Buffer.from('0123456789abcdef').toString('base64'), 'malformed'],
    ['truncated CMS', 'MIAGCSqGSIb3DQEHAqCAMIACAQEx', 'malformed'],
    ['huge header', 'A'.repeat(100_000), 'malformed'],
  ])('refuses garbage headers: %s', (_name, header, reason) => {
    expect(verifyMdmSignature(header, Buffer.from('body'), ca.cert)).toEqual({ ok: false, reason });
  });

  it('refuses attached content that is not the body, and the CA certificate as a device identity', () => {
    const attached = signProfile('<plist/>', ca.cert, ca.key).toString('base64');
    expect(verifyMdmSignature(attached, Buffer.from('<plist>other</plist>'), ca.cert)).toEqual({ ok: false, reason: 'content-mismatch' });
    expect(verifyMdmSignature(attached, Buffer.from('<plist/>'), ca.cert)).toEqual({ ok: false, reason: 'untrusted-issuer' });
  });
});

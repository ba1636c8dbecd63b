import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildPkcsReq } from '../../../../../../packages/device-sim/src/ios/scep-client.ts';
import { createCa, loadCa } from './ca.ts';
import { createCertificate } from './certificates.ts';
import { contentCipherOf } from './cms-enveloped.ts';
import { attribute, buildSignedData } from './cms-build.ts';
import { parseSignedData, verifySigner } from './cms-parse.ts';
import { encode, explicit, integer, objectId, octetString, printableString, sequence, setOf } from './der.ts';
import { generateRsaKey } from './keys.ts';
import { OID } from './oids.ts';
import { createScepServer } from './scep-server.ts';

const [caKey, deviceKey, otherKey] = [generateRsaKey(), generateRsaKey(), generateRsaKey()];
const ca = loadCa(createCa({ key: caKey }));
const accept = async (challenge: string) => (challenge === 'good' ? { ok: true as const, context: { challenge } } : { ok: false as const });
const server = createScepServer({ ca, checkChallenge: accept });
const request = (challenge = 'good', caCertDer = ca.certDer) =>
  buildPkcsReq({
    key: deviceKey,
    subject: [
      ['O', 'Lease'],
      ['CN', 'device-1'],
    ],
    challenge,
    caCertDer,
  });

function attributesOf(certRep: Buffer) {
  const parsed = parseSignedData(certRep);
  expect(verifySigner(parsed, parsed.content ?? Buffer.alloc(0))).toMatchObject({ ok: true, certDer: ca.certDer });
  const text = (oid: string) => parsed.signers[0].attributes.get(oid)?.[0].content.toString();
  return { parsed, text, recipientNonce: parsed.signers[0].attributes.get(OID.scepRecipientNonce)?.[0].content };
}

describe('SCEP server', () => {
  it('answers GetCACaps and GetCACert', () => {
    expect(server.getCaCaps().split('\n')).toEqual(['POSTPKIOperation', 'SHA-256', 'AES', 'SCEPStandard']);
    expect(server.getCaCert().equals(ca.certDer)).toBe(true);
  });

  it('issues a one-year client certificate with the CSR subject, signed by the CA', async () => {
    const req = request();
    const result = await server.pkiOperation(req.message);
    expect(result).toMatchObject({ status: 'issued', transactionId: req.transactionId, context: { challenge: 'good' } });
    if (result.status !== 'issued') return;
    const cert = new X509Certificate(result.certificate.der);
    expect(cert.subject).toBe('O=Lease\nCN=device-1');
    expect(cert.checkIssued(ca.cert) && cert.verify(ca.cert.publicKey)).toBe(true);
    expect(cert.ca).toBe(false);
    expect(cert.keyUsage).toEqual(['1.3.6.1.5.5.7.3.2']);
    const days = (new Date(cert.validTo).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    const { text, recipientNonce, parsed } = attributesOf(result.certRep);
    expect([text(OID.scepMessageType), text(OID.scepPkiStatus), text(OID.scepTransactionId)]).toEqual(['3', '0', req.transactionId]);
    expect(recipientNonce?.equals(req.senderNonce)).toBe(true);
    expect(parsed.content).toBeDefined();
  });

  it('never issues past the CA’s own expiry', async () => {
    const ending = loadCa(createCa({ key: caKey, now: new Date(Date.now() - 9.9 * 365 * 86_400_000), validityYears: 10 }));
    const result = await createScepServer({ ca: ending, checkChallenge: accept }).pkiOperation(request('good', ending.certDer).message);
    expect(result.status === 'issued' && result.certificate.notAfter.getTime()).toBe(new Date(ending.cert.validTo).getTime());
  });

  it('answers a refused challenge with a signed FAILURE CertRep carrying badRequest and our nonce', async () => {
    const req = request('wrong');
    const result = await server.pkiOperation(req.message);
    expect(result).toMatchObject({ status: 'failed', failInfo: '2', reason: 'challenge refused' });
    if (result.status !== 'failed') return;
    const { text, recipientNonce, parsed } = attributesOf(result.certRep);
    expect([text(OID.scepPkiStatus), text(OID.scepFailInfo)]).toEqual(['2', '2']);
    expect(recipientNonce?.equals(req.senderNonce)).toBe(true);
    expect(parsed.content).toBeUndefined();
  });

  it('answers badMessageCheck when the request signature or envelope does not hold', async () => {
    const tampered = Buffer.from(request().message);
    tampered[tampered.length - 5] ^= 0xff;
    expect(await server.pkiOperation(tampered)).toMatchObject({ status: 'failed', failInfo: '1' });
    const otherCa = loadCa(createCa({ key: otherKey }));
    expect(await server.pkiOperation(request('good', otherCa.certDer).message)).toMatchObject({ status: 'failed', failInfo: '1' });
  });

  it('accepts a CSR signed over by another key (the CSR proves its own), and refuses messages other than PKCSReq', async () => {
    const original = parseSignedData(request().message);
    const signerDer = createCertificate({
      subject: [{ shortName: 'CN', value: 'x' }],
      publicKey: otherKey,
      issuer: { key: otherKey },
      notBefore: new Date(),
      notAfter: new Date(Date.now() + 86_400_000),
      extensions: [],
    });
    const attrs = (type: string) => [
      attribute(OID.scepTransactionId, printableString('T-1')),
      attribute(OID.scepMessageType, printableString(type)),
      attribute(OID.scepSenderNonce, octetString(Buffer.alloc(16, 7))),
    ];
    const resigned = (type: string) => buildSignedData({ content: original.content, signer: { certDer: signerDer, key: otherKey }, attributes: attrs(type) });
    // RFC 8894 §2.3 only says SHOULD: the certificate is for the CSR's key, the reply goes to the signer.
    const accepted = await server.pkiOperation(resigned('19'));
    expect(accepted.status === 'issued' && new X509Certificate(accepted.certificate.der).publicKey.export({ type: 'spki', format: 'der' })).toEqual(
      new X509Certificate(original.certificates[0]).publicKey.export({ type: 'spki', format: 'der' }),
    );
    expect(await server.pkiOperation(resigned('17'))).toMatchObject({ status: 'failed', failInfo: '2', transactionId: 'T-1' });
  });

  it('refuses a request enveloped with single DES as badAlg, and answers 3DES in kind', async () => {
    const desRequest = () => {
      // No library we have will still encrypt with single DES: the EnvelopedData is written by hand.
      const encryptedContentInfo = sequence(
        objectId(OID.data),
        sequence(objectId('1.3.14.3.2.7'), octetString(Buffer.alloc(8, 1))),
        encode(0x80, Buffer.alloc(16, 2)),
      );
      const content = sequence(objectId(OID.envelopedData), explicit(0, sequence(integer(0), setOf(sequence(integer(0))), encryptedContentInfo)));
      const original = parseSignedData(request().message);
      return buildSignedData({
        content,
        signer: { certDer: original.certificates[0], key: deviceKey },
        attributes: [
          attribute(OID.scepTransactionId, printableString('T-DES')),
          attribute(OID.scepMessageType, printableString('19')),
          attribute(OID.scepSenderNonce, octetString(Buffer.alloc(16, 3))),
        ],
      });
    };
    expect(await server.pkiOperation(desRequest())).toMatchObject({ status: 'failed', failInfo: '0', reason: 'content cipher 1.3.14.3.2.7 not supported' });
    const tripleDes = buildPkcsReq({ key: deviceKey, subject: [['CN', 'device-3des']], challenge: 'good', caCertDer: ca.certDer, useAes: false });
    const result = await server.pkiOperation(tripleDes.message);
    if (result.status !== 'issued') throw new Error(`not issued: ${result.status}`);
    const reply = parseSignedData(result.certRep).content ?? Buffer.alloc(0);
    expect(contentCipherOf(reply)).toBe('1.2.840.113549.3.7');
  });

  it.each([
    ['garbage', Buffer.from('hello')],
    ['empty', Buffer.alloc(0)],
    ['signed data without SCEP attributes', buildSignedData({ content: Buffer.from('x'), signer: { certDer: ca.certDer, key: ca.key } })],
  ])('calls %s malformed (HTTP 400) instead of throwing', async (_name, body) => {
    expect(await server.pkiOperation(body)).toMatchObject({ status: 'malformed' });
  });
});

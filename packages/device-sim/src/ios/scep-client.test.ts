import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { octetNode, openCms, printableNode, signCms, textOf } from './cms.ts';
import { fromDer } from './asn1.ts';
import { forgePrivateKey, generateDeviceKey, selfSignedCertificate } from './identity.ts';
import { ScepError, buildPkcsReq, httpScepTransport, readCertRep } from './scep-client.ts';

const [caKey, deviceKey, strangerKey] = [generateDeviceKey(), generateDeviceKey(), generateDeviceKey()];
const caCertDer = selfSignedCertificate(caKey, [['CN', 'Test SCEP CA']]);
const request = buildPkcsReq({ key: deviceKey, subject: [['CN', 'phone-1']], challenge: 'one-time', caCertDer });
const SCEP = '2.16.840.1.113733.1.9.';

describe('buildPkcsReq', () => {
  it('signs with a self-signed certificate of the device key and the SCEP request attributes', () => {
    const opened = openCms(request.message);
    expect(opened.signerCertDer.equals(request.selfSignedDer)).toBe(true);
    expect(textOf(opened.attributes.get(`${SCEP}2`))).toBe('19');
    expect(textOf(opened.attributes.get(`${SCEP}7`))).toBe(request.transactionId);
    expect(request.transactionId).toMatch(/^[0-9A-F]{64}$/);
    expect(request.senderNonce).toHaveLength(16);
  });

  it('envelopes a CSR carrying the challenge to the CA, readable only with the CA key', () => {
    const envelope = forge.pkcs7.messageFromAsn1(fromDer(openCms(request.message).content));
    if (!('findRecipient' in envelope)) throw new Error('expected EnvelopedData');
    const recipient = envelope.findRecipient(forge.pki.certificateFromAsn1(fromDer(caCertDer)));
    expect(recipient).not.toBeNull();
    envelope.decrypt(recipient as NonNullable<typeof recipient>, forgePrivateKey(caKey));
    const bytes = envelope.content;
    const csr = forge.pki.certificationRequestFromAsn1(forge.asn1.fromDer(typeof bytes === 'string' ? bytes : (bytes?.getBytes() ?? '')));
    expect(csr.verify()).toBe(true);
    expect(csr.getAttribute({ name: 'challengePassword' })?.value).toBe('one-time');
    expect(csr.subject.getField('CN').value).toBe('phone-1');
  });
});

describe('readCertRep', () => {
  const failure = (overrides: { nonce?: Buffer; key?: typeof caKey } = {}) => {
    const key = overrides.key ?? caKey;
    return signCms({
      content: Buffer.alloc(0),
      detached: true,
      signer: { key, certDer: key === caKey ? caCertDer : selfSignedCertificate(key, [['CN', 'Test SCEP CA']]) },
      attributes: [
        { type: `${SCEP}2`, value: printableNode('3') },
        { type: `${SCEP}3`, value: printableNode('2') },
        { type: `${SCEP}4`, value: printableNode('2') },
        { type: `${SCEP}7`, value: printableNode(request.transactionId) },
        { type: `${SCEP}6`, value: octetNode(overrides.nonce ?? request.senderNonce) },
      ],
    });
  };

  it('turns a FAILURE CertRep into a ScepError carrying the failInfo', () => {
    expect(() => readCertRep(failure(), request, caCertDer)).toThrow(expect.objectContaining({ failInfo: '2', message: 'the CA refused the request' }));
  });

  it('distrusts replies that are not for this request or not from the CA', () => {
    expect(() => readCertRep(failure({ nonce: Buffer.alloc(16) }), request, caCertDer)).toThrow(/does not echo our nonce/);
    expect(() => readCertRep(failure({ key: strangerKey }), request, caCertDer)).toThrow(/not signed by the CA/);
    expect(() => readCertRep(Buffer.from('<html>502</html>'), request, caCertDer)).toThrow(ScepError);
  });
});

describe('httpScepTransport', () => {
  it('uses GET for caps and CA certificate and POST for PKIOperation', async () => {
    const calls: { url: string; method: string; type: string | null }[] = [];
    const fakeFetch: typeof fetch = async (input, init) => {
      calls.push({ url: String(input), method: init?.method ?? 'GET', type: new Headers(init?.headers).get('content-type') });
      return new Response(String(input).includes('GetCACaps') ? 'POSTPKIOperation\nAES' : 'bytes');
    };
    const transport = httpScepTransport('https://mdm.example.com/scep', fakeFetch);
    expect(await transport.getCaCaps()).toBe('POSTPKIOperation\nAES');
    await transport.getCaCert();
    await transport.pkiOperation(Buffer.from('msg'));
    expect(calls).toEqual([
      { url: 'https://mdm.example.com/scep?operation=GetCACaps', method: 'GET', type: null },
      { url: 'https://mdm.example.com/scep?operation=GetCACert', method: 'GET', type: null },
      { url: 'https://mdm.example.com/scep?operation=PKIOperation', method: 'POST', type: 'application/x-pki-message' },
    ]);
  });

  it('turns an HTTP error into a ScepError', async () => {
    const transport = httpScepTransport('https://x/scep', async () => new Response('no', { status: 500 }));
    await expect(transport.getCaCert()).rejects.toThrow(/HTTP 500/);
  });
});

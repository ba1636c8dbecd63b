import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as pkijs from 'pkijs';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPkcsReq } from '../../../../../../packages/device-sim/src/ios/scep-client.ts';
import { createCa, loadCa } from './ca.ts';
import { readCertificateFields } from './certificate-fields.ts';
import { parseSignedData } from './cms-parse.ts';
import { generateRsaKey } from './keys.ts';
import { createScepServer } from './scep-server.ts';

/**
 * Names checked by parsers we did not write: Node's X509Certificate, PKI.js and, when installed, the openssl
 * command. A Chinese CA name must be a UTF8String, an issued identity must carry the request's subject byte for
 * byte, and the CertRep must be enveloped to the requester's own certificate (issuer and serial as encoded).
 */
const [caKey, deviceKey] = [generateRsaKey(), generateRsaKey()];
const ca = loadCa(createCa({ commonName: '租机宝 MDM 设备 CA', organization: '租机宝', key: caKey }));
const server = createScepServer({ ca, checkChallenge: async () => ({ ok: true as const, context: {} }) });
const subject: [string, string][] = [
  ['O', '租机宝'],
  ['OU', 'store-1'],
  ['CN', 'MDM Identity'],
];

async function enrol() {
  const req = buildPkcsReq({ key: deviceKey, subject, challenge: 'good', caCertDer: ca.certDer });
  const result = await server.pkiOperation(req.message);
  if (result.status !== 'issued') throw new Error(`not issued: ${JSON.stringify(result)}`);
  return { req, result };
}

const toArrayBuffer = (der: Buffer) => new Uint8Array(der).buffer;
const pkiCert = (der: Buffer) => pkijs.Certificate.fromBER(toArrayBuffer(der));
/** nameOf lists a PKI.js name as [OID, ASN.1 universal tag, text]. */
const nameOf = (name: pkijs.RelativeDistinguishedNames) =>
  name.typesAndValues.map((tv) => [tv.type, tv.value.idBlock.tagNumber, (tv.value.valueBlock as { value: string }).value]);

describe('certificate names through parsers we did not write', () => {
  it('writes the CA’s Chinese name as UTF8String, read back the same by Node and PKI.js', () => {
    expect(ca.cert.subject).toBe('CN=租机宝 MDM 设备 CA\nO=租机宝');
    expect(nameOf(pkiCert(ca.certDer).subject)).toEqual([
      ['2.5.4.3', 12, '租机宝 MDM 设备 CA'],
      ['2.5.4.10', 12, '租机宝'],
    ]);
    // ASCII stays PrintableString, as every tool expects of it.
    expect(nameOf(pkiCert(loadCa(createCa({ commonName: 'Test CA', key: caKey })).certDer).subject)[0]).toEqual(['2.5.4.3', 19, 'Test CA']);
  });

  it('issues an identity whose subject is the request’s, byte for byte, under the CA’s exact name', async () => {
    const { req, result } = await enrol();
    const issued = readCertificateFields(result.certificate.der);
    expect(issued.subject.equals(readCertificateFields(req.selfSignedDer).subject)).toBe(true);
    expect(issued.issuer.equals(readCertificateFields(ca.certDer).subject)).toBe(true);
    const cert = new X509Certificate(result.certificate.der);
    expect(cert.subject).toBe('O=租机宝\nOU=store-1\nCN=MDM Identity');
    expect(cert.checkIssued(ca.cert) && cert.verify(ca.cert.publicKey)).toBe(true);
    const parsed = pkiCert(result.certificate.der);
    expect(nameOf(parsed.subject)[0]).toEqual(['2.5.4.10', 12, '租机宝']);
    expect(parsed.issuer.isEqual(pkiCert(ca.certDer).subject)).toBe(true);
  });

  it('envelopes the CertRep to the requester’s own certificate: issuer and serial as that certificate encodes them', async () => {
    const { req, result } = await enrol();
    const signed = parseSignedData(result.certRep);
    const info = pkijs.ContentInfo.fromBER(toArrayBuffer(signed.content ?? Buffer.alloc(0)));
    const enveloped = new pkijs.EnvelopedData({ schema: info.content });
    expect(enveloped.recipientInfos).toHaveLength(1);
    const rid = (enveloped.recipientInfos[0].value as pkijs.KeyTransRecipientInfo).rid as pkijs.IssuerAndSerialNumber;
    const mine = readCertificateFields(req.selfSignedDer);
    expect(Buffer.from(rid.issuer.toSchema().toBER()).equals(mine.issuer)).toBe(true);
    expect(Buffer.from(rid.serialNumber.valueBlock.valueHexView).equals(mine.serial)).toBe(true);
  });
});

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasOpenssl)('certificate names through the openssl command', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'names-openssl-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, content: Buffer | string) => {
    const target = path.join(dir, name);
    fs.writeFileSync(target, content);
    return target;
  };
  const openssl = (...args: string[]) => execFileSync('openssl', args, { encoding: 'utf8' });

  it('reads the CA and the identity names, verifies the chain, and decrypts the CertRep as the requester', async () => {
    const { req, result } = await enrol();
    const caPem = file('ca.pem', ca.cert.toString());
    const idPem = file('id.pem', new X509Certificate(result.certificate.der).toString());
    expect(openssl('x509', '-in', caPem, '-noout', '-subject', '-nameopt', 'utf8,sep_comma_plus').trim()).toBe('subject=CN=租机宝 MDM 设备 CA,O=租机宝');
    expect(openssl('x509', '-in', idPem, '-noout', '-subject', '-issuer', '-nameopt', 'utf8,sep_comma_plus').trim()).toBe(
      'subject=O=租机宝,OU=store-1,CN=MDM Identity\nissuer=CN=租机宝 MDM 设备 CA,O=租机宝',
    );
    expect(openssl('asn1parse', '-in', caPem)).toMatch(/UTF8STRING\s+:租机宝 MDM 设备 CA/);
    expect(openssl('verify', '-CAfile', caPem, idPem).trim()).toBe(`${idPem}: OK`);
    // openssl picks the recipient by issuer and serial of the certificate given with -recip.
    const envelopedDer = file('certrep-envelope.der', parseSignedData(result.certRep).content ?? Buffer.alloc(0));
    const selfPem = file('self.pem', new X509Certificate(req.selfSignedDer).toString());
    const keyPem = file('key.pem', deviceKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    const certsOnly = path.join(dir, 'certs.der');
    openssl('cms', '-decrypt', '-inform', 'DER', '-in', envelopedDer, '-recip', selfPem, '-inkey', keyPem, '-binary', '-out', certsOnly);
    // This command prints non-ASCII as escaped UTF-8 bytes: E7A79F E69CBA E5AE9D is 租机宝.
    expect(openssl('pkcs7', '-inform', 'DER', '-in', certsOnly, '-print_certs', '-noout')).toContain(
      'subject=O = \\E7\\A7\\9F\\E6\\9C\\BA\\E5\\AE\\9D, OU = store-1, CN = MDM Identity',
    );
  });
});

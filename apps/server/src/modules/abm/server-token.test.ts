import { X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverTokenP7m } from '@lease/device-sim';
import { envelope } from '../../mdm/apple/pki/cms-enveloped.ts';
import { abmPrivateKey, newAbmKeyPair } from './abm-keys.ts';
import { BAD_CONTENT, NOT_A_P7M, WRONG_CERTIFICATE, decryptServerToken } from './server-token.ts';

const token = { consumer_key: 'CK_1', consumer_secret: 'CS_2', access_token: 'AT_3', access_secret: 'AS_4', access_token_expiry: '2027-07-01T22:18:53Z' };
const message = (json: string) =>
  Buffer.from(
    `Content-Type: text/plain;charset=UTF-8\r\nContent-Transfer-Encoding: 7bit\r\n\r\n-----BEGIN MESSAGE-----\r\n${json}\r\n-----END MESSAGE-----\r\n`,
  );

describe('decryptServerToken', () => {
  let ours: ReturnType<typeof newAbmKeyPair>;
  let theirs: ReturnType<typeof newAbmKeyPair>;
  beforeAll(() => {
    ours = newAbmKeyPair('11111111-2222-3333-4444-555555555555');
    theirs = newAbmKeyPair('99999999-2222-3333-4444-555555555555');
  });
  const open = (file: Buffer) => decryptServerToken(file, ours.certificatePem, abmPrivateKey(ours.keyPem));
  const der = (content: Buffer, pem = ours.certificatePem) => envelope(content, new X509Certificate(pem).raw);

  it('opens the S/MIME file ABM hands out (encrypted to our certificate)', () => {
    expect(open(serverTokenP7m(ours.certificatePem, token))).toEqual(token);
  });

  it('opens the bare DER and a PEM block too', () => {
    const d = der(message(JSON.stringify(token)));
    expect(open(d)).toEqual(token);
    expect(open(Buffer.from(`-----BEGIN PKCS7-----\n${d.toString('base64')}\n-----END PKCS7-----\n`))).toEqual(token);
  });

  it('says which problem it is, in Chinese', () => {
    expect(() => open(Buffer.from('just text'))).toThrow(NOT_A_P7M);
    expect(() => open(Buffer.from('Content-Type: text/plain\r\n\r\nhello'))).toThrow(NOT_A_P7M);
    expect(() => open(serverTokenP7m(theirs.certificatePem, token))).toThrow(WRONG_CERTIFICATE);
    expect(() => open(der(message('{"consumer_key":"CK_only"}')))).toThrow(BAD_CONTENT);
    expect(() => open(der(Buffer.from('no json at all')))).toThrow(BAD_CONTENT);
  });
});

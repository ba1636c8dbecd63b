import forge from 'node-forge';
import { DerError, Tag, expectChildren, oidOf, parseDer } from './der.ts';
import { OID } from './oids.ts';
import { derOfForgeAsn1, forgeAsn1Of, forgeCertificateOf } from './keys.ts';

/** AES_128_CBC is the content cipher RFC 8894 makes the default once a CA advertises AES. */
export const AES_128_CBC = forge.pki.oids['aes128-CBC'];

/** CONTENT_CIPHERS are the content-encryption algorithms node-forge can both open and make. */
const CONTENT_CIPHERS = new Set(['aes128-CBC', 'aes192-CBC', 'aes256-CBC', 'des-EDE3-CBC'].map((name) => forge.pki.oids[name]));

/** contentCipherOf reads which content cipher an EnvelopedData used, so a reply can use the same one. */
export function contentCipherOf(der: Buffer): string {
  const [type, wrapped] = expectChildren(parseDer(der), Tag.SEQUENCE, 'a ContentInfo', 2);
  if (oidOf(type) !== OID.envelopedData) throw new DerError('not an EnvelopedData message');
  const [enveloped] = expectChildren(wrapped, Tag.CONTEXT_0, 'EnvelopedData content', 1);
  const parts = expectChildren(enveloped, Tag.SEQUENCE, 'EnvelopedData', 3);
  const info = parts.find((p, i) => i > 0 && p.tag === Tag.SEQUENCE);
  const [, algorithm] = expectChildren(info, Tag.SEQUENCE, 'encryptedContentInfo', 2);
  return oidOf(expectChildren(algorithm, Tag.SEQUENCE, 'a content cipher', 1)[0]);
}

export const isSupportedCipher = (oid: string) => CONTENT_CIPHERS.has(oid);

/** envelope encrypts `content` to the holder of `recipientCertDer` (RSA key transport, RFC 5652 §6). */
export function envelope(content: Buffer, recipientCertDer: Buffer, cipherOid: string = AES_128_CBC): Buffer {
  const message = forge.pkcs7.createEnvelopedData();
  message.addRecipient(forgeCertificateOf(recipientCertDer));
  message.content = forge.util.createBuffer(content.toString('binary'));
  message.encrypt(undefined, cipherOid);
  return derOfForgeAsn1(message.toAsn1());
}

/** openEnvelope decrypts an EnvelopedData addressed to `recipientCertDer`; it throws on anything else. */
export function openEnvelope(der: Buffer, recipientCertDer: Buffer, key: forge.pki.rsa.PrivateKey): Buffer {
  if (!isSupportedCipher(contentCipherOf(der))) throw new DerError('unsupported content cipher');
  const message = forge.pkcs7.messageFromAsn1(forgeAsn1Of(der));
  if (!('findRecipient' in message)) throw new DerError('not an EnvelopedData message');
  const recipient = message.findRecipient(forgeCertificateOf(recipientCertDer));
  if (!recipient) throw new DerError('the message is not addressed to this certificate');
  message.decrypt(recipient, key);
  const { content } = message;
  if (content === undefined) throw new DerError('the envelope is empty');
  return Buffer.from(typeof content === 'string' ? content : content.getBytes(), 'binary');
}

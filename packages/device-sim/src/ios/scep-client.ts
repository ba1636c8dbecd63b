import { type KeyObject, X509Certificate, createHash, createPublicKey, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { CmsError, type OpenedCms, bytesOf, issuerAndSerial, certificatesOf, octetNode, openCms, printableNode, signCms, textOf } from './cms.ts';
import { fromDer, toDer } from './asn1.ts';
import type { FetchLike } from './transport.ts';
import { type DeviceIdentity, type SubjectPair, certificateRequest, forgePrivateKey, generateDeviceKey, selfSignedCertificate } from './identity.ts';

/** SCEP attribute OIDs (RFC 8894 §3.2.1), duplicated here because the simulator shares no code with the server. */
const ScepOid = {
  messageType: '2.16.840.1.113733.1.9.2',
  pkiStatus: '2.16.840.1.113733.1.9.3',
  failInfo: '2.16.840.1.113733.1.9.4',
  senderNonce: '2.16.840.1.113733.1.9.5',
  recipientNonce: '2.16.840.1.113733.1.9.6',
  transactionId: '2.16.840.1.113733.1.9.7',
} as const;

/** ScepError: the CA refused (failInfo says why), or its answer could not be trusted. */
export class ScepError extends Error {
  constructor(
    message: string,
    readonly failInfo?: string,
  ) {
    super(message);
  }
}

/** ScepTransport carries the three SCEP operations; tests plug the server core in directly. */
export interface ScepTransport {
  getCaCaps(): Promise<string>;
  getCaCert(): Promise<Buffer>;
  pkiOperation(message: Buffer): Promise<Buffer>;
}

/** httpScepTransport talks to a SCEP URL as iOS does: GET for GetCACaps/GetCACert, POST for PKIOperation. */
export function httpScepTransport(url: string, fetchFn: FetchLike = (target, init) => fetch(target, init)): ScepTransport {
  async function call(operation: string, init: RequestInit = {}): Promise<Buffer> {
    const target = new URL(url);
    target.searchParams.set('operation', operation);
    const res = await fetchFn(target.toString(), init);
    if (!res.ok) throw new ScepError(`${operation} answered HTTP ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }
  return {
    getCaCaps: async () => (await call('GetCACaps')).toString('utf8'),
    getCaCert: () => call('GetCACert'),
    pkiOperation: (message) =>
      call('PKIOperation', { method: 'POST', body: new Uint8Array(message), headers: { 'content-type': 'application/x-pki-message' } }),
  };
}

/** PkcsReq is a SCEP request plus what the client must remember to check the answer. */
export interface PkcsReq {
  message: Buffer;
  transactionId: string;
  senderNonce: Buffer;
  selfSignedDer: Buffer;
  key: KeyObject;
}

export interface PkcsReqOptions {
  key: KeyObject;
  subject: SubjectPair[];
  challenge: string;
  caCertDer: Buffer;
  /** useAes picks AES-128-CBC for the envelope (the CA advertised AES), else 3DES. */
  useAes?: boolean;
}

/**
 * buildPkcsReq wraps a CSR the way a device does (RFC 8894 §3.3.1): the CSR is enveloped to the CA certificate,
 * then signed by a throwaway self-signed certificate of the same key with transactionID, messageType 19 and a
 * fresh senderNonce as signed attributes.
 */
export function buildPkcsReq(options: PkcsReqOptions): PkcsReq {
  const { key, subject } = options;
  const selfSignedDer = selfSignedCertificate(key, subject);
  const envelope = forge.pkcs7.createEnvelopedData();
  envelope.addRecipient(forge.pki.certificateFromAsn1(fromDer(options.caCertDer)));
  envelope.content = forge.util.createBuffer(certificateRequest(key, subject, options.challenge).toString('binary'));
  envelope.encrypt(undefined, forge.pki.oids[options.useAes === false ? 'des-EDE3-CBC' : 'aes128-CBC']);
  const enveloped = envelope.toAsn1();
  // forge rebuilds the recipient's name from parsed attributes; iOS copies the CA certificate's own bytes.
  const recipientInfo = (
    (((enveloped.value as forge.asn1.Asn1[])[1].value as forge.asn1.Asn1[])[0].value as forge.asn1.Asn1[])[1].value as forge.asn1.Asn1[]
  )[0];
  (recipientInfo.value as forge.asn1.Asn1[])[1] = issuerAndSerial(options.caCertDer);
  const spki = createPublicKey(key).export({ type: 'spki', format: 'der' });
  const transactionId = createHash('sha256').update(spki).digest('hex').toUpperCase();
  const senderNonce = randomBytes(16);
  const message = signCms({
    content: toDer(enveloped),
    signer: { key, certDer: selfSignedDer },
    attributes: [
      { type: ScepOid.transactionId, value: printableNode(transactionId) },
      { type: ScepOid.messageType, value: printableNode('19') },
      { type: ScepOid.senderNonce, value: octetNode(senderNonce) },
    ],
  });
  return { message, transactionId, senderNonce, selfSignedDer, key };
}

/** addressedToUs says whether the EnvelopedData's only recipient names `certDer` exactly as it is encoded. */
function addressedToUs(envelopedDer: Buffer, certDer: Buffer): boolean {
  try {
    const enveloped = ((fromDer(envelopedDer).value as forge.asn1.Asn1[])[1].value as forge.asn1.Asn1[])[0];
    const recipients = (enveloped.value as forge.asn1.Asn1[])[1].value as forge.asn1.Asn1[];
    const rid = (recipients[0].value as forge.asn1.Asn1[])[1];
    return recipients.length === 1 && toDer(rid).equals(toDer(issuerAndSerial(certDer)));
  } catch {
    return false;
  }
}

/** readCertRep checks a CertRep came from the CA for this request, then opens the issued certificate. */
export function readCertRep(reply: Buffer, request: PkcsReq, caCertDer: Buffer): Buffer {
  let opened: OpenedCms;
  try {
    // A FAILURE CertRep carries no content: its signature covers the empty string (RFC 8894 §3.3.2).
    opened = openCms(reply, Buffer.alloc(0));
  } catch (err) {
    throw new ScepError(`CertRep is not a valid signed message: ${err instanceof CmsError ? err.message : String(err)}`);
  }
  const ca = new X509Certificate(caCertDer);
  if (!opened.signerCertDer.equals(caCertDer) && !new X509Certificate(opened.signerCertDer).verify(ca.publicKey)) {
    throw new ScepError('CertRep is not signed by the CA');
  }
  const attr = (oid: string) => opened.attributes.get(oid);
  if (textOf(attr(ScepOid.messageType)) !== '3') throw new ScepError('reply is not a CertRep');
  if (textOf(attr(ScepOid.transactionId)) !== request.transactionId) throw new ScepError('CertRep is for another transaction');
  const recipientNonce = attr(ScepOid.recipientNonce);
  if (!recipientNonce || !bytesOf(recipientNonce).equals(request.senderNonce)) throw new ScepError('CertRep does not echo our nonce');
  const status = textOf(attr(ScepOid.pkiStatus));
  if (status === '2') throw new ScepError('the CA refused the request', textOf(attr(ScepOid.failInfo)));
  if (status !== '0') throw new ScepError(`unsupported pkiStatus ${status}`);
  const envelope = forge.pkcs7.messageFromAsn1(fromDer(opened.content));
  // As Go's pkcs7 (and iOS): the recipient must name our certificate's issuer and serial byte for byte.
  const recipient = addressedToUs(opened.content, request.selfSignedDer) && 'recipients' in envelope ? envelope.recipients[0] : null;
  if (!recipient || !('decrypt' in envelope)) throw new ScepError('pkcs7: no enveloped recipient for provided certificate');
  envelope.decrypt(recipient, forgePrivateKey(request.key));
  const content = envelope.content;
  const certsOnly = Buffer.from(typeof content === 'string' ? content : (content?.getBytes() ?? ''), 'binary');
  const mine = createPublicKey(request.key).export({ type: 'spki', format: 'der' });
  const issued = certificatesOf(certsOnly).find((der) => new X509Certificate(der).publicKey.export({ type: 'spki', format: 'der' }).equals(mine));
  if (!issued) throw new ScepError('CertRep holds no certificate for our key');
  return issued;
}

export interface ScepEnrollOptions {
  transport: ScepTransport;
  challenge: string;
  subject: SubjectPair[];
  /** A pre-generated key (key pools keep RSA generation out of the hot path). */
  key?: KeyObject;
}

/** ScepEnrollment is the identity a simulated iPhone gets from the SCEP payload of its enrolment profile. */
export interface ScepEnrollment extends DeviceIdentity {
  caCertDer: Buffer;
  transactionId: string;
}

/** enrollWithScep runs GetCACaps, GetCACert and PKIOperation as iOS does for a SCEP payload. */
export async function enrollWithScep(options: ScepEnrollOptions): Promise<ScepEnrollment> {
  const caps = (await options.transport.getCaCaps()).split(/\r?\n/).map((c) => c.trim());
  const caCertDer = await options.transport.getCaCert();
  const key = options.key ?? generateDeviceKey();
  const request = buildPkcsReq({ key, subject: options.subject, challenge: options.challenge, caCertDer, useAes: caps.includes('AES') });
  const certDer = readCertRep(await options.transport.pkiOperation(request.message), request, caCertDer);
  return { key, certDer, caCertDer, transactionId: request.transactionId };
}

/** enrollFromPayload runs a profile's SCEP payload (its URL, challenge, subject and key size), as iOS installs it. */
export function enrollFromPayload(
  scep: { url: string; challenge?: string; subject: SubjectPair[]; keysize: number },
  fetchFn: FetchLike,
  key?: KeyObject,
): Promise<ScepEnrollment> {
  return enrollWithScep({
    transport: httpScepTransport(scep.url, fetchFn),
    challenge: scep.challenge ?? '',
    subject: scep.subject,
    key: key ?? generateDeviceKey(scep.keysize),
  });
}

import { randomBytes } from 'node:crypto';
import type { CmsAttribute } from './cms-build.ts';
import { attribute } from './cms-build.ts';
import type { ParsedSigner } from './cms-parse.ts';
import { type DerNode, DerError, octetString, octetsOf, printableString, stringOf } from './der.ts';
import { OID } from './oids.ts';

/** ScepMessageType: the SCEP messageType values (RFC 8894 §3.2.1.2) we meet. */
export const ScepMessageType = { CERT_REP: '3', RENEWAL_REQ: '17', PKCS_REQ: '19', CERT_POLL: '20' } as const;

/** FailInfo: why a CertRep says FAILURE (RFC 8894 §3.2.1.4). */
export const FailInfo = { BAD_ALG: '0', BAD_MESSAGE_CHECK: '1', BAD_REQUEST: '2', BAD_TIME: '3', BAD_CERT_ID: '4' } as const;
export type FailInfo = (typeof FailInfo)[keyof typeof FailInfo];

export const PkiStatus = { SUCCESS: '0', FAILURE: '2', PENDING: '3' } as const;

/** ScepRequestHeader is what every SCEP request must carry in its signed attributes. */
export interface ScepRequestHeader {
  messageType: string;
  transactionId: string;
  /** The transactionID value exactly as received, echoed back in the reply. */
  transactionIdValue: DerNode;
  senderNonce: Buffer;
}

const single = (signer: ParsedSigner, oid: string): DerNode => {
  const [value] = signer.attributes.get(oid) ?? [];
  if (!value) throw new DerError(`SCEP attribute ${oid} missing`);
  return value;
};

/** readScepHeader reads messageType, transactionID and senderNonce; it throws DerError when one is missing. */
export function readScepHeader(signer: ParsedSigner): ScepRequestHeader {
  const transactionIdValue = single(signer, OID.scepTransactionId);
  const senderNonce = octetsOf(single(signer, OID.scepSenderNonce));
  if (senderNonce.length === 0) throw new DerError('empty senderNonce');
  return {
    messageType: stringOf(single(signer, OID.scepMessageType)),
    transactionId: stringOf(transactionIdValue),
    transactionIdValue,
    senderNonce,
  };
}

/** certRepAttributes are the signed attributes of a CertRep answering `request`. */
export function certRepAttributes(request: ScepRequestHeader, failInfo?: FailInfo): CmsAttribute[] {
  return [
    attribute(OID.scepTransactionId, request.transactionIdValue.bytes),
    attribute(OID.scepMessageType, printableString(ScepMessageType.CERT_REP)),
    attribute(OID.scepPkiStatus, printableString(failInfo ? PkiStatus.FAILURE : PkiStatus.SUCCESS)),
    ...(failInfo ? [attribute(OID.scepFailInfo, printableString(failInfo))] : []),
    attribute(OID.scepSenderNonce, octetString(randomBytes(16))),
    attribute(OID.scepRecipientNonce, octetString(request.senderNonce)),
  ];
}

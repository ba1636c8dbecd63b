/** OID names the object identifiers CMS, PKCS#9 and SCEP (RFC 8894 §3.2.1) use in our messages. */
export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  envelopedData: '1.2.840.113549.1.7.3',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  challengePassword: '1.2.840.113549.1.9.7',
  rsaEncryption: '1.2.840.113549.1.1.1',
  scepMessageType: '2.16.840.1.113733.1.9.2',
  scepPkiStatus: '2.16.840.1.113733.1.9.3',
  scepFailInfo: '2.16.840.1.113733.1.9.4',
  scepSenderNonce: '2.16.840.1.113733.1.9.5',
  scepRecipientNonce: '2.16.840.1.113733.1.9.6',
  scepTransactionId: '2.16.840.1.113733.1.9.7',
} as const;

export type DigestName = 'sha1' | 'sha256' | 'sha384' | 'sha512';

/** DIGEST_OID maps each digest we accept to its OID, and back. */
export const DIGEST_OID: Record<DigestName, string> = {
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
};
export const digestByOid = (oid: string): DigestName | undefined => (Object.keys(DIGEST_OID) as DigestName[]).find((name) => DIGEST_OID[name] === oid);

/** RSA_SIGNATURE_OID: PKCS#1 v1.5 signature algorithms (rsaEncryption is also used as a CMS signatureAlgorithm). */
export const RSA_SIGNATURE_OID: Record<string, DigestName | 'any'> = {
  [OID.rsaEncryption]: 'any',
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
};

import type { Ca } from './ca.ts';
import { certificateFingerprint } from './certificate-fields.ts';
import { createCertificate } from './certificates.ts';
import { buildSignedData } from './cms-build.ts';
import { contentCipherOf, envelope, isSupportedCipher, openEnvelope } from './cms-enveloped.ts';
import { type ParsedSignedData, parseSignedData, verifySigner } from './cms-parse.ts';
import { type CertificateRequest, readCertificateRequest } from './csr.ts';
import { digestByOid } from './oids.ts';
import { FailInfo, type ScepRequestHeader, ScepMessageType, certRepAttributes, readScepHeader } from './scep-message.ts';

/** SCEP_CA_CAPS: what GetCACaps answers. No Renewal: iOS renews its identity through a new SCEP payload. */
export const SCEP_CA_CAPS = ['POSTPKIOperation', 'SHA-256', 'AES', 'SCEPStandard'] as const;

/** SCEP_CONTENT_TYPE: the Content-Type of each SCEP answer (RFC 8894 §4). */
export const SCEP_CONTENT_TYPE = { caCaps: 'text/plain', caCert: 'application/x-x509-ca-cert', pkiMessage: 'application/x-pki-message' } as const;

/**
 * IDENTITY_DAYS: a device identity lives a year and is renewed in place well before it ends (renewal.service.ts);
 * a lease of 36 months sees three renewals. docs/apple-identity-lifetimes.md explains the choice.
 */
export const IDENTITY_DAYS = 365;

/** ChallengeCheck is the caller's verdict on a challenge; `context` (say, the enrolment) comes back with the result. */
export type ChallengeCheck<C> = { ok: true; context: C } | { ok: false };

export interface ScepServerOptions<C> {
  ca: Ca;
  /**
   * checkChallenge must consume a one-time challenge: a second call with the same one answers `{ok: false}`.
   * If it throws, pkiOperation rejects and the HTTP layer answers 5xx so the device retries later.
   */
  checkChallenge: (challenge: string) => Promise<ChallengeCheck<C>>;
  /** Lifetime of an issued identity; see IDENTITY_DAYS. */
  certificateDays?: number;
  now?: () => Date;
}

export interface IssuedCertificate {
  der: Buffer;
  fingerprint: string;
  notAfter: Date;
}

/** PkiOperationResult: a CertRep to send (issued or failed), or a message too broken to answer (HTTP 400). */
export type PkiOperationResult<C> =
  | { status: 'issued'; certRep: Buffer; transactionId: string; certificate: IssuedCertificate; context: C }
  | { status: 'failed'; certRep: Buffer; transactionId: string; failInfo: FailInfo; reason: string }
  | { status: 'malformed'; reason: string };

type Verdict<C> = { ok: true; certificate: IssuedCertificate; context: C; reply: Buffer } | { ok: false; failInfo: FailInfo; reason: string };

/**
 * createScepServer is the SCEP CA core (RFC 8894) behind our enrolment profile's SCEP payload: the HTTP layer
 * maps GetCACaps, GetCACert and PKIOperation onto it and sends the bytes back with SCEP_CONTENT_TYPE.
 */
export function createScepServer<C>(options: ScepServerOptions<C>) {
  const { ca } = options;
  const now = options.now ?? (() => new Date());
  const days = options.certificateDays ?? IDENTITY_DAYS;

  function issue({ subject, spki }: CertificateRequest): IssuedCertificate {
    const start = now();
    const caEnd = new Date(ca.cert.validTo);
    const notAfter = new Date(Math.min(start.getTime() + days * 86_400_000, caEnd.getTime()));
    // Subject and key are the request's own bytes: nothing is decoded and re-encoded on the way.
    const der = createCertificate({
      subject,
      publicKey: spki,
      issuer: { key: ca.key, certDer: ca.certDer },
      notBefore: new Date(start.getTime() - 5 * 60_000),
      notAfter,
      extensions: [
        { name: 'basicConstraints', cA: false, critical: true },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
        { name: 'extKeyUsage', clientAuth: true },
      ],
    });
    return { der, fingerprint: certificateFingerprint(der), notAfter };
  }

  /** decide runs the PKCSReq checks in order; each refusal names the SCEP failInfo it maps to. */
  async function decide(parsed: ParsedSignedData, header: ScepRequestHeader): Promise<Verdict<C>> {
    const signed = verifySigner(parsed, parsed.content ?? Buffer.alloc(0));
    if (!signed.ok) return { ok: false, failInfo: FailInfo.BAD_MESSAGE_CHECK, reason: `signature: ${signed.reason}` };
    if (header.messageType !== ScepMessageType.PKCS_REQ)
      return { ok: false, failInfo: FailInfo.BAD_REQUEST, reason: `messageType ${header.messageType} not supported` };
    if (!parsed.content) return { ok: false, failInfo: FailInfo.BAD_REQUEST, reason: 'no pkcsPKIEnvelope' };
    let cipher: string, csrDer: Buffer;
    try {
      cipher = contentCipherOf(parsed.content);
      // Single DES (and anything else we do not offer) is refused as badAlg: see docs/apple-identity-lifetimes.md.
      if (!isSupportedCipher(cipher)) return { ok: false, failInfo: FailInfo.BAD_ALG, reason: `content cipher ${cipher} not supported` };
      csrDer = openEnvelope(parsed.content, ca.certDer, ca.key);
    } catch (err) {
      return { ok: false, failInfo: FailInfo.BAD_MESSAGE_CHECK, reason: `envelope: ${err instanceof Error ? err.message : 'unreadable'}` };
    }
    const csr = readCertificateRequest(csrDer);
    if (!csr.ok) return { ok: false, failInfo: csr.reason === 'unsupported-key' ? FailInfo.BAD_ALG : FailInfo.BAD_MESSAGE_CHECK, reason: `csr: ${csr.reason}` };
    // A signer key other than the CSR's is accepted, as micromdm's SCEP server does: RFC 8894 §2.3 says SHOULD,
    // the CSR's own signature proves its key, the challenge authorises the issue, and the reply is enveloped to
    // the signer (see docs/apple-identity-lifetimes.md).
    if (!csr.request.challenge) return { ok: false, failInfo: FailInfo.BAD_REQUEST, reason: 'no challengePassword' };
    const challenge = await options.checkChallenge(csr.request.challenge);
    if (!challenge.ok) return { ok: false, failInfo: FailInfo.BAD_REQUEST, reason: 'challenge refused' };
    const certificate = issue(csr.request);
    const certsOnly = buildSignedData({ certificates: [certificate.der] });
    const reply = envelope(certsOnly, signed.certDer, cipher);
    return { ok: true, certificate, context: challenge.context, reply };
  }

  return {
    getCaCaps: (): string => SCEP_CA_CAPS.join('\n'),
    getCaCert: (): Buffer => ca.certDer,

    /** pkiOperation answers a PKCSReq with a CertRep signed by the CA; it never throws on bad input. */
    async pkiOperation(message: Buffer): Promise<PkiOperationResult<C>> {
      let parsed: ParsedSignedData, header: ScepRequestHeader;
      try {
        parsed = parseSignedData(message);
        const [signer] = parsed.signers;
        if (!signer) return { status: 'malformed', reason: 'no signer' };
        header = readScepHeader(signer);
      } catch (err) {
        return { status: 'malformed', reason: err instanceof Error ? err.message : 'unreadable' };
      }
      const verdict = await decide(parsed, header);
      // Answer with the client's digest, but never below the SHA-256 that GetCACaps promises.
      const digest = digestByOid(parsed.signers[0].digestOid) ?? 'sha256';
      const certRep = buildSignedData({
        content: verdict.ok ? verdict.reply : undefined,
        signer: { certDer: ca.certDer, key: ca.key },
        digest: digest === 'sha1' ? 'sha256' : digest,
        attributes: certRepAttributes(header, verdict.ok ? undefined : verdict.failInfo),
      });
      const { transactionId } = header;
      return verdict.ok
        ? { status: 'issued', certRep, transactionId, certificate: verdict.certificate, context: verdict.context }
        : { status: 'failed', certRep, transactionId, failInfo: verdict.failInfo, reason: verdict.reason };
    },
  };
}

export type ScepServer<C> = ReturnType<typeof createScepServer<C>>;

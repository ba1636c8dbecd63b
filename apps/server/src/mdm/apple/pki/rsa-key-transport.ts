import { type KeyObject, constants, privateDecrypt, randomBytes } from 'node:crypto';

/**
 * unwrapContentKey undoes RSA PKCS#1 v1.5 key transport (RFC 8017 §7.2.2) with Node's native RSA, where
 * node-forge's pure-JS modular exponentiation cost 60-90 ms of CPU per SCEP enrolment. Node refuses
 * RSA_PKCS1_PADDING for private decryption (CVE-2023-46809, the Marvin attack), so the raw RSA operation runs
 * natively and the padding is checked here without an early exit. A bad padding or a key of the wrong length
 * gives a random key of the expected length instead of an error (implicit rejection, as OpenSSL 3.2 does):
 * the caller then fails later on the content's own padding, through the same path and with the same answer
 * as a wrong key, so the reply never tells a prober whether the RSA padding was right.
 */
export function unwrapContentKey(key: KeyObject, encryptedKey: Buffer, keyBytes: number): Buffer {
  const substitute = randomBytes(keyBytes);
  let em: Buffer;
  try {
    em = privateDecrypt({ key, padding: constants.RSA_NO_PADDING }, encryptedKey);
  } catch {
    // Input longer than the modulus or not below it: no padding to look at, same outcome.
    return substitute;
  }
  // EM = 0x00 || 0x02 || PS (≥ 8 non-zero bytes) || 0x00 || M
  let good = (em[0] === 0 ? 1 : 0) & (em[1] === 2 ? 1 : 0);
  let separator = 0;
  let found = 0;
  for (let i = 2; i < em.length; i++) {
    const isZero = em[i] === 0 ? 1 : 0;
    const first = -(isZero & (found ^ 1));
    separator = (i & first) | (separator & ~first);
    found |= isZero;
  }
  good &= found & (separator >= 10 ? 1 : 0) & (em.length - separator - 1 === keyBytes ? 1 : 0);
  const message = Buffer.alloc(keyBytes);
  em.copy(message, 0, Math.max(0, Math.min(em.length - keyBytes, separator + 1)));
  // Both candidates are built and mixed by a mask, so the choice is no branch on the padding check.
  const mask = -good & 0xff;
  const out = Buffer.alloc(keyBytes);
  for (let i = 0; i < keyBytes; i++) out[i] = (message[i] & mask) | (substitute[i] & ~mask & 0xff);
  return out;
}

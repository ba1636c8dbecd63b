import type { KeyObject } from 'node:crypto';
import { X509Certificate } from 'node:crypto';
import { z } from 'zod';
import type { DepServerToken } from '@lease/shared';
import { openEnvelope } from '../../mdm/apple/pki/cms-enveloped.ts';
import { DerError } from '../../mdm/apple/pki/der.ts';

/** ServerTokenError says in Chinese why an uploaded file is not a usable server token. */
export class ServerTokenError extends Error {}

export const NOT_A_P7M = '文件不是 Apple 商务管理的服务器令牌（.p7m），请上传从 Apple 商务管理下载的 *_smime.p7m 文件';
export const WRONG_CERTIFICATE = '该服务器令牌不是用本门店的公钥加密的：请在 Apple 商务管理中为 MDM 服务器上传本页下载的公钥，再重新下载服务器令牌';
export const BAD_CONTENT = '服务器令牌内容无法识别，请重新下载';

const tokenJson = z.object({
  consumer_key: z.string().min(1),
  consumer_secret: z.string().min(1),
  access_token: z.string().min(1),
  access_secret: z.string().min(1),
  access_token_expiry: z.string().refine((v) => !Number.isNaN(Date.parse(v))),
});

/** splitMime separates a MIME entity's headers (lower-cased names) from its body. */
function splitMime(text: string): { headers: Map<string, string>; body: string } | null {
  const match = /\r?\n\r?\n/.exec(text);
  if (!match) return null;
  const head = text.slice(0, match.index).replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) return null;
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: text.slice(match.index + match[0].length) };
}

/**
 * envelopeDer finds the CMS EnvelopedData in what ABM hands out: the S/MIME file (MIME headers, base64 body)
 * as downloaded, a PEM block, or the bare DER.
 */
function envelopeDer(file: Buffer): Buffer {
  if (file[0] === 0x30) return file;
  const text = file.toString('utf8');
  const pem = /-----BEGIN (?:PKCS7|CMS)-----([\s\S]+?)-----END (?:PKCS7|CMS)-----/.exec(text);
  if (pem) return Buffer.from(pem[1].replace(/\s+/g, ''), 'base64');
  const mime = splitMime(text);
  if (!mime) throw new ServerTokenError(NOT_A_P7M);
  const type = mime.headers.get('content-type') ?? '';
  if (!/application\/(x-)?pkcs7-mime/i.test(type)) throw new ServerTokenError(NOT_A_P7M);
  if (!/base64/i.test(mime.headers.get('content-transfer-encoding') ?? 'base64')) throw new ServerTokenError(NOT_A_P7M);
  const der = Buffer.from(mime.body.replace(/\s+/g, ''), 'base64');
  if (der[0] !== 0x30) throw new ServerTokenError(NOT_A_P7M);
  return der;
}

/** tokenOfMessage reads the JSON from the decrypted MIME text part (between BEGIN/END MESSAGE lines). */
function tokenOfMessage(content: Buffer): DepServerToken {
  const text = content.toString('utf8');
  const framed = /-----BEGIN MESSAGE-----([\s\S]*?)-----END MESSAGE-----/.exec(text);
  const json = framed ? framed[1] : (splitMime(text)?.body ?? text);
  try {
    return tokenJson.parse(JSON.parse(json.trim()));
  } catch {
    throw new ServerTokenError(BAD_CONTENT);
  }
}

/**
 * decryptServerToken opens a .p7m server token with the store's key pair. It throws ServerTokenError (a Chinese
 * reason) when the file is not a p7m, was encrypted to another certificate, or does not hold a token.
 */
export function decryptServerToken(file: Buffer, certificatePem: string, key: KeyObject): DepServerToken {
  const der = envelopeDer(file);
  const certDer = new X509Certificate(certificatePem).raw;
  let content: Buffer;
  try {
    content = openEnvelope(der, certDer, key);
  } catch (err) {
    if (err instanceof DerError && /not addressed/.test(err.message)) throw new ServerTokenError(WRONG_CERTIFICATE);
    // Anything else (broken ASN.1, not an EnvelopedData, an unknown cipher) means it is not a token file.
    throw new ServerTokenError(NOT_A_P7M);
  }
  return tokenOfMessage(content);
}

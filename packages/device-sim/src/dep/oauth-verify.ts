import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The stand-in's side of OAuth 1.0a (RFC 5849): parse an `Authorization: OAuth …` header and check its
 * HMAC-SHA1 signature against the secrets the stand-in issued. Written apart from the server's signer on
 * purpose, so a mistake in one is not silently mirrored by the other.
 */

const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** parseOAuthHeader reads the quoted, percent-encoded fields of an OAuth header; null when it is not one. */
export function parseOAuthHeader(header: string | undefined): Map<string, string> | null {
  if (!header || !/^OAuth\s/i.test(header)) return null;
  const fields = new Map<string, string>();
  for (const m of header.slice(6).matchAll(/([A-Za-z0-9_]+)\s*=\s*"([^"]*)"/g)) {
    if (fields.has(m[1])) return null; // A duplicated protocol parameter is a 400 at Apple; treat as unusable.
    fields.set(m[1], decodeURIComponent(m[2]));
  }
  return fields;
}

export interface OAuthSecrets {
  consumerSecret: string;
  accessSecret: string;
}

/** signatureHolds recomputes the signature of `method url` from the header's own parameters. */
export function signatureHolds(method: string, url: URL, fields: Map<string, string>, secrets: OAuthSecrets): boolean {
  const given = fields.get('oauth_signature');
  if (!given) return false;
  const pairs: [string, string][] = [];
  for (const [k, v] of fields) if (k !== 'realm' && k !== 'oauth_signature') pairs.push([rfc3986(k), rfc3986(v)]);
  for (const [k, v] of url.searchParams) pairs.push([rfc3986(k), rfc3986(v)]);
  pairs.sort((a, b) => (a[0] === b[0] ? a[1].localeCompare(b[1]) : a[0] < b[0] ? -1 : 1));
  const normalized = pairs.map((p) => p.join('=')).join('&');
  const port = url.port && !((url.protocol === 'http:' && url.port === '80') || (url.protocol === 'https:' && url.port === '443')) ? `:${url.port}` : '';
  const base = `${method.toUpperCase()}&${rfc3986(`${url.protocol}//${url.hostname}${port}${url.pathname}`)}&${rfc3986(normalized)}`;
  const expected = createHmac('sha1', `${rfc3986(secrets.consumerSecret)}&${rfc3986(secrets.accessSecret)}`)
    .update(base)
    .digest();
  const actual = Buffer.from(given, 'base64');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

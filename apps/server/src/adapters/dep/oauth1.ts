import { createHmac, randomBytes } from 'node:crypto';

/** OAuthCredentials are the four secrets of an ABM server token (its decrypted .p7m). */
export interface OAuthCredentials {
  consumer_key: string;
  consumer_secret: string;
  access_token: string;
  access_secret: string;
}

/** percentEncode is RFC 3986 encoding as OAuth 1.0a (RFC 5849 §3.6) requires: only unreserved characters stay. */
export const percentEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** baseUri is RFC 5849 §3.4.1.2: scheme and host lower case, default ports dropped, no query. */
function baseUri(url: URL): string {
  const defaultPort = (url.protocol === 'https:' && url.port === '443') || (url.protocol === 'http:' && url.port === '80');
  return `${url.protocol.toLowerCase()}//${url.hostname.toLowerCase()}${url.port && !defaultPort ? `:${url.port}` : ''}${url.pathname}`;
}

/**
 * oauth1Header signs a request with HMAC-SHA1 (RFC 5849 §3.4.2), as Apple's DEP `GET /session` wants: the
 * signature covers the method, the base URI and the oauth_* and query parameters; realm is left out of it.
 */
export function oauth1Header(method: string, url: string, creds: OAuthCredentials, now = new Date(), nonce = randomBytes(16).toString('hex')): string {
  const target = new URL(url);
  const oauth: Record<string, string> = {
    oauth_consumer_key: creds.consumer_key,
    oauth_token: creds.access_token,
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(Math.floor(now.getTime() / 1000)),
    oauth_nonce: nonce,
    oauth_version: '1.0',
  };
  const params = [...Object.entries(oauth), ...target.searchParams.entries()]
    .map(([k, v]) => [percentEncode(k), percentEncode(v)])
    .sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : 1) : ak < bk ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const base = [method.toUpperCase(), percentEncode(baseUri(target)), percentEncode(params)].join('&');
  const key = `${percentEncode(creds.consumer_secret)}&${percentEncode(creds.access_secret)}`;
  const signature = createHmac('sha1', key).update(base).digest('base64');
  const fields = { ...oauth, oauth_signature: signature };
  return `OAuth realm="ADM", ${Object.entries(fields)
    .map(([k, v]) => `${k}="${percentEncode(v)}"`)
    .join(', ')}`;
}

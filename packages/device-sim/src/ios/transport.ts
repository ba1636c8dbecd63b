import { retryAfterSeconds } from '@lease/shared';
import type { DeviceIdentity } from './identity.ts';
import { mdmSignature } from './mdm-signature.ts';
import { type PlistDict, decodePlistDict, encodePlist } from './plist-codec.ts';

/** FetchLike is the one HTTP call the phone needs; global fetch fits, and so does a wrapper around Fastify's inject. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** MDM_CONTENT_TYPE: how iOS labels check-in and connect bodies (servers route on it). */
export const MDM_CONTENT_TYPE = { checkin: 'application/x-apple-aspen-mdm-checkin', connect: 'application/x-apple-aspen-mdm' } as const;
export type MdmEndpoint = keyof typeof MDM_CONTENT_TYPE;

/** UNRECOGNIZED_DEVICE is the 403 error code that tells an iPhone (iOS 17+) to unenrol itself. */
export const UNRECOGNIZED_DEVICE = 'com.apple.unrecognized.device';

/** HttpOutcome is how the phone sees an MDM answer; each kind drives a different real-device behaviour. */
export type HttpOutcome =
  | { kind: 'ok'; status: number; body: Buffer }
  | { kind: 'unauthorized'; status: 401 }
  | { kind: 'client-error'; status: number; errorCode?: string; detail: string }
  /** retryAfterMs: the server's Retry-After, when it sent one in seconds. */
  | { kind: 'server-error'; status: number; retryAfterMs?: number }
  | { kind: 'network-error'; detail: string };

export interface TransportOptions {
  fetch?: FetchLike;
  /**
   * An undici Dispatcher (an Agent with keep-alive, pipelining or a client certificate), passed to global fetch as
   * its `dispatcher` option; typed loosely because the DOM RequestInit type does not declare it.
   */
  dispatcher?: object;
  /** serverOrigin replaces the origin of every URL in the profile, for servers whose public name does not resolve here. */
  serverOrigin?: string;
  timeoutMs?: number;
  clock?: () => Date;
}

/** errorCodeOf reads `code` from a JSON or plist error body (Apple's mdm/errors schema allows both). */
function errorCodeOf(body: Buffer, contentType: string | null): string | undefined {
  const text = body.toString('utf8').trim();
  try {
    if (contentType?.includes('json') || text.startsWith('{')) {
      const parsed: unknown = JSON.parse(text);
      return parsed && typeof parsed === 'object' && 'code' in parsed && typeof parsed.code === 'string' ? parsed.code : undefined;
    }
    const dict = decodePlistDict(text);
    return typeof dict.code === 'string' ? dict.code : undefined;
  } catch {
    // An unreadable error body is just an error without a code.
    return undefined;
  }
}

async function classify(res: Response): Promise<HttpOutcome> {
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status >= 200 && res.status < 300) return { kind: 'ok', status: res.status, body };
  if (res.status === 401) return { kind: 'unauthorized', status: 401 };
  if (res.status >= 500) {
    const retryAfterS = retryAfterSeconds(res.headers.get('retry-after'));
    return { kind: 'server-error', status: res.status, ...(retryAfterS === undefined ? {} : { retryAfterMs: retryAfterS * 1000 }) };
  }
  return {
    kind: 'client-error',
    status: res.status,
    errorCode: errorCodeOf(body, res.headers.get('content-type')),
    detail: body.toString('utf8').slice(0, 300),
  };
}

/**
 * createMdmTransport sends the phone's requests as iOS does: HTTP PUT, XML plist body, the MDM content type, and
 * the Mdm-Signature header when the MDM payload sets SignMessage.
 */
export function createMdmTransport(options: TransportOptions = {}) {
  const baseFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const clock = options.clock ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 60_000;

  const resolveUrl = (url: string): string => {
    if (!options.serverOrigin) return url;
    const from = new URL(url);
    const to = new URL(options.serverOrigin);
    from.protocol = to.protocol;
    from.host = to.host;
    return from.toString();
  };

  /** send is fetch with the origin rewrite, the dispatcher and a timeout applied, for SCEP and manifests too. */
  const send: FetchLike = (url, init) => {
    const withOptions: RequestInit & { dispatcher?: object } = { ...init, signal: init.signal ?? AbortSignal.timeout(timeoutMs) };
    if (options.dispatcher) withOptions.dispatcher = options.dispatcher;
    return baseFetch(resolveUrl(url), withOptions);
  };

  return {
    resolveUrl,
    fetch: send,

    /** put sends one check-in or connect message and classifies the answer; it never throws. */
    async put(url: string, endpoint: MdmEndpoint, message: PlistDict, signer?: DeviceIdentity): Promise<HttpOutcome> {
      const body = encodePlist(message);
      const headers: Record<string, string> = { 'content-type': MDM_CONTENT_TYPE[endpoint], 'user-agent': 'MDM/1.0' };
      if (signer) headers['Mdm-Signature'] = mdmSignature(body, signer, clock());
      try {
        return await classify(await send(url, { method: 'PUT', headers, body: new Uint8Array(body) }));
      } catch (err) {
        return { kind: 'network-error', detail: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}

export type MdmTransport = ReturnType<typeof createMdmTransport>;

import type { FetchLike } from './transport.ts';

/** InjectResponse is the part of light-my-request's response the phone reads. */
export interface InjectResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  rawPayload: Buffer;
}

/** InjectTarget is anything with Fastify's `inject`, typed structurally so this package does not depend on Fastify. */
export interface InjectTarget {
  inject(request: { method: 'GET' | 'POST' | 'PUT'; url: string; headers: Record<string, string>; payload?: Buffer }): Promise<InjectResponse>;
}

const METHODS = ['GET', 'POST', 'PUT'] as const;
const isMethod = (method: string): method is (typeof METHODS)[number] => (METHODS as readonly string[]).includes(method);

/** bodyBytes reads the request bodies the phone sends: Uint8Array (MDM, SCEP) or none. */
function bodyBytes(body: RequestInit['body']): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  throw new TypeError('fetchViaInject only carries byte and string bodies');
}

/**
 * fetchViaInject routes a phone's requests into a Fastify app with `app.inject` instead of a socket, so server tests
 * run real phones without listening: only the path and query of each URL are used.
 */
export function fetchViaInject(app: InjectTarget): FetchLike {
  return async (url, init) => {
    const method = (init.method ?? 'GET').toUpperCase();
    if (!isMethod(method)) throw new TypeError(`the simulated iPhone never sends ${method}`);
    const target = new URL(url);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const res = await app.inject({ method, url: target.pathname + target.search, headers, payload: bodyBytes(init.body) });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) for (const v of Array.isArray(value) ? value : [value]) answerHeaders.append(name, String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: answerHeaders });
  };
}

import { randomBytes } from 'node:crypto';
import { TEST_PASSWORD, type TestApp } from '../../test/build-test-app.ts';
import { signParts } from '../../domain/signature.ts';

type Headers = { authorization: string };

export interface ApiCredentials {
  apiKey: string;
  secret: string;
}

/** enableOpenApi generates a key pair for the admin's store, saves the settings and turns the API on. */
export async function enableOpenApi(
  t: TestApp,
  admin: Headers,
  settings: { callback_url?: string; ip_white_list?: string; offline_hours?: number | null } = {},
): Promise<ApiCredentials> {
  const gen = await t.app.inject({ method: 'POST', url: '/api/store/api-key/generate', headers: admin, payload: { password: TEST_PASSWORD } });
  if (gen.statusCode !== 200) throw new Error(`generate failed: ${gen.body}`);
  const upd = await t.app.inject({
    method: 'POST',
    url: '/api/store/api-key/update',
    headers: admin,
    payload: { callback_url: '', ip_white_list: '', offline_hours: null, ...settings },
  });
  if (upd.statusCode !== 200) throw new Error(`update failed: ${upd.body}`);
  const on = await t.app.inject({ method: 'POST', url: '/api/store/api-key/enabled', headers: admin, payload: { enabled: true, password: TEST_PASSWORD } });
  if (on.statusCode !== 200) throw new Error(`enable failed: ${on.body}`);
  return { apiKey: gen.json().api_key, secret: gen.json().api_secret_key };
}

export interface SignedCall {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
  ip?: string;
  /** Overrides, to forge bad requests. */
  timestamp?: string;
  nonce?: string;
  signWith?: string;
  omit?: string[];
  /** Headers outside the signature (Idempotency-Key). */
  headers?: Record<string, string>;
}

/** signedHeaders builds valid headers for one request (a test may then send something else). */
export function signedHeaders(
  creds: ApiCredentials,
  method: string,
  url: string,
  body: string,
  overrides: { timestamp?: string; nonce?: string; signWith?: string } = {},
) {
  const timestamp = overrides.timestamp ?? String(Math.floor(Date.now() / 1000));
  const nonce = overrides.nonce ?? randomBytes(16).toString('hex');
  const signature = signParts(overrides.signWith ?? creds.secret, { method, pathWithQuery: url, timestamp, nonce, body });
  return { 'x-api-key': creds.apiKey, 'x-timestamp': timestamp, 'x-nonce': nonce, 'x-signature': signature };
}

/** signedInject calls the open API the way an ERP would: the documented headers over the exact body bytes. */
export function signedInject(t: TestApp, creds: ApiCredentials, call: SignedCall) {
  const body = call.body === undefined ? '' : JSON.stringify(call.body);
  const headers: Record<string, string> = { ...call.headers, ...signedHeaders(creds, call.method, call.url, body, call) };
  if (body) headers['content-type'] = 'application/json';
  for (const h of call.omit ?? []) delete headers[h];
  return t.app.inject({ method: call.method, url: call.url, headers, payload: body || undefined, remoteAddress: call.ip ?? '203.0.113.7' });
}

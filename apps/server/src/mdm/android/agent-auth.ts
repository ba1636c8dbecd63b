import { type KeyObject, createHash, createPublicKey, verify } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CLOCK_SKEW_MS, parseAuthorization, signingString } from '@lease/shared/agent-protocol';
import { EnrollmentStatus, UUID_RE } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { androidDevice } from '../../domain/android-device.table.ts';
import { androidAgent } from './android-agent.table.ts';

/** AgentIdentity is who a verified agent request comes from. */
export interface AgentIdentity {
  deviceId: string;
  storeId: string;
}

/** AgentRefusal carries how the agent should react: 401 (bad credential or clock), 403 (released: stop for good). */
export class AgentRefusal extends AppError {
  constructor(
    status: 401 | 403,
    message: string,
    readonly serverTime?: number,
  ) {
    super(status === 401 ? 'UNAUTHORIZED' : 'PERMISSION_DENIED', message);
  }
}

/**
 * isCredentialFailure tells the refusals that count toward an IP's failure limit: a missing, malformed,
 * unknown or wrongly signed credential. A clock refusal (the phone re-signs with the server's time) and a
 * released phone's 403 (a valid signature) do not.
 */
export const isCredentialFailure = (err: unknown) => err instanceof AgentRefusal && err.statusCode === 401 && err.serverTime === undefined;

export const sha256Hex = (body: Uint8Array | string) => createHash('sha256').update(body).digest('hex');
const EMPTY_SHA256 = sha256Hex('');

/** parsePublicKey accepts only an ECDSA P-256 SPKI key: what AndroidKeyStore generates everywhere (API 23+). */
export function parsePublicKey(spkiBase64: string): KeyObject | null {
  try {
    const key = createPublicKey({ key: Buffer.from(spkiBase64, 'base64'), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1' ? key : null;
  } catch {
    return null;
  }
}

/**
 * createAgentAuthenticator checks a signed agent request (docs/android-agent-protocol.md §Authentication):
 * `Authorization: AgentSig device="…", ts="…", sig="…"`, an ECDSA P-256 signature over method, path, time and
 * the body's SHA-256 with the key the agent generated at enrolment. The server stores only public keys, so a
 * copy of the database cannot impersonate a phone. Refusals never say which part failed.
 */
export function createAgentAuthenticator(db: Db) {
  // Parsed keys are kept per device; the row is still read on every request, so a revocation takes effect at once.
  const keyCache = new Map<string, { spki: string; key: KeyObject }>();

  return {
    async verify(req: { method: string; path: string; authorization: string | undefined; body?: Uint8Array | string }): Promise<AgentIdentity> {
      const auth = parseAuthorization(req.authorization);
      // The device id goes into a uuid column: anything else is refused before the database sees it.
      if (!auth || !UUID_RE.test(auth.deviceId)) throw new AgentRefusal(401, '缺少设备凭证或凭证格式有误');
      const now = Date.now();
      if (Math.abs(now - auth.ts) > CLOCK_SKEW_MS) throw new AgentRefusal(401, '设备时间与服务器相差过大，请按服务器时间重新签名', now);
      const [row] = await db
        .select({
          publicKey: androidAgent.publicKey,
          revokedAt: androidAgent.revokedAt,
          storeId: androidDevice.storeId,
          enrollmentStatus: androidDevice.enrollmentStatus,
        })
        .from(androidAgent)
        .innerJoin(androidDevice, eq(androidDevice.id, androidAgent.deviceId))
        .where(eq(androidAgent.deviceId, auth.deviceId));
      if (!row) throw new AgentRefusal(401, '设备凭证无效');
      let cached = keyCache.get(auth.deviceId);
      if (!cached || cached.spki !== row.publicKey) {
        const key = parsePublicKey(row.publicKey);
        if (!key) throw new AgentRefusal(401, '设备凭证无效');
        cached = { spki: row.publicKey, key };
        if (keyCache.size > 50_000) keyCache.clear();
        keyCache.set(auth.deviceId, cached);
      }
      const bodyHash = req.body === undefined || req.body.length === 0 ? EMPTY_SHA256 : sha256Hex(req.body);
      const data = Buffer.from(signingString(req.method, req.path, auth.ts, bodyHash));
      let ok = false;
      try {
        ok = verify('sha256', data, cached.key, Buffer.from(auth.sig, 'base64'));
      } catch {
        ok = false;
      }
      if (!ok) throw new AgentRefusal(401, '设备凭证无效');
      // Checked after the signature, so only the phone itself learns that it was released.
      if (row.revokedAt || row.enrollmentStatus === EnrollmentStatus.RELEASED) throw new AgentRefusal(403, '设备已解除管理，凭证已吊销');
      return { deviceId: auth.deviceId, storeId: row.storeId };
    },
  };
}
export type AgentAuthenticator = ReturnType<typeof createAgentAuthenticator>;

import { hkdfSync } from 'node:crypto';
import type { DepServerToken } from '@lease/shared';
import { type DepClient, type SessionCache, createDepClient } from '../../adapters/dep/dep-client.ts';
import { type SecretBox, createSecretBox } from '../../secret-box.ts';
import type { AbmRepo } from './abm.repo.ts';

/** AbmGateway hands out a store's DEP client; activation lock and release reach Apple's ABM service through it. */
export interface AbmGateway {
  /** The store's DEP client, or null when the store has no ABM server token (UI: 未配置 ABM). */
  clientFor(storeId: string): Promise<DepClient | null>;
}

/**
 * abmSecretBox seals the stores' ABM private keys and server tokens with a key derived from the server's
 * API-secret key (HKDF, its own label), so these secrets never share a key with another purpose.
 */
export function abmSecretBox(apiSecretKey: Uint8Array): SecretBox {
  return createSecretBox(new Uint8Array(hkdfSync('sha256', apiSecretKey, new Uint8Array(0), 'zujibao abm server token v1', 32)));
}

/**
 * createAbmGateway builds DEP clients from the sealed tokens. Apple wants an auth session reused until it
 * expires, so each store's session token is kept in memory (per token: a new upload starts a new session).
 */
export function createAbmGateway(deps: { repo: AbmRepo; box: SecretBox; origin: string; fetch?: typeof fetch }) {
  const sessions = new Map<string, string>();
  return {
    async clientFor(storeId: string): Promise<DepClient | null> {
      const row = await deps.repo.get(storeId);
      if (!row?.tokenSealed) return null;
      const token = JSON.parse(deps.box.open(row.tokenSealed)) as DepServerToken;
      const key = `${storeId}:${token.access_token}`;
      const session: SessionCache = { get: () => sessions.get(key) ?? null, set: (t) => void (t ? sessions.set(key, t) : sessions.delete(key)) };
      return createDepClient({ origin: deps.origin, token, session, fetch: deps.fetch });
    },
  } satisfies AbmGateway;
}

import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { authorizationHeader, signingString } from '@lease/shared/agent-protocol';

/**
 * AgentSigner holds the agent's ECDSA P-256 key (on a real phone: AndroidKeyStore, non-exportable) and signs
 * requests as the protocol says: method, path with query, time and the body's SHA-256.
 */
export interface AgentSigner {
  publicKeySpki: string;
  /** PKCS#8 DER, base64: only so the simulator can persist itself to a JSON file. */
  privateKeyPkcs8: string;
  authorization(deviceId: string, method: string, path: string, body: string | undefined, now: number): string;
}

export function createAgentSigner(privateKeyPkcs8?: string): AgentSigner {
  const key = privateKeyPkcs8
    ? createPrivateKey({ key: Buffer.from(privateKeyPkcs8, 'base64'), format: 'der', type: 'pkcs8' })
    : generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
  return {
    publicKeySpki: (createPublicKey(key).export({ format: 'der', type: 'spki' }) as Buffer).toString('base64'),
    privateKeyPkcs8: (key.export({ format: 'der', type: 'pkcs8' }) as Buffer).toString('base64'),
    authorization(deviceId, method, path, body, now) {
      const bodyHash = createHash('sha256')
        .update(body ?? '')
        .digest('hex');
      const sig = sign('sha256', Buffer.from(signingString(method, path, now, bodyHash)), key).toString('base64');
      return authorizationHeader(deviceId, now, sig);
    },
  };
}

import fs from 'node:fs';
import type { Config } from '../../config.ts';
import { type EscrowUnlockClient, createEscrowUnlockClient, offlineEscrowUnlock } from './escrow-unlock-client.ts';

/**
 * escrowUnlockFromConfig uses Apple's service when the MDM push certificate and key are configured (Apple accepts
 * nothing else as the MDM server's identity); without them, the offline default tells the clerk it is not set up.
 */
export function escrowUnlockFromConfig(config: Config['activationLock']): EscrowUnlockClient {
  if (!config.certFile || !config.keyFile) return offlineEscrowUnlock;
  return createEscrowUnlockClient({
    origin: config.origin,
    tls: {
      certPem: fs.readFileSync(config.certFile, 'utf8'),
      keyPem: fs.readFileSync(config.keyFile, 'utf8'),
      ca: config.caFile ? fs.readFileSync(config.caFile, 'utf8') : undefined,
    },
  });
}

import fs from 'node:fs';
import type { Config } from '../../config.ts';
import { type ApnsPusher, offlinePusher } from './apns-pusher.ts';
import { createHttp2ApnsClient } from './http2-apns-client.ts';

/**
 * apnsFromConfig picks the push provider the operator configured: the MDM push certificate and key
 * (APNS_CERT_FILE + APNS_KEY_FILE), or a token key (APNS_AUTH_KEY_FILE + APNS_KEY_ID + APNS_TEAM_ID);
 * without either, pushes are not sent and the dev page says so.
 */
export function apnsFromConfig(config: Config['apns'], topic: string): ApnsPusher {
  if (config.certFile && config.keyFile) {
    return createHttp2ApnsClient({
      origin: config.origin,
      topic,
      auth: { kind: 'certificate', certPem: fs.readFileSync(config.certFile, 'utf8'), keyPem: fs.readFileSync(config.keyFile, 'utf8') },
    });
  }
  if (config.authKeyFile && config.keyId && config.teamId) {
    return createHttp2ApnsClient({
      origin: config.origin,
      topic,
      auth: { kind: 'token', keyPem: fs.readFileSync(config.authKeyFile, 'utf8'), keyId: config.keyId, teamId: config.teamId },
    });
  }
  return offlinePusher;
}

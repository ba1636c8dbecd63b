import type { Config } from '../../../config.ts';
import type { ApnsPusher } from '../../../adapters/apns/apns-pusher.ts';
import { createHttp2ApnsClient } from '../../../adapters/apns/http2-apns-client.ts';
import type { PushMaterial } from './push-cert-store.ts';

/**
 * createLivePusher holds the APNs client the MDM engine asks for on every wake, so a push certificate uploaded on
 * the operator console takes effect at once: the next push uses it, no restart. The old client's connection is
 * closed after the swap (pushes already in flight on it finish or fail into the retry path).
 */
export function createLivePusher(initial: ApnsPusher) {
  let current = initial;
  return {
    get: (): ApnsPusher => current,
    swap(next: ApnsPusher) {
      const old = current;
      current = next;
      void old.close().catch(() => undefined);
    },
    close: () => current.close(),
  };
}
export type LivePusher = ReturnType<typeof createLivePusher>;

/** apnsFromStored is the APNs client for the certificate uploaded on the operator console. */
export const apnsFromStored = (config: Config['apns'], material: PushMaterial, topic: string): ApnsPusher =>
  createHttp2ApnsClient({ origin: config.origin, topic, auth: { kind: 'certificate', certPem: material.certPem, keyPem: material.keyPem } });

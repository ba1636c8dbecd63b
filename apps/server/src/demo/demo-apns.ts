import { generateKeyPairSync } from 'node:crypto';
import { type MockApns, startMockApns } from '@lease/device-sim';
import type { ApnsPusher } from '../adapters/apns/apns-pusher.ts';
import { createHttp2ApnsClient } from '../adapters/apns/http2-apns-client.ts';

/**
 * startDemoApns runs the local APNs stand-in for the demo phones and an HTTP/2 client aimed at it: the
 * same client code real pushes use, labelled so the dev page never passes it off as Apple's service.
 */
export async function startDemoApns(topic: string): Promise<{ apns: MockApns; pusher: ApnsPusher }> {
  const apns = await startMockApns();
  const keyPem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const client = createHttp2ApnsClient({ origin: apns.origin, topic, auth: { kind: 'token', keyPem, keyId: 'DEMO', teamId: 'DEMO' } });
  const pusher: ApnsPusher = {
    label: `本地模拟 APNs（仅演示设备，${apns.origin}）`,
    live: false,
    push: (targets) => client.push(targets),
    close: async () => {
      await client.close();
      await apns.close();
    },
  };
  return { apns, pusher };
}

import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { createInterface } from 'node:readline';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createHttp2ApnsClient } from '../apps/server/src/adapters/apns/http2-apns-client.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const settled = async () => {
  for (let i = 0; i < 2; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 100));
  }
  return process.memoryUsage();
};

/**
 * One herd of n MDM pushes (checklist #13): the real HTTP/2 client, as the server builds it (token auth, 500 streams),
 * against the APNs stand-in in a child process, so this process's CPU and memory are the client's alone. Memory is
 * read after a forced GC before the herd and after it with the outcomes still held (what the push service holds).
 */
export async function benchApnsHerd(n = 10_000) {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./apns-standin.ts', import.meta.url).pathname], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const origin = (await lines.next()).value as string;
  const keyPem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const client = createHttp2ApnsClient({
    origin,
    topic: 'com.apple.mgmt.External.bench',
    auth: { kind: 'token', keyPem, keyId: 'B', teamId: 'B' },
    concurrency: 500,
  });
  const targets = Array.from({ length: n }, (_, i) => ({ tokenHex: i.toString(16).padStart(64, '0'), pushMagic: `magic-${i}` }));
  try {
    // Warm-up outside the window: the connection, the provider token, the JIT.
    await client.push(targets.slice(0, 200));
    const before = await settled();
    const cpu = process.cpuUsage();
    const start = performance.now();
    const outcomes = await client.push(targets);
    const seconds = (performance.now() - start) / 1000;
    const used = process.cpuUsage(cpu);
    const peak = process.memoryUsage();
    const after = await settled();
    child.stdin.write('count\n');
    const standInReceived = Number((await lines.next()).value) - 200;
    const sent = outcomes.filter((o) => o.status === 'sent').length;
    return {
      pushes: n,
      sent,
      standInReceived,
      seconds,
      perSecond: sent / seconds,
      cpuMsPerPush: (used.user + used.system) / 1000 / n,
      systemCpuMsPerPush: used.system / 1000 / n,
      rssDelta: after.rss - before.rss,
      heapDelta: after.heapUsed - before.heapUsed,
      peakRssDelta: peak.rss - before.rss,
      peakHeapDelta: peak.heapUsed - before.heapUsed,
    };
  } finally {
    await client.close();
    child.stdin.end();
  }
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * startReceiver is a store's webhook endpoint for tests: it records every POST and answers with the next
 * scripted status (the last one repeats), or never answers when the status is 0. It listens on loopback unless
 * given another `host` (the cluster test's nodes reach it from their own network namespaces).
 */
export async function startReceiver(script: number[] = [200], host = '127.0.0.1') {
  const received: Received[] = [];
  const statuses = [...script];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = statuses.length > 1 ? statuses.shift()! : statuses[0];
      if (status === 0) return; // hang: the sender's timeout must end it
      res.writeHead(status, status >= 300 && status < 400 ? { location: 'http://127.0.0.1:9/elsewhere' } : {}).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = '/hook?store=1') => `http://127.0.0.1:${port}${path}`,
    received,
    script(next: number[]) {
      statuses.splice(0, statuses.length, ...next);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

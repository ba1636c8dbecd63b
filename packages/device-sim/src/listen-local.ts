import type http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ListeningServer {
  /** http://host:port the stand-in answers on. */
  origin: string;
  /** close drops kept-alive connections too, so a test's teardown never waits on an idle socket. */
  close(): Promise<void>;
}

/** listenLocal starts a stand-in server on loopback (a random port unless one is given). */
export async function listenLocal(server: http.Server, options: { port?: number; host?: string } = {}): Promise<ListeningServer> {
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  return {
    origin: `http://${host}:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

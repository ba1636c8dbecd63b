import net from 'node:net';

/**
 * silentServer listens on a free loopback port, takes every connection and never answers: a database whose link is
 * cut after the handshake's first packet. `close` drops the connections it holds and stops listening.
 */
export async function silentServer() {
  const held: net.Socket[] = [];
  const server = net.createServer((socket) => void held.push(socket));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `postgres://u@127.0.0.1:${port}/db`,
    async close() {
      for (const socket of held) socket.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

import net from 'node:net';

/** TcpRelay forwards a port to another, and can cut the link the way a network partition does. */
export interface TcpRelay {
  port: number;
  /** cut stops every byte both ways and holds new connections unanswered, as a lost link does: nothing is closed. */
  cut(): void;
  /** heal lets the held bytes and connections through, as a link that came back does. */
  heal(): void;
  /** reset drops every connection now, as a kernel that gave up on a dead peer does; new ones are forwarded. */
  reset(): void;
  close(): Promise<void>;
}

/** startTcpRelay listens on a free loopback port (or `listenHost`) and forwards each connection to `target`. */
export async function startTcpRelay(target: { host: string; port: number }, listenHost = '127.0.0.1'): Promise<TcpRelay> {
  let isCut = false;
  const sockets = new Set<net.Socket>();
  const held: net.Socket[] = [];

  const link = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk) => {
      if (!to.write(chunk)) from.pause();
    });
    to.on('drain', () => {
      if (!isCut) from.resume();
    });
    from.on('close', () => to.destroy());
    from.on('error', () => to.destroy());
  };
  const connect = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    link(client, upstream);
    link(upstream, client);
  };

  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (isCut) {
      client.pause();
      held.push(client);
    } else connect(client);
  });
  await new Promise<void>((resolve) => server.listen(0, listenHost, resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      isCut = true;
      for (const s of sockets) s.pause();
    },
    heal() {
      isCut = false;
      for (const s of sockets) s.resume();
      for (const client of held.splice(0)) {
        if (client.destroyed) continue;
        connect(client);
        client.resume();
      }
    },
    reset() {
      for (const s of sockets) s.destroy();
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

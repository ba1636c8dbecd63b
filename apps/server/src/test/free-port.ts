import net from 'node:net';

/**
 * freePort asks the system for a loopback port nobody listens on. Ports derived from the process id once landed on
 * a local daemon's (epmd's 4369) and the server under test could not start.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

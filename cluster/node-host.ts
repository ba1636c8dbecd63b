import { execFileSync } from 'node:child_process';
import { startTcpRelay, type TcpRelay } from '../apps/server/src/test/tcp-relay.ts';

/**
 * NodeHost is where one server node of a test cluster runs, as if on a host of its own: its own network namespace
 * with two links to this machine, one to the load balancer and the phones ("front"), one to PostgreSQL ("db"), each
 * of which a test can cut like an unplugged cable. Where namespaces cannot be made (no root, no iproute2), the node
 * runs on loopback and only its database link can be cut, through a relay (`faults` says which).
 */
export interface NodeHost {
  /** Address the load balancer and the relays use to reach the node. */
  address: string;
  /** Command prefix that runs a program inside the host (empty on loopback). */
  command: string[];
  /**
   * This machine's address as the node sees it. Each node routes by default through its front link, so a service
   * of this machine listening on all addresses is reachable from every node at any node's gateway.
   */
  gateway: string;
  /** Address inside the node for PostgreSQL (a relay to the real server). */
  database: { host: string; port: number };
  faults: { database: boolean; front: boolean };
  /** expose makes a service of this machine (the APNs stand-in) reachable from the node; returns its address there. */
  expose(target: { host: string; port: number }): Promise<{ host: string; port: number }>;
  cutDatabase(): void;
  healDatabase(): void;
  cutFront(): void;
  healFront(): void;
  remove(): Promise<void>;
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });

/** namespacesAvailable tries to make and remove a namespace, the only sure test of the permission. */
export function namespacesAvailable(): boolean {
  const probe = `lease-probe-${process.pid}`;
  try {
    ip('netns', 'add', probe);
    ip('netns', 'del', probe);
    return true;
  } catch {
    return false;
  }
}

/**
 * createNodeHost makes host `index` (0-based) of this test process. Subnets carry the process id so parallel runs
 * do not meet: 10.<100+pid%50>.<index>.0/24 for the front link, 10.<150+pid%50>.<index>.0/24 for the database link.
 */
export async function createNodeHost(index: number, postgres: { host: string; port: number }, isolated: boolean): Promise<NodeHost> {
  const relays: TcpRelay[] = [];
  if (!isolated) {
    const db = await startTcpRelay(postgres);
    relays.push(db);
    return {
      address: '127.0.0.1',
      gateway: '127.0.0.1',
      command: [],
      database: { host: '127.0.0.1', port: db.port },
      faults: { database: true, front: false },
      expose: async (target) => target,
      cutDatabase: () => db.cut(),
      healDatabase: () => db.heal(),
      cutFront: () => {
        throw new Error('no network namespaces here: a node cannot be cut off from the phones');
      },
      healFront: () => {},
      remove: async () => db.close(),
    };
  }
  const tag = `${process.pid % 100_000}n${index}`;
  const ns = `lease${tag}`;
  const [front, back] = [100, 150].map((base) => `10.${base + (process.pid % 50)}.${index}`);
  const links = { front: `lf${tag}`, db: `ld${tag}` };
  try {
    ip('netns', 'add', ns);
    ip('-n', ns, 'link', 'set', 'lo', 'up');
    for (const [link, net] of [
      [links.front, front],
      [links.db, back],
    ] as const) {
      ip('link', 'add', link, 'type', 'veth', 'peer', 'name', `${link}i`, 'netns', ns);
      ip('addr', 'add', `${net}.1/24`, 'dev', link);
      ip('link', 'set', link, 'up');
      ip('-n', ns, 'addr', 'add', `${net}.2/24`, 'dev', `${link}i`);
      ip('-n', ns, 'link', 'set', `${link}i`, 'up');
    }
    // The store's webhook receiver and other outside services: out through the front link, as a host's default route.
    ip('-n', ns, 'route', 'add', 'default', 'via', `${front}.1`);
  } catch (err) {
    execFileSync('ip', ['netns', 'del', ns], { stdio: 'ignore' });
    throw err;
  }
  // PostgreSQL listens on loopback only: a relay on this side of the database link forwards to it.
  const db = await startTcpRelay(postgres, `${back}.1`);
  relays.push(db);
  return {
    address: `${front}.2`,
    gateway: `${front}.1`,
    command: ['ip', 'netns', 'exec', ns],
    database: { host: `${back}.1`, port: db.port },
    faults: { database: true, front: true },
    async expose(target) {
      const relay = await startTcpRelay(target, `${front}.1`);
      relays.push(relay);
      return { host: `${front}.1`, port: relay.port };
    },
    // A link taken down drops every packet both ways, without a FIN or a reset: the node's sockets just stall.
    cutDatabase: () => ip('link', 'set', links.db, 'down'),
    healDatabase: () => ip('link', 'set', links.db, 'up'),
    cutFront: () => ip('link', 'set', links.front, 'down'),
    healFront: () => ip('link', 'set', links.front, 'up'),
    async remove() {
      await Promise.all(relays.map((r) => r.close()));
      // Deleting the namespace deletes its ends of the veth pairs, and with them ours.
      execFileSync('ip', ['netns', 'del', ns], { stdio: 'ignore' });
    },
  };
}

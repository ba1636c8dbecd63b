import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { type AgentFleet, createAgentFleet, createSimFleet, type MockApns, type SimFleet, startMockApns } from '@lease/device-sim';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { store } from '../apps/server/src/domain/store.table.ts';
import { createStoreWithAdmin } from '../apps/server/src/modules/store/register-store.service.ts';
import { buildServer, type ServerProcess, spawnServer } from '../apps/server/src/test/server-process.ts';
import { freePort } from '../apps/server/src/test/free-port.ts';
import { createScratchDatabase } from '../apps/server/src/test/test-db.ts';
import { startHaproxy, type Haproxy } from './haproxy.ts';
import { createNodeHost, namespacesAvailable, type NodeHost } from './node-host.ts';

export interface ClusterOptions {
  /** Names the scratch database, DATA_DIR, MDM topic and APNs key. */
  name: string;
  nodes: number;
  iphones: number;
  agents: number;
  admin: { phone: string; password: string };
  /** Environment every node gets on top of the stage's own (job intervals, say). */
  env?: Record<string, string>;
  /** Environment of node `index` alone, on top of `env` (a file of its own, say). */
  nodeEnv?: (index: number) => Record<string, string>;
  /** What sets iPhone `i` apart (an older iOS, say). */
  iphone?: (i: number) => { osVersion?: string };
}

export interface ClusterNode {
  index: number;
  host: NodeHost;
  server: ServerProcess | null;
  /** Port the node listens on, inside its host. */
  port: number;
}

const POSTGRES = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * startClusterStage is the cluster of issue 31 on one machine: `nodes` server processes on one PostgreSQL database,
 * each on a host of its own where network namespaces can be made (node-host.ts), behind HAProxy (haproxy.ts), with
 * simulated iPhones enrolled and simulated Android agents connected through the load balancer, as phones in the
 * field reach a cluster. Nodes share DATA_DIR (the keys), PUBLIC_URL (the balancer) and the push settings.
 */
export async function startClusterStage(o: ClusterOptions) {
  const isolated = process.env.CLUSTER_NETNS !== '0' && namespacesAvailable();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lease-${o.name}-`));
  const scratch = await createScratchDatabase(POSTGRES, o.name);
  const database: Database = await openDatabase({ kind: 'postgres', url: scratch.url });
  const owner = await createStoreWithAdmin(database.db, { storeName: '集群门店', adminName: '集群', phoneNumber: o.admin.phone, password: o.admin.password });
  await database.db
    .update(store)
    .set({ deviceCount: o.iphones + o.agents + 10 })
    .where(eq(store.id, owner.storeId));

  const apns: MockApns = await startMockApns();
  const keyFile = path.join(dataDir, 'apns-token.p8');
  fs.writeFileSync(keyFile, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const lbPort = await freePort();
  const nodePort = 5700 + (process.pid % 300);
  const balancer = `http://127.0.0.1:${lbPort}`;
  const pg = new URL(scratch.url);
  const apnsUrl = new URL(apns.origin);

  // A build of its own: the nodes keep running from it while anything rebuilds apps/server/dist.
  const dist = `apps/server/.tmp/${o.name}-${process.pid}`;
  const nodes: ClusterNode[] = [];
  let lb: Haproxy | undefined;
  let token = '';
  /** api calls through the balancer, or one node's own address (`via`), as the admin. */
  const api = async <T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}, via?: ClusterNode) => {
    const origin = via ? via.server!.origin : balancer;
    const res = await fetch(`${origin}${url}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    const type = res.headers.get('content-type') ?? '';
    return { status: res.status, headers: res.headers, body: (type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer())) as T };
  };

  const envOf = async (node: ClusterNode) => {
    const db = new URL(scratch.url);
    db.hostname = node.host.database.host;
    db.port = String(node.host.database.port);
    const push = await node.host.expose({ host: apnsUrl.hostname, port: Number(apnsUrl.port) });
    return {
      DATABASE_URL: db.toString(),
      DATA_DIR: dataDir,
      PUBLIC_URL: balancer,
      TRUST_PROXY: '1',
      MDM_TOPIC: `com.apple.mgmt.External.${o.name}-test`,
      APNS_ORIGIN: `http://${push.host}:${push.port}`,
      APNS_AUTH_KEY_FILE: keyFile,
      APNS_KEY_ID: o.name.toUpperCase(),
      APNS_TEAM_ID: o.name.toUpperCase(),
      LOGIN_IP_LIMIT_PER_MINUTE: '100000',
      DEMO_DEVICES: '0',
      ...o.env,
      ...o.nodeEnv?.(node.index),
    };
  };
  const envs = new Map<number, Record<string, string>>();
  const start = async (node: ClusterNode) => {
    if (!envs.has(node.index)) envs.set(node.index, await envOf(node));
    node.server = await spawnServer(envs.get(node.index)!, node.port, {
      compiled: dist,
      command: node.host.command,
      address: isolated ? node.host.address : undefined,
      // CLUSTER_LOG_DIR=dir keeps each node's log (warnings and errors) as dir/node<i>.log.
      logFile: process.env.CLUSTER_LOG_DIR ? path.join(process.env.CLUSTER_LOG_DIR, `node${node.index}.log`) : undefined,
    });
  };

  const stage = {
    isolated,
    balancer,
    database,
    nodes,
    apns,
    api,
    iphones: undefined as unknown as SimFleet,
    agents: undefined as unknown as AgentFleet,
    /** kill stops a node with a signal and waits for its exit. */
    async kill(node: ClusterNode, signal: NodeJS.Signals = 'SIGKILL') {
      await node.server?.kill(signal);
      node.server = null;
    },
    /** restart starts a stopped node again on its host, with its environment (a new build: a fresh process). */
    restart: (node: ClusterNode) => start(node),
    async close() {
      await stage.iphones?.stop();
      await stage.agents?.stop();
      await Promise.all(nodes.map((n) => n.server?.kill('SIGTERM')));
      await lb?.stop();
      await Promise.all(nodes.map((n) => n.host.remove()));
      await apns.close();
      await database.close();
      await scratch.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(path.resolve(import.meta.dirname, '..', dist), { recursive: true, force: true });
    },
  };

  try {
    // Nodes run the compiled server, as `npm start` does: a node restarts in seconds, not after transpiling.
    buildServer(dist);
    for (let i = 0; i < o.nodes; i++) {
      const host = await createNodeHost(i, { host: pg.hostname, port: Number(pg.port || 5432) }, isolated);
      // On loopback the nodes share one address and need a port each; on hosts of their own they can all use one.
      nodes.push({ index: i, host, server: null, port: isolated ? nodePort : nodePort + 1 + i });
    }
    // The first node makes the keys in DATA_DIR and runs the migrations; the others then find both done.
    await start(nodes[0]);
    await Promise.all(nodes.slice(1).map(start));
    lb = await startHaproxy(dataDir, {
      listen: { host: '127.0.0.1', port: lbPort },
      backends: nodes.map((n) => ({ name: `node${n.index}`, host: n.host.address, port: n.port })),
      // CLUSTER_LOG_DIR=dir also keeps the balancer's log of every request as dir/haproxy.log.
      logFile: process.env.CLUSTER_LOG_DIR ? path.join(process.env.CLUSTER_LOG_DIR, 'haproxy.log') : undefined,
    });
    token = (await api<{ access_token: string }>('POST', '/api/auth/login', { account: o.admin.phone, password: o.admin.password })).body.access_token;

    const serials = Array.from({ length: o.iphones }, (_, i) => `CL${String(i).padStart(10, '0')}`);
    const links = new Map<string, string>();
    for (let i = 0; i < o.iphones; i += 200) {
      const res = await api<{ list: { serial_number: string; enroll_link: string }[] }>('POST', '/api/device/ios/new', {
        serial_numbers: serials.slice(i, i + 200),
      });
      for (const d of res.body.list) links.set(d.serial_number, d.enroll_link.split('/enroll/')[1]);
    }
    stage.iphones = await createSimFleet({
      count: o.iphones,
      mockApns: apns,
      concurrency: 8,
      pollIntervalMs: 30_000,
      phone: (i) => ({ serialNumber: serials[i], retry: { initialMs: 200, maxMs: 2000 }, ...o.iphone?.(i) }),
      profileProvider: async (serial) => (await api<Buffer>('GET', `/api/enroll/profile?code=${links.get(serial)}`)).body,
    });
    stage.agents = await createAgentFleet({
      serverUrl: balancer,
      count: o.agents,
      concurrency: 8,
      issueToken: async () => (await api<{ token: string }>('POST', '/api/device/android/enroll-token', {})).body.token,
      agent: { pollMs: 3_600_000, checkinMs: 600_000 },
    });
  } catch (err) {
    await stage.close();
    throw err;
  }
  return stage;
}
export type ClusterStage = Awaited<ReturnType<typeof startClusterStage>>;

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface Backend {
  name: string;
  host: string;
  port: number;
}

/** backend is one pool of the same nodes, health-checked, each back from a restart taking a growing share over 10 s. */
function backend(name: string, balance: string) {
  return [
    `backend ${name}`,
    `  balance ${balance}`,
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    '  default-server inter 1s fastinter 500ms downinter 1s fall 2 rise 2 slowstart 10s on-marked-down shutdown-sessions',
  ];
}

/**
 * haproxyConfig is the load balancer of a cluster (docs/deploy/cluster.md explains each line): every node behind one
 * address, a node taken out when /api/health fails twice (a node closing for a restart or cut off from its database
 * answers 503), WebSockets of the Android agents kept for an hour, and a request whose connection a node refused
 * sent to another node. It never retries a request a node has started: the console does that itself where it is
 * safe (apps/web/src/api/client.ts).
 */
export function haproxyConfig(o: { listen: { host: string; port: number }; backends: Backend[]; statsPort?: number; traffic?: boolean }): string {
  const servers = o.backends.map((b) => `  server ${b.name} ${b.host}:${b.port} check`);
  return [
    'global',
    // Two descriptors per proxied connection within the default limit of 20,000: 2,000 agents per node with room.
    '  maxconn 9000',
    // `traffic`: every request with its node and timers (queue, connect, answer), to find where a slow one waited.
    `  log stderr format raw local0 ${o.traffic ? 'info' : 'warning'}`,
    '',
    'defaults',
    '  mode http',
    '  log global',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    // An agent's WebSocket is quiet for minutes between pings.
    '  timeout tunnel 1h',
    '  timeout http-keep-alive 10s',
    '  option forwardfor',
    ...(o.traffic ? ['  option httplog'] : []),
    // A refused or reset connection is tried again, on another node: the request never reached a handler.
    '  retries 2',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response',
    '',
    'frontend lease',
    `  bind ${o.listen.host}:${o.listen.port}`,
    '  use_backend agents if { path /agent/v1/ws }',
    '  default_backend requests',
    '',
    // Agents hold a WebSocket each for hours: the node with the fewest takes the next, so a restarted node fills up again.
    ...backend('agents', 'leastconn'),
    ...servers,
    '',
    // Requests go round: counted with the agents' sockets, the node with the fewest (the one just restarted, cold)
    // took nearly every request, and the clerks' reads there passed 10 s in a rolling upgrade at 2,000 + 2,000.
    ...backend('requests', 'roundrobin'),
    ...servers,
    ...(o.statsPort ? ['', 'listen stats', `  bind 127.0.0.1:${o.statsPort}`, '  stats enable', '  stats uri /', '  stats refresh 2s'] : []),
    '',
  ].join('\n');
}

export interface Haproxy {
  origin: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** startHaproxy writes the configuration to `dir`, starts HAProxy in the foreground and waits until it listens. */
export async function startHaproxy(dir: string, o: Parameters<typeof haproxyConfig>[0] & { logFile?: string }): Promise<Haproxy> {
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, haproxyConfig({ ...o, traffic: Boolean(o.logFile) }));
  const log = o.logFile ? fs.openSync(o.logFile, 'a') : 'inherit';
  // -q would silence the traffic log too.
  const child = spawn('haproxy', ['-db', ...(o.logFile ? [] : ['-q']), '-f', file], { stdio: ['ignore', 'ignore', log] });
  if (typeof log === 'number') fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await listening(o.listen.host, o.listen.port))) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}; configuration in ${file}`);
    if (Date.now() > deadline) throw new Error('haproxy did not start listening');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin: `http://${o.listen.host}:${o.listen.port}`,
    child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

function listening(host: string, port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

import http from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import client from 'prom-client';
import type { Db } from '../db/client.ts';
import type { Job } from '../jobs/scheduler.ts';

/**
 * CountablePusher is the shape of a push sender that countPushes wraps (adapters/apns' ApnsPusher): each
 * outcome carries its result as `status`. Declared here so the metrics need not import the adapter.
 */
export interface CountablePusher<T, O extends { status: string }> {
  readonly label: string;
  readonly live: boolean;
  push(targets: T[]): Promise<O[]>;
  close(): Promise<void>;
}

/** PoolStats is what node-postgres' Pool reports about its connections (PGlite has none). */
export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

export interface MetricsDeps {
  db: Db;
  /** Connected Android agents in this process (the WebSocket hub). */
  connectedAgents: () => number;
  pool?: PoolStats;
  /** Node's own figures (heap, event loop, GC); only when metrics are served, as they install observers. */
  processMetrics?: boolean;
}

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * createMetrics is the Prometheus registry (prom-client). Instrumentation stays here, in small wrappers the
 * composition root puts around what it already builds (the APNs pusher, the job list) and one onResponse hook:
 * no module counts anything itself. What the database already records (commands by status, webhook attempts
 * and backlog) is read from it at scrape time, so the figures are the fleet's, whichever process served them.
 */
export function createMetrics(deps: MetricsDeps) {
  const registry = new client.Registry();
  if (deps.processMetrics) client.collectDefaultMetrics({ register: registry, prefix: 'lease_' });
  const registers = [registry];

  const httpDuration = new client.Histogram({
    name: 'lease_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const pushes = new client.Counter({
    name: 'lease_apns_pushes_total',
    help: 'MDM wake-up pushes to APNs by result (sent, retry, dead, error)',
    labelNames: ['result'],
    registers,
  });
  const jobRuns = new client.Counter({ name: 'lease_job_runs_total', help: 'Periodic job runs by job', labelNames: ['job'], registers });
  const jobFailures = new client.Counter({ name: 'lease_job_failures_total', help: 'Periodic job runs that threw, by job', labelNames: ['job'], registers });

  new client.Gauge({
    name: 'lease_mdm_commands',
    help: 'Device commands in the database by platform, request type and status (queued, sent, not-now, acknowledged/done, error/failed, expired, cancelled)',
    labelNames: ['platform', 'request_type', 'status'],
    registers,
    async collect() {
      const apple = await rows<{ request_type: string; status: string; n: string }>(
        deps.db,
        sql`select request_type, status, count(*)::int as n from mdm_command group by 1, 2`,
      );
      const android = await rows<{ request_type: string; status: string; n: string }>(
        deps.db,
        sql`select type as request_type, status, count(*)::int as n from android_command group by 1, 2`,
      );
      this.reset();
      for (const r of apple) this.set({ platform: 'ios', request_type: r.request_type, status: r.status }, Number(r.n));
      for (const r of android) this.set({ platform: 'android', request_type: r.request_type, status: r.status }, Number(r.n));
    },
  });
  new client.Gauge({
    name: 'lease_webhook_deliveries',
    help: 'Webhook POSTs recorded, by result (ok: 2xx, failed: anything else or no answer)',
    labelNames: ['result'],
    registers,
    async collect() {
      const [r] = await rows<{ ok: number; failed: number }>(
        deps.db,
        sql`select count(*) filter (where status_code between 200 and 299)::int as ok, count(*) filter (where status_code is null or status_code not between 200 and 299)::int as failed from webhook_attempt`,
      );
      this.set({ result: 'ok' }, Number(r?.ok ?? 0));
      this.set({ result: 'failed' }, Number(r?.failed ?? 0));
    },
  });
  new client.Gauge({
    name: 'lease_webhook_backlog',
    help: 'Webhook events waiting to be delivered',
    registers,
    async collect() {
      const [r] = await rows<{ n: number }>(deps.db, sql`select count(*)::int as n from webhook_event where status = 'pending'`);
      this.set(Number(r?.n ?? 0));
    },
  });
  new client.Gauge({
    name: 'lease_android_agents_connected',
    help: 'Android agents holding a WebSocket to this process',
    registers,
    collect() {
      this.set(deps.connectedAgents());
    },
  });
  const pool = deps.pool;
  if (pool) {
    new client.Gauge({
      name: 'lease_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting: requests queued for a connection)',
      labelNames: ['state'],
      registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  return {
    registry,
    /** observeHttp times every request by its route pattern (not its URL, so ids do not explode the label set). */
    observeHttp(app: FastifyInstance) {
      app.addHook('onResponse', (request, reply, done) => {
        const route = request.routeOptions.url ?? 'unmatched';
        httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
        done();
      });
    },
    /** countPushes wraps the APNs pusher: every target's outcome is counted by result. */
    countPushes<T, O extends { status: string }>(pusher: CountablePusher<T, O>): CountablePusher<T, O> {
      return {
        get label() {
          return pusher.label;
        },
        get live() {
          return pusher.live;
        },
        close: () => pusher.close(),
        async push(targets) {
          try {
            const outcomes = await pusher.push(targets);
            for (const o of outcomes) pushes.inc({ result: o.status });
            return outcomes;
          } catch (err) {
            pushes.inc({ result: 'error' }, targets.length);
            throw err;
          }
        },
      };
    },
    /** countJobs wraps the job list handed to startJobs: runs and failures by job name. */
    countJobs(jobs: Job[]): Job[] {
      return jobs.map((job) => ({
        ...job,
        async run() {
          jobRuns.inc({ job: job.name });
          try {
            return await job.run();
          } catch (err) {
            jobFailures.inc({ job: job.name });
            throw err;
          }
        },
      }));
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * registerMetricsRoute serves GET /metrics on the main port only when METRICS_TOKEN is set, and then only to
 * `Authorization: Bearer <token>`; without a token the path does not exist (404). Never open by default.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) return reply.code(404).send({ statusCode: 404, code: 'NOT_FOUND', message: '接口不存在：GET /metrics' });
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameSecret(given, token))
      return reply.code(401).header('www-authenticate', 'Bearer').send({ statusCode: 401, code: 'UNAUTHORIZED', message: '需要监控令牌（METRICS_TOKEN）' });
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

/** startMetricsServer serves /metrics on its own port (METRICS_PORT), on loopback unless METRICS_HOST says otherwise. */
export async function startMetricsServer(metrics: Metrics, port: number, host: string) {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, () => resolve()));
  return { port: (server.address() as { port: number }).port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

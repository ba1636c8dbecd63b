import net from 'node:net';
import pg from 'pg';

export const DB_UNREACHABLE_MESSAGE = '数据库暂时无法连接，请稍后重试';

/** Seconds a client is told to wait (Retry-After) while the database cannot be reached. */
export const DB_RETRY_AFTER_S = 5;

type DriverError = { code?: unknown; message?: unknown; cause?: unknown };

/** Socket failures on the way to PostgreSQL. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATEs of a server that is going away or full: shutdown, crash, starting up, too many connections. */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres and pg-pool say these in words only: the pool's and the query's timeouts, a dropped socket. */
const DRIVER_MESSAGES = /Query read timeout|timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error/;

/**
 * isDatabaseUnreachable tells a failure to reach PostgreSQL (cut off, restarting, full) from a statement the
 * database refused: the first is a 503 the client may retry, the second stays what it was. It walks the causes,
 * as Drizzle wraps the driver's error.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  for (let e = err as DriverError | undefined, depth = 0; e && typeof e === 'object' && depth < 10; e = e.cause as DriverError | undefined, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08')) return true;
    if (typeof e.message === 'string' && DRIVER_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** DatabaseWatch knows whether this node can reach PostgreSQL, so requests fail at once instead of waiting on the pool. */
export interface DatabaseWatch {
  readonly reachable: boolean;
  /** suspect is called when a request failed to reach the database: probe now, and keep probing until it answers. */
  suspect(): void;
  close(): void;
}

/**
 * createDatabaseWatch probes on a connection of its own (never one of the pool's, which may be the stuck ones): a
 * failed probe marks the database unreachable and probes again every `retryMs` until one succeeds. While reachable
 * it costs nothing; it starts probing only when a request saw the database fail.
 */
export function createDatabaseWatch(probe: () => Promise<void>, options: { retryMs?: number; onChange?: (reachable: boolean) => void } = {}): DatabaseWatch {
  let reachable = true;
  let probing = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    if (probing || closed) return;
    probing = true;
    let ok: boolean;
    try {
      await probe();
      ok = true;
    } catch {
      ok = false;
    }
    probing = false;
    if (closed) return;
    if (ok !== reachable) {
      reachable = ok;
      options.onChange?.(ok);
    }
    if (!ok) {
      timer = setTimeout(() => void run(), options.retryMs ?? 2_000);
      timer.unref();
    }
  };
  return {
    get reachable() {
      return reachable;
    },
    suspect: () => void run(),
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}

/**
 * pgProbe first opens a bare TCP connection within `linkMs` (the kernel answers that even when PostgreSQL is busy, so
 * a cut link shows in seconds), then connects afresh and runs `select 1`, both bounded by `timeoutMs`, which leaves a
 * loaded server time to start a backend.
 */
export function pgProbe(url: string, timeoutMs: number, linkMs = 2_000) {
  const { hostname, port } = new URL(url);
  return async () => {
    if (hostname) await reachTcp(hostname, Number(port || 5432), Math.min(linkMs, timeoutMs));
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
    // A socket error after connect would otherwise be an unhandled 'error' event.
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
    } finally {
      await client.end().catch(() => {});
    }
  };
}

function reachTcp(host: string, port: number, timeoutMs: number) {
  return new Promise<void>((resolve, reject) => {
    const socket = net.connect({ host, port, timeout: timeoutMs });
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('timeout', () => {
      socket.destroy();
      reject(Object.assign(new Error(`no TCP answer from ${host}:${port} in ${timeoutMs} ms`), { code: 'ETIMEDOUT' }));
    });
    socket.once('error', reject);
  });
}

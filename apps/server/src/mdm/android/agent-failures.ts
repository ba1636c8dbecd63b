import type { IncomingMessage } from 'node:http';

/** FailureLimit: an IP whose agent credentials failed `max` times within `windowMs` waits out the window. */
export interface FailureLimit {
  max: number;
  windowMs: number;
}

/**
 * Thirty bad credentials a minute is far above what real phones behind one carrier NAT produce (a phone
 * only fails after its credential was revoked or its key lost, and then backs off), and far below what
 * guessing needs.
 */
export const AGENT_FAILURE_LIMIT: FailureLimit = { max: 30, windowMs: 60_000 };

/** Beyond this many IPs the counter forgets the expired ones, then everyone: memory stays bounded under a spray. */
const MAX_TRACKED = 100_000;

/**
 * createFailureCounter counts failed agent credentials per client IP in fixed windows (one process; each
 * server process keeps its own). Only failures count, so a success never resets a guesser's count.
 */
export function createFailureCounter(limit: FailureLimit = AGENT_FAILURE_LIMIT, now: () => number = Date.now) {
  const byIp = new Map<string, { count: number; until: number }>();

  function current(ip: string) {
    const entry = byIp.get(ip);
    if (entry && entry.until <= now()) {
      byIp.delete(ip);
      return undefined;
    }
    return entry;
  }

  function prune() {
    const t = now();
    for (const [ip, entry] of byIp) if (entry.until <= t) byIp.delete(ip);
    if (byIp.size >= MAX_TRACKED) byIp.clear();
  }

  return {
    /** retryAfter is how many seconds the IP must wait before its credentials are looked at again; 0 when it may try. */
    retryAfter(ip: string): number {
      const entry = current(ip);
      return entry && entry.count >= limit.max ? Math.max(1, Math.ceil((entry.until - now()) / 1000)) : 0;
    },
    fail(ip: string) {
      const entry = current(ip);
      if (entry) {
        entry.count += 1;
        return;
      }
      if (byIp.size >= MAX_TRACKED) prune();
      byIp.set(ip, { count: 1, until: now() + limit.windowMs });
    },
  };
}
export type FailureCounter = ReturnType<typeof createFailureCounter>;

/** TOO_MANY_FAILURES is the refusal an IP gets while it waits (HTTP 429 with Retry-After). */
export const TOO_MANY_FAILURES = '设备凭证校验失败次数过多，请稍后再试';

/**
 * upgradeClientIp is the caller's address for a WebSocket upgrade, which bypasses Fastify: behind a
 * trusted proxy (TRUST_PROXY) the left-most X-Forwarded-For entry, as Fastify's request.ip reads it.
 */
export function upgradeClientIp(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers['x-forwarded-for'];
  const first = trustProxy && typeof forwarded === 'string' ? forwarded.split(',')[0].trim() : '';
  return first || req.socket.remoteAddress || '';
}

import type { IncomingMessage } from 'node:http';
import { parseAuthorization } from '@lease/shared/agent-protocol';

/** FailureLimit: a key (an IP, or an IP and the device it claims) that failed `max` times within `windowMs` waits out the window. */
export interface FailureLimit {
  max: number;
  windowMs: number;
}

/**
 * Agent credential failures are counted twice, because a store's phones share one Wi-Fi (one NAT address):
 * - per address and claimed device: 10 a minute. A real phone fails only after its credential was revoked or its
 *   key lost, and then backs off; one failing cycle is a handful of calls (policy, check-in, socket, commands),
 *   so 10 leaves room for two cycles while a broken or hostile agent is stopped within seconds, alone.
 * - per address: 200 a minute, a loose ceiling. A stopped agent adds no more failures, so 20 distinct failing
 *   devices behind one address are needed to reach it; below it the neighbours of a broken phone go on. It
 *   still bounds what one address can make the server verify (an id sprayer), far below what guessing needs.
 */
export const AGENT_FAILURE_LIMITS: { perDevice: FailureLimit; perAddress: FailureLimit } = {
  perDevice: { max: 10, windowMs: 60_000 },
  perAddress: { max: 200, windowMs: 60_000 },
};

/** Beyond this many keys the counter forgets the expired ones, then everyone: memory stays bounded under a spray. */
const MAX_TRACKED = 100_000;

/**
 * createFailureCounter counts failures per key (a client IP) in fixed windows (one process; each server process
 * keeps its own). Only failures count, so a success never resets a guesser's count.
 */
export function createFailureCounter(limit: FailureLimit, now: () => number = Date.now) {
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

/**
 * claimedDevice is who a signed agent call says it is (the AgentSig device id), '' when the header is missing or
 * malformed (those all share one count per address). Unverified: it only picks the counter, never grants anything.
 */
export const claimedDevice = (authorization: string | undefined): string => parseAuthorization(authorization)?.deviceId ?? '';

/**
 * createAgentFailures counts agent credential failures per (address, claimed device) and, more loosely, per
 * address (AGENT_FAILURE_LIMITS): one misbehaving agent waits alone instead of blocking every phone on its Wi-Fi.
 */
export function createAgentFailures(limits = AGENT_FAILURE_LIMITS, now: () => number = Date.now) {
  const byDevice = createFailureCounter(limits.perDevice, now);
  const byAddress = createFailureCounter(limits.perAddress, now);
  // Claimed ids are at most 36 characters (parseAuthorization); enrolment tokens are cut to bound the key.
  const pair = (ip: string, claimed: string) => `${ip}|${claimed.slice(0, 64)}`;
  return {
    /** retryAfter is how many seconds this caller waits before its credentials are looked at again; 0 when it may try. */
    retryAfter: (ip: string, claimed: string): number => Math.max(byAddress.retryAfter(ip), byDevice.retryAfter(pair(ip, claimed))),
    fail(ip: string, claimed: string) {
      byDevice.fail(pair(ip, claimed));
      byAddress.fail(ip);
    },
  };
}
export type AgentFailures = ReturnType<typeof createAgentFailures>;

/** TOO_MANY_FAILURES is the refusal a caller gets while it waits (HTTP 429 with Retry-After). */
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

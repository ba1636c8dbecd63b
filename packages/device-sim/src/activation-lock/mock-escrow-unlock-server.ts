import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { BYPASS_CODE_PATTERN, type EscrowUnlockRequest, escrowKeyOfCode } from '@lease/shared';
import { listenLocal } from '../listen-local.ts';

/** EscrowUnlockAttempt is what the stand-in saw of one request, and how it answered. */
export interface EscrowUnlockAttempt extends EscrowUnlockRequest {
  /** Subject CN of the TLS client certificate (the MDM push certificate), when one was presented. */
  clientCertSubject?: string;
  status: number;
  /** Which lock the code opened: the organisation's (ABM) or the phone's own (查找). */
  opened?: 'abm' | 'device';
  at: Date;
}

/**
 * AbmLockBook is where the organisation's ABM locks live: by serial, the escrow key (PBKDF2 hash) Apple got with
 * `POST /device/activationlock`. The DEP stand-in's `activationLocks` map is one; an unlock removes the entry.
 */
export interface AbmLockBook {
  get(serial: string): { escrow_key?: string } | undefined;
  delete(serial: string): boolean;
}

export interface MockEscrowUnlockOptions {
  /** Serve HTTPS; `requestCert` demands a client certificate as Apple does (403 without one). */
  tls?: { key: string; cert: string; ca?: string; requestCert?: boolean };
  abmLocks?: AbmLockBook;
  /** A scripted HTTP status instead of the real check (e.g. 503); undefined lets the request through. */
  fault?: (attempt: Omit<EscrowUnlockAttempt, 'status' | 'opened' | 'at'>) => number | undefined;
}

/**
 * startMockEscrowUnlock runs a local server in the place of Apple's escrow-key unlock service
 * (`POST /deviceservicesworkers/escrowKeyUnlock`): serial and productType (and IMEIs) in the query, orgName, guid
 * and the dashed bypass code as escrowKey in the form body. It opens a lock when the code hashes to the escrow key
 * the organisation locked the serial with through ABM, or equals the code the phone itself escrowed to Apple when
 * its user turned on 查找 (`lockByDevice`); otherwise 404, as Apple answers "escrow key mismatch". Every attempt is
 * recorded, successful ones also in `unlocked`.
 */
export async function startMockEscrowUnlock(options: MockEscrowUnlockOptions = {}) {
  const attempts: EscrowUnlockAttempt[] = [];
  const unlocked: EscrowUnlockAttempt[] = [];
  const abmLocks: AbmLockBook = options.abmLocks ?? new Map<string, { escrow_key?: string }>();
  const deviceLocks = new Map<string, string>();
  let fault = options.fault;

  async function decide(attempt: Omit<EscrowUnlockAttempt, 'status' | 'opened' | 'at'>): Promise<Pick<EscrowUnlockAttempt, 'status' | 'opened'>> {
    const scripted = fault?.(attempt);
    if (scripted) return { status: scripted };
    if (!attempt.serial || !attempt.productType || !attempt.orgName || !attempt.guid || !attempt.escrowKey) return { status: 400 };
    const code = attempt.escrowKey.trim().toUpperCase();
    if (!BYPASS_CODE_PATTERN.test(code)) return { status: 404 };
    const abm = abmLocks.get(attempt.serial)?.escrow_key;
    if (abm && abm.toLowerCase() === (await escrowKeyOfCode(code))) {
      abmLocks.delete(attempt.serial);
      return { status: 200, opened: 'abm' };
    }
    if (deviceLocks.get(attempt.serial) === code) {
      deviceLocks.delete(attempt.serial);
      return { status: 200, opened: 'device' };
    }
    return { status: 404 };
  }

  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://stand-in');
        if (req.method !== 'POST' || url.pathname !== '/deviceservicesworkers/escrowKeyUnlock') {
          res.writeHead(404).end();
          return;
        }
        const socket = req.socket as TLSSocket;
        const peer = typeof socket.getPeerCertificate === 'function' ? socket.getPeerCertificate() : undefined;
        const clientCertSubject = peer && 'subject' in peer && peer.subject ? String(peer.subject.CN) : undefined;
        if (options.tls?.requestCert && !clientCertSubject) {
          res.writeHead(403).end();
          return;
        }
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        const q = url.searchParams;
        const optional = (name: string) => q.get(name) || undefined;
        const seen = {
          serial: q.get('serial') ?? '',
          productType: q.get('productType') ?? '',
          imei: optional('imei'),
          imei2: optional('imei2'),
          meid: optional('meid'),
          orgName: form.get('orgName') ?? '',
          guid: form.get('guid') ?? '',
          escrowKey: form.get('escrowKey') ?? '',
          clientCertSubject,
        };
        const decision = await decide(seen);
        const attempt: EscrowUnlockAttempt = { ...seen, ...decision, at: new Date() };
        attempts.push(attempt);
        if (decision.status === 200) unlocked.push(attempt);
        res.writeHead(decision.status, { 'content-type': 'text/plain' }).end(decision.status === 200 ? 'OK' : 'escrow key mismatch');
      })();
    });
  };

  const server = options.tls ? https.createServer({ ...options.tls, rejectUnauthorized: false }, handler) : http.createServer(handler);
  const listening = await listenLocal(server);
  const { port } = server.address() as AddressInfo;

  return {
    origin: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    attempts,
    unlocked,
    /** lockByDevice: the phone's user turned on 查找, so Apple holds the phone's own bypass code for its serial. */
    lockByDevice(serial: string, bypassCode: string) {
      deviceLocks.set(serial, bypassCode.toUpperCase());
    },
    /** isLocked: Apple would still ask for an Apple ID or bypass code when the phone is set up. */
    isLocked: (serial: string) => Boolean(abmLocks.get(serial)) || deviceLocks.has(serial),
    setFault(next: MockEscrowUnlockOptions['fault']) {
      fault = next;
    },
    close: listening.close,
  };
}
export type MockEscrowUnlock = Awaited<ReturnType<typeof startMockEscrowUnlock>>;

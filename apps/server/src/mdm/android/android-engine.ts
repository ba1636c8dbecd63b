import type { FastifyBaseLogger } from 'fastify';
import type { AndroidCommandType } from '@lease/shared/agent-protocol';
import type { Database, Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { Job } from '../../jobs/scheduler.ts';
import type { Secrets } from '../../secrets.ts';
import { type HubOptions, createAgentHub } from './agent-hub.ts';
import { createAgentAuthenticator } from './agent-auth.ts';
import { createAgentFailures } from './agent-failures.ts';
import { type FanOut, createAndroidQueueRepo } from './android-queue.repo.ts';
import { createCheckinService } from './checkin.service.ts';
import { createDevKeyBox } from './device-keys.ts';
import { createEnrollTokenService } from './enroll-token.service.ts';
import { createEnrolmentService } from './enrolment.service.ts';
import { createPasscodeService } from './passcode.service.ts';
import { createResultSink } from './result-sink.ts';
import { createWakeBus } from './wake-bus.ts';

export type { AndroidCommandType } from '@lease/shared/agent-protocol';

/** Tx is the caller's transaction (or the db): enqueueIn only inserts and updates. */
export type AndroidTx = Pick<Db, 'insert' | 'select' | 'update' | 'execute'>;

export interface AndroidEngineDeps {
  db: Db;
  log: FastifyBaseLogger;
  publicUrl: () => string;
  /** The store's own enrolment base URL (its white-label host, else PUBLIC_URL) for its QR codes; PUBLIC_URL without it. */
  enrolmentBaseUrl?: (storeId: string) => Promise<string>;
  secrets: Pick<Secrets, 'androidDevKey'>;
  database: Database;
  /** postgres:// URL for the dedicated LISTEN client (cross-process wake-ups); unset on PGlite. */
  databaseUrl?: string;
  /** Where the agent APK may be dropped (DATA_DIR/android-agent/agent.apk) for the QR download. */
  dataDir?: string;
  /** WebSocket tuning (tests and the benchmark). */
  hub?: Pick<HubOptions, 'heartbeatMs' | 'sweepMs' | 'admission' | 'maxVerifying'>;
  /** TRUST_PROXY, for the IP of a WebSocket upgrade (which Fastify does not see). */
  trustProxy?: boolean;
  /** Devices per fan-out transaction (FAN_OUT_SLICE; tests use a small one to cross slices). */
  fanOutSlice?: number;
}

export interface AndroidEngine {
  commander: {
    /** Queue commands in the caller's transaction, each bound to its operation-log row. */
    enqueueIn(tx: AndroidTx, cmds: { deviceId: string; type: AndroidCommandType; payload?: Record<string, unknown>; operationLogId?: string }[]): Promise<void>;
    /**
     * One command to many devices of a store (with operation logs), committed and woken slice by slice; returns
     * the ids queued. Each phone's command stands alone: an error part-way leaves the slices before it queued.
     */
    fanOut(fanOut: FanOut): Promise<string[]>;
    /** After commit: wake the agents wherever their WebSocket lives (PostgreSQL NOTIFY; in-process on PGlite). */
    wake(deviceIds: string[]): void;
  };
  enrollTokens: {
    /** One-time enrolment token for the console's QR code (store, clerk to assign, expiry). */
    issue(
      auth: AuthContext,
      opts: { forClerkId?: string | null; channel?: number },
    ): Promise<{ token: string; expires_at: string; qr_payload: string; download_url: string }>;
  };
  passcodes: {
    /** Offline code for the challenge the locked phone shows (DESIGN §6, brief §5). Throws a Chinese 400 on a malformed challenge. */
    compute(deviceId: string, purpose: 'unlock' | 'deregulate', challenge: string, grantDays?: number): Promise<string>;
  };
  close(): Promise<void>;
}

/**
 * FAN_OUT_SLICE devices are queued per transaction: the first phones are already locking while PostgreSQL
 * writes the next slice, instead of every phone waiting for one long statement.
 */
export const FAN_OUT_SLICE = 1000;

/**
 * createAndroidEngine wires the Android agent gateway: command queue, WebSocket hub, wake-ups across
 * processes, enrolment, check-ins, results and offline passcodes. The console's services see only the
 * AndroidEngine interface; `gateway` is what the agent routes use.
 */
export function createAndroidEngine(deps: AndroidEngineDeps) {
  const { db } = deps;
  const queue = createAndroidQueueRepo(db);
  const keys = createDevKeyBox(deps.secrets.androidDevKey);
  const auth = createAgentAuthenticator(db);
  const results = createResultSink({ db, log: deps.log });
  const failures = createAgentFailures();
  const hub = createAgentHub({
    db,
    auth,
    queue,
    results,
    failures,
    trustProxy: deps.trustProxy,
    log: deps.log,
    publicUrl: deps.publicUrl,
    ...deps.hub,
  });
  const bus = createWakeBus({ database: deps.database, databaseUrl: deps.databaseUrl, log: deps.log });
  bus.subscribe(
    (ids) => hub.deliver(ids),
    () => hub.resync(),
  );
  const enrollTokens = createEnrollTokenService({ db, publicUrl: deps.publicUrl, baseUrlFor: deps.enrolmentBaseUrl, dataDir: deps.dataDir });
  let closed: Promise<void> | null = null;

  const engine = {
    commander: {
      enqueueIn: (tx: AndroidTx, cmds: Parameters<AndroidEngine['commander']['enqueueIn']>[1]) => queue.insert(tx, cmds),
      async fanOut(f: FanOut): Promise<string[]> {
        const slice = deps.fanOutSlice ?? FAN_OUT_SLICE;
        const queued: string[] = [];
        for (let i = 0; i < f.deviceIds.length; i += slice) {
          const ids = await db.transaction((tx) => queue.fanOut(tx, { ...f, deviceIds: f.deviceIds.slice(i, i + slice) }));
          bus.publish(ids);
          queued.push(...ids);
        }
        return queued;
      },
      wake: (deviceIds: string[]) => bus.publish(deviceIds),
    },
    enrollTokens,
    passcodes: createPasscodeService({ db, keys }),
    /** Periodic work for the server's job runner: commands past their expiry fail their operations. */
    jobs: [{ name: 'android-expire-commands', everyMs: 60_000, run: () => queue.expire() }] satisfies Job[],
    gateway: {
      db,
      auth,
      failures,
      queue,
      hub,
      results,
      enrollTokens,
      publicUrl: deps.publicUrl,
      dataDir: deps.dataDir,
      enrolment: createEnrolmentService({ db, keys, publicUrl: deps.publicUrl }),
      checkins: createCheckinService({ db, queue }),
      /** Whether this node's database queue is backed up (Database.backedUp): check-ins and policy reads wait. */
      busy: deps.database.backedUp ?? (() => false),
    },
    /** close says goodbye to every agent (spread reconnects), records results in flight, stops listening. */
    close(): Promise<void> {
      closed ??= (async () => {
        await hub.close();
        await results.idle();
        await bus.close();
      })();
      return closed;
    },
  } satisfies AndroidEngine & Record<string, unknown>;
  return engine;
}
export type AndroidEngineInternal = ReturnType<typeof createAndroidEngine>;
export type AgentGateway = AndroidEngineInternal['gateway'];

import { and, eq } from 'drizzle-orm';
import type { CommandAnswer } from '@lease/shared';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { AuthContext } from '../http/authz.ts';
import { type IdempotencyKey, assertSameRequest } from './idempotency.ts';
import { operationLog } from './operation-log.table.ts';

export type OperationTx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** OperationResult is the answer of a device operation, the shared CommandAnswer. */
export type OperationResult = CommandAnswer;

/** DeviceOperation is the operation-log row a console action writes; platform decides which device table it names. */
export interface DeviceOperation {
  platform: 'ios' | 'android';
  deviceId: string;
  action: string;
  status: number;
  detail?: Record<string, unknown>;
  result?: string;
  scheduledAt?: Date | null;
  /** The client's Idempotency-Key: a replay answers with the first operation instead of doing it again. */
  idempotencyKey?: IdempotencyKey;
}

export interface OperationSteps {
  /** Runs in the operation's transaction after its log row exists: queue the command, write the desired state. */
  inTx?: (tx: OperationTx, operationLogId: string) => Promise<void>;
  /** Runs after commit only (never for a replay): wake the phone. */
  afterCommit?: () => void;
}

/**
 * replayedOperation finds the operation an Idempotency-Key already produced in the store. Services whose
 * state checks would refuse a repeat (监管 twice) ask it first, so a replay gets the first answer, not a 409.
 * The same key on a different request is a client error: 409, never the first request's answer.
 */
export async function replayedOperation(db: Db, storeId: string, idempotency: IdempotencyKey | undefined): Promise<OperationResult | null> {
  if (!idempotency) return null;
  const [row] = await db
    .select({ id: operationLog.id, status: operationLog.status, fingerprint: operationLog.idempotencyFingerprint })
    .from(operationLog)
    .where(and(eq(operationLog.storeId, storeId), eq(operationLog.idempotencyKey, idempotency.key)));
  if (row) assertSameRequest(row.fingerprint, idempotency);
  return row ? { operation_log_id: row.id, status: row.status, replayed: true } : null;
}

/** insertOperation writes the operation-log row in the caller's transaction, with its key and that key's request fingerprint. */
export async function insertOperation(tx: OperationTx, auth: AuthContext, op: DeviceOperation): Promise<OperationResult> {
  const [row] = await tx
    .insert(operationLog)
    .values({
      storeId: auth.storeId,
      clerkId: auth.clerkId,
      platform: op.platform,
      deviceId: op.deviceId,
      action: op.action,
      status: op.status,
      detail: op.detail ?? {},
      result: op.result ?? '',
      scheduledAt: op.scheduledAt ?? null,
      idempotencyKey: op.idempotencyKey?.key ?? null,
      idempotencyFingerprint: op.idempotencyKey?.fingerprint ?? null,
    })
    .returning({ id: operationLog.id, status: operationLog.status });
  return { operation_log_id: row.id, status: row.status, replayed: false };
}

/**
 * raceWinner answers the loser of two parallel requests with one Idempotency-Key: when `err` is the key's unique
 * violation, the winner's operation (null otherwise, or when the winner is gone by now; the caller rethrows).
 */
export async function raceWinner(db: Db, storeId: string, idempotency: IdempotencyKey | undefined, err: unknown): Promise<OperationResult | null> {
  if (!idempotency || !isUniqueViolation(err, 'operation_log_idempotency_key')) return null;
  return replayedOperation(db, storeId, idempotency);
}

/**
 * runDeviceOperation is the platform-neutral part of a device command (Android's operations use it; the Apple
 * pipeline runs the same pieces in its own sequence): the operation-log row, the platform's own writes and the
 * log in one transaction, the wake-up after commit, and Idempotency-Key replays, including two parallel
 * requests racing for the same key.
 */
export async function runDeviceOperation(db: Db, auth: AuthContext, op: DeviceOperation, steps: OperationSteps = {}): Promise<OperationResult> {
  const replay = await replayedOperation(db, auth.storeId, op.idempotencyKey);
  if (replay) return replay;
  try {
    const result = await db.transaction(async (tx) => {
      const row = await insertOperation(tx, auth, op);
      await steps.inTx?.(tx, row.operation_log_id);
      return row;
    });
    steps.afterCommit?.();
    return result;
  } catch (err) {
    const winner = await raceWinner(db, auth.storeId, op.idempotencyKey, err);
    if (winner) return winner;
    throw err;
  }
}

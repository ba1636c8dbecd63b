import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { AuthContext } from '../http/authz.ts';
import { assertSameRequest, currentFingerprint } from './idempotency.ts';
import { operationLog } from './operation-log.table.ts';

export type OperationTx = Parameters<Parameters<Db['transaction']>[0]>[0];

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
  idempotencyKey?: string;
}

export interface OperationResult {
  operation_log_id: string;
  status: number;
  replayed: boolean;
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
export async function replayedOperation(db: Db, storeId: string, idempotencyKey: string | undefined): Promise<OperationResult | null> {
  if (!idempotencyKey) return null;
  const [row] = await db
    .select({ id: operationLog.id, status: operationLog.status, fingerprint: operationLog.idempotencyFingerprint })
    .from(operationLog)
    .where(and(eq(operationLog.storeId, storeId), eq(operationLog.idempotencyKey, idempotencyKey)));
  if (row) assertSameRequest(row.fingerprint);
  return row ? { operation_log_id: row.id, status: row.status, replayed: true } : null;
}

/**
 * runDeviceOperation is the platform-neutral part of every device command (Apple and Android): the
 * operation-log row, the platform's own writes and the log in one transaction, the wake-up after commit,
 * and Idempotency-Key replays, including two parallel requests racing for the same key.
 */
export async function runDeviceOperation(db: Db, auth: AuthContext, op: DeviceOperation, steps: OperationSteps = {}): Promise<OperationResult> {
  const existing = () => replayedOperation(db, auth.storeId, op.idempotencyKey);
  const replay = await existing();
  if (replay) return replay;

  try {
    const result = await db.transaction(async (tx) => {
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
          idempotencyKey: op.idempotencyKey ?? null,
          idempotencyFingerprint: op.idempotencyKey ? currentFingerprint() : null,
        })
        .returning({ id: operationLog.id, status: operationLog.status });
      await steps.inTx?.(tx, row.id);
      return { operation_log_id: row.id, status: row.status, replayed: false };
    });
    steps.afterCommit?.();
    return result;
  } catch (err) {
    // A parallel replay won the race for the idempotency key: answer with its operation.
    if (op.idempotencyKey && isUniqueViolation(err, 'operation_log_idempotency_key')) {
      const winner = await existing();
      if (winner) return winner;
    }
    throw err;
  }
}

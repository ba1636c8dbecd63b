import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { OperationStatus } from '@lease/shared';
import type { OperationResult, OperationTx } from './device-operation.ts';
import { operationLog } from './operation-log.table.ts';

/**
 * REFETCH_ACTIONS are the operations that only ask a phone for facts (apps, location, OS updates): a second
 * one while the first is still queued or sent would bring back the same answer, so it gets the first one.
 * Anything that changes the phone (lock, sound, reboot, restrictions…) is never collapsed.
 */
export const REFETCH_ACTIONS: ReadonlySet<string> = new Set(['get-installed-app-list', 'get-location', 'get-available-os-updates', 'get-os-update-status']);

/** First key of the transaction-scoped advisory lock that serialises refetches of one action on one device. */
const REFETCH_LOCK = 0x5245_4631; // 'REF1'

export interface RefetchTarget {
  storeId: string;
  platform: 'ios' | 'android';
  deviceId: string;
  action: string;
}

/** RefetchPending rolls back the new operation's transaction and carries the pending operation to answer with. */
export class RefetchPending extends Error {
  constructor(readonly result: OperationResult) {
    super('refetch already pending');
  }
}

/**
 * collapseRefetch runs in a new operation's transaction, after its own log row: for a refetch action with the same
 * one still pending on the phone, it throws RefetchPending, so the caller rolls back and answers with the pending
 * one (same operation id): no second command, no second log row. Anything else passes without a statement. The
 * advisory lock makes parallel requests on PostgreSQL take turns, so the second sees the first's committed row.
 */
export async function collapseRefetch(tx: OperationTx, target: RefetchTarget, ownId: string): Promise<void> {
  if (!REFETCH_ACTIONS.has(target.action)) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${REFETCH_LOCK}, hashtext(${`${target.deviceId}:${target.action}`}))`);
  const [pending] = await tx
    .select({ id: operationLog.id, status: operationLog.status })
    .from(operationLog)
    .where(
      and(
        eq(operationLog.deviceId, target.deviceId),
        eq(operationLog.storeId, target.storeId),
        eq(operationLog.platform, target.platform),
        eq(operationLog.action, target.action),
        inArray(operationLog.status, [OperationStatus.QUEUED, OperationStatus.SENT]),
        ne(operationLog.id, ownId),
      ),
    )
    .orderBy(asc(operationLog.dateCreated))
    .limit(1);
  if (pending) throw new RefetchPending({ operation_log_id: pending.id, status: pending.status, replayed: true });
}

export type RefetchCheck = (tx: OperationTx, ownId: string) => Promise<void>;

/**
 * withRefetchCollapse runs an operation whose `run` calls the check (collapseRefetch for this target) inside its
 * transaction after writing its own log row, and answers a collapsed refetch with the pending operation.
 */
export async function withRefetchCollapse(target: RefetchTarget, run: (check: RefetchCheck) => Promise<OperationResult>): Promise<OperationResult> {
  try {
    return await run((tx, ownId) => collapseRefetch(tx, target, ownId));
  } catch (err) {
    if (err instanceof RefetchPending) return err.result;
    throw err;
  }
}

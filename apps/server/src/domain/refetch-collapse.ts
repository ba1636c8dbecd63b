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
class RefetchPending extends Error {
  constructor(readonly result: OperationResult) {
    super('refetch already pending');
  }
}

export type RefetchCheck = (tx: OperationTx, ownId: string) => Promise<void>;

/**
 * withRefetchCollapse runs an operation so that, for a refetch action, a pending one of the same action on
 * the same device is returned instead (same operation id): no second command, no second log row. `run`
 * must call the check inside its transaction after writing its own log row. The advisory lock makes
 * parallel requests on PostgreSQL take turns, so the second sees the first's committed row.
 */
export async function withRefetchCollapse(target: RefetchTarget, run: (check: RefetchCheck) => Promise<OperationResult>): Promise<OperationResult> {
  if (!REFETCH_ACTIONS.has(target.action)) return run(async () => {});
  const check: RefetchCheck = async (tx, ownId) => {
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
  };
  try {
    return await run(check);
  } catch (err) {
    if (err instanceof RefetchPending) return err.result;
    throw err;
  }
}

import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Page, paged } from '../../db/paged.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';

type Tx = Pick<Db, 'insert' | 'select' | 'update'>;
export type OperationLogRow = typeof operationLog.$inferSelect;

export interface NewOperation {
  storeId: string;
  clerkId: string | null;
  platform: 'ios' | 'android' | 'store';
  deviceId?: string | null;
  action: string;
  status: number;
  detail?: Record<string, unknown>;
  result?: string;
  scheduledAt?: Date | null;
}

/** OperationLogRepo writes who did what to which device and reads it back, always within one store. */
export function createOperationLogRepo(db: Db) {
  return {
    async insertMany(rows: NewOperation[], tx: Tx = db): Promise<OperationLogRow[]> {
      if (!rows.length) return [];
      return tx.insert(operationLog).values(rows).returning();
    },

    async listForDevice(storeId: string, platform: string, deviceId: string, page: Page) {
      const where = and(eq(operationLog.storeId, storeId), eq(operationLog.platform, platform), eq(operationLog.deviceId, deviceId));
      const rows = db
        .select({ log: operationLog, clerkName: clerk.name })
        .from(operationLog)
        .leftJoin(clerk, eq(clerk.id, operationLog.clerkId))
        .where(where)
        .orderBy(desc(operationLog.dateCreated), desc(operationLog.id))
        .$dynamic();
      return paged(db, page, rows, { from: operationLog, where });
    },

    async get(storeId: string, id: string) {
      const [row] = await db
        .select({ log: operationLog, clerkName: clerk.name })
        .from(operationLog)
        .leftJoin(clerk, eq(clerk.id, operationLog.clerkId))
        .where(and(eq(operationLog.storeId, storeId), eq(operationLog.id, id)));
      return row;
    },

    /** latestInProgress gives each device's newest unfinished operation: the list's progress column. */
    async latestInProgress(deviceIds: string[], statuses: number[]) {
      if (!deviceIds.length) return new Map<string, OperationLogRow>();
      const rows = await db
        .selectDistinctOn([operationLog.deviceId])
        .from(operationLog)
        .where(and(inArray(operationLog.deviceId, deviceIds), inArray(operationLog.status, statuses)))
        .orderBy(operationLog.deviceId, desc(operationLog.dateCreated));
      return new Map(rows.map((r) => [r.deviceId!, r]));
    },

    async update(storeId: string, id: string, values: Partial<typeof operationLog.$inferInsert>, tx: Tx = db) {
      const rows = await tx
        .update(operationLog)
        .set({ ...values, dateUpdated: new Date() })
        .where(and(eq(operationLog.storeId, storeId), eq(operationLog.id, id)))
        .returning();
      return rows[0];
    },
  };
}
export type OperationLogRepo = ReturnType<typeof createOperationLogRepo>;

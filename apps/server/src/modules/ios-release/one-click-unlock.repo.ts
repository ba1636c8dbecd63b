import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { OneClickRunStatus, OneClickStepStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import type { OperationTx } from '../../domain/device-operation.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { type OneClickRunRow, type OneClickStepRow, oneClickUnlockRun, oneClickUnlockStep } from './one-click-unlock.table.ts';

export type RunWithSteps = OneClickRunRow & { steps: OneClickStepRow[] };

/**
 * createOneClickUnlockRepo reads and writes runs and their steps. Every state change is a conditional UPDATE
 * from the state the caller saw, so several processes moving the same run on cannot both make the same move.
 */
export function createOneClickUnlockRepo(db: Db) {
  async function withSteps(run: OneClickRunRow | undefined): Promise<RunWithSteps | null> {
    if (!run) return null;
    const steps = await db.select().from(oneClickUnlockStep).where(eq(oneClickUnlockStep.runId, run.id)).orderBy(asc(oneClickUnlockStep.position));
    return { ...run, steps };
  }

  return {
    async insert(tx: OperationTx, run: typeof oneClickUnlockRun.$inferInsert, steps: Omit<typeof oneClickUnlockStep.$inferInsert, 'runId'>[]) {
      // A new run replaces the device's failed one: only one unfinished run per device (unique index).
      await tx
        .update(oneClickUnlockRun)
        .set({ status: 'superseded', dateUpdated: new Date() })
        .where(and(eq(oneClickUnlockRun.deviceId, run.deviceId), eq(oneClickUnlockRun.status, 'failed')));
      const [row] = await tx.insert(oneClickUnlockRun).values(run).returning({ id: oneClickUnlockRun.id });
      await tx.insert(oneClickUnlockStep).values(steps.map((s) => ({ ...s, runId: row.id })));
      return row.id;
    },

    get: async (runId: string) => withSteps((await db.select().from(oneClickUnlockRun).where(eq(oneClickUnlockRun.id, runId)))[0]),

    latestForDevice: async (deviceId: string) =>
      withSteps(
        (await db.select().from(oneClickUnlockRun).where(eq(oneClickUnlockRun.deviceId, deviceId)).orderBy(desc(oneClickUnlockRun.dateCreated)).limit(1))[0],
      ),

    byOperationLog: async (operationLogId: string) =>
      withSteps((await db.select().from(oneClickUnlockRun).where(eq(oneClickUnlockRun.operationLogId, operationLogId)))[0]),

    async activeForDevice(deviceId: string) {
      const [row] = await db
        .select({ id: oneClickUnlockRun.id, status: oneClickUnlockRun.status })
        .from(oneClickUnlockRun)
        .where(and(eq(oneClickUnlockRun.deviceId, deviceId), sql`${oneClickUnlockRun.status} in ('running', 'failed')`));
      return row ?? null;
    },

    /** runningIds: runs the job should look at, least recently moved first. */
    async runningIds(limit: number) {
      const rows = await db
        .select({ id: oneClickUnlockRun.id })
        .from(oneClickUnlockRun)
        .where(eq(oneClickUnlockRun.status, 'running'))
        .orderBy(asc(oneClickUnlockRun.dateUpdated))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** claimStep moves a pending step to running for one caller; returns the attempt number, or null when someone else won. */
    async claimStep(runId: string, position: number): Promise<number | null> {
      const [row] = await db
        .update(oneClickUnlockStep)
        .set({
          status: 'running',
          attempt: sql`${oneClickUnlockStep.attempt} + 1`,
          startedAt: new Date(),
          finishedAt: null,
          reason: null,
          operationLogId: null,
        })
        .where(and(eq(oneClickUnlockStep.runId, runId), eq(oneClickUnlockStep.position, position), eq(oneClickUnlockStep.status, 'pending')))
        .returning({ attempt: oneClickUnlockStep.attempt });
      return row?.attempt ?? null;
    },

    async recordOperation(runId: string, position: number, operationLogId: string) {
      await db
        .update(oneClickUnlockStep)
        .set({ operationLogId })
        .where(and(eq(oneClickUnlockStep.runId, runId), eq(oneClickUnlockStep.position, position)));
    },

    /** finishStep ends a step (done, skipped or failed) if it is still in `from`; says whether this call did it. */
    async finishStep(runId: string, position: number, from: OneClickStepStatus, to: OneClickStepStatus, reason: string | null) {
      const rows = await db
        .update(oneClickUnlockStep)
        .set({ status: to, reason, finishedAt: new Date() })
        .where(and(eq(oneClickUnlockStep.runId, runId), eq(oneClickUnlockStep.position, position), eq(oneClickUnlockStep.status, from)))
        .returning({ position: oneClickUnlockStep.position });
      if (rows.length) await db.update(oneClickUnlockRun).set({ dateUpdated: new Date() }).where(eq(oneClickUnlockRun.id, runId));
      return rows.length > 0;
    },

    /** finishRun ends a running run and its operation-log row together; false when it was no longer running. */
    async finishRun(run: OneClickRunRow, to: Extract<OneClickRunStatus, 'done' | 'failed'>, logStatus: number, result: string) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(oneClickUnlockRun)
          .set({ status: to, dateUpdated: new Date() })
          .where(and(eq(oneClickUnlockRun.id, run.id), eq(oneClickUnlockRun.status, 'running')))
          .returning({ id: oneClickUnlockRun.id });
        if (!rows.length) return false;
        await tx.update(operationLog).set({ status: logStatus, result, dateUpdated: new Date() }).where(eq(operationLog.id, run.operationLogId));
        return true;
      });
    },

    /** reopen turns a failed run back to running at its failed step, acting from now on as `actor`. */
    async reopen(runId: string, actor: OneClickRunRow['actor'], logStatus: number) {
      return db.transaction(async (tx) => {
        const [run] = await tx
          .update(oneClickUnlockRun)
          .set({ status: 'running', actor, dateUpdated: new Date() })
          .where(and(eq(oneClickUnlockRun.id, runId), eq(oneClickUnlockRun.status, 'failed')))
          .returning();
        if (!run) return false;
        await tx
          .update(oneClickUnlockStep)
          .set({ status: 'pending', reason: null, operationLogId: null, startedAt: null, finishedAt: null })
          .where(and(eq(oneClickUnlockStep.runId, runId), eq(oneClickUnlockStep.status, 'failed')));
        await tx.update(operationLog).set({ status: logStatus, result: '', dateUpdated: new Date() }).where(eq(operationLog.id, run.operationLogId));
        return true;
      });
    },

    async operation(operationLogId: string) {
      const [row] = await db.select({ status: operationLog.status, result: operationLog.result }).from(operationLog).where(eq(operationLog.id, operationLogId));
      return row ?? null;
    },
  };
}
export type OneClickUnlockRepo = ReturnType<typeof createOneClickUnlockRepo>;

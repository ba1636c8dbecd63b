import { and, eq, inArray, sql } from 'drizzle-orm';
import { OperationStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { operationLog } from '../../modules/logs/logs.table.ts';
import { CommandStatus, PENDING_COMMAND_STATUSES, mdmCommand } from './mdm.table.ts';
import { EFFECT_TYPES, settleUnanswered } from './result-effects.ts';

export interface NewCommand {
  id: string;
  deviceId: string;
  requestType: string;
  payload: string;
  priority: number;
  expiresAt: Date;
  dedupeKey?: string;
  operationLogId?: string;
}

export interface ServedCommand {
  id: string;
  payload: string;
}

export interface FinishedCommand {
  id: string;
  requestType: string;
  operationLogId: string | null;
  /** The operation-log action the command serves; read with the answer where effects need it. */
  action?: string | null;
}

type Queryable = Pick<Db, 'execute' | 'insert' | 'update' | 'select'>;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * QueueRepo is the command queue of DESIGN §5. Serving and finishing are single statements, so a command is
 * handed out and answered exactly as recorded even with several server processes; the partial index on
 * pending rows keeps serving fast however much history piles up.
 */
export function createQueueRepo(db: Db) {
  return {
    /** insert queues commands, skipping a refetch whose dedupe key is already pending; returns the ids queued. */
    async insert(commands: NewCommand[], tx: Queryable = db): Promise<string[]> {
      const queued: string[] = [];
      for (let i = 0; i < commands.length; i += 1000) {
        const rows = await tx
          .insert(mdmCommand)
          .values(commands.slice(i, i + 1000))
          .onConflictDoNothing({ target: [mdmCommand.deviceId, mdmCommand.dedupeKey], where: sql`dedupe_key is not null and status in ('queued', 'sent', 'not-now')` })
          .returning({ id: mdmCommand.id });
        queued.push(...rows.map((r) => r.id));
      }
      return queued;
    },

    /**
     * serveNext hands out the device's next command and marks it sent (its operation too). NotNow'd commands
     * wait until the main queue is empty, and are skipped entirely right after a NotNow (micromdm #225).
     */
    async serveNext(deviceId: string, skipNotNow: boolean): Promise<ServedCommand | null> {
      const statuses = skipNotNow ? sql`('queued', 'sent')` : sql`('queued', 'sent', 'not-now')`;
      const result = await db.execute(sql`
        with next as (
          update mdm_command set status = 'sent', attempts = attempts + 1, sent_at = now()
          where id = (
            select id from mdm_command
            where device_id = ${deviceId} and status in ${statuses}
            order by (status = 'not-now'), priority desc, created_at
            limit 1 for update skip locked)
          returning id, payload, operation_log_id),
        op as (
          update operation_log set status = ${OperationStatus.SENT}, date_updated = now()
          where id = (select operation_log_id from next) and status = ${OperationStatus.QUEUED})
        select id, payload from next`);
      return rowsOf<ServedCommand>(result)[0] ?? null;
    },

    /**
     * finish records the device's answer once (a duplicate or unknown CommandUUID finishes nothing), and reads the
     * operation-log action the command serves in the same statement, for the effects that tell commands apart by it.
     */
    async finish(
      tx: Queryable,
      deviceId: string,
      commandId: string,
      status: CommandStatus,
      detail: { result?: Record<string, unknown>; errorChain?: Record<string, unknown>[] },
    ): Promise<FinishedCommand | null> {
      const result = await tx.execute(sql`
        with done as (
          update mdm_command set status = ${status}, completed_at = now(), result = ${detail.result ? JSON.stringify(detail.result) : null}::jsonb,
            error_chain = ${detail.errorChain ? JSON.stringify(detail.errorChain) : null}::jsonb
          where id = ${commandId} and device_id = ${deviceId} and status in ('queued', 'sent', 'not-now')
          returning id, request_type, operation_log_id)
        select done.id, done.request_type as "requestType", done.operation_log_id as "operationLogId", o.action
        from done left join operation_log o on o.id = done.operation_log_id`);
      return rowsOf<FinishedCommand>(result)[0] ?? null;
    },

    /**
     * finishPlain records the answer to a command without device effects in one statement, operation log
     * included; it finishes nothing (null) for effect-bearing types, which go through finish() in a transaction.
     */
    async finishPlain(deviceId: string, commandId: string, status: CommandStatus, opStatus: number, summary: string, detail: { result?: Record<string, unknown>; errorChain?: Record<string, unknown>[] }): Promise<FinishedCommand | null> {
      const result = await db.execute(sql`
        with done as (
          update mdm_command set status = ${status}, completed_at = now(), result = ${detail.result ? JSON.stringify(detail.result) : null}::jsonb,
            error_chain = ${detail.errorChain ? JSON.stringify(detail.errorChain) : null}::jsonb
          where id = ${commandId} and device_id = ${deviceId} and status in ('queued', 'sent', 'not-now')
            and request_type not in ${sql.raw(`(${EFFECT_TYPES.map((t) => `'${t}'`).join(', ')})`)}
          returning id, request_type, operation_log_id),
        op as (
          update operation_log set status = ${opStatus}, result = ${summary}, date_updated = now()
          where id = (select operation_log_id from done))
        select id, request_type as "requestType", operation_log_id as "operationLogId" from done`);
      return rowsOf<FinishedCommand>(result)[0] ?? null;
    },

    async markNotNow(deviceId: string, commandId: string) {
      await db
        .update(mdmCommand)
        .set({ status: CommandStatus.NOT_NOW, notNowCount: sql`${mdmCommand.notNowCount} + 1` })
        .where(and(eq(mdmCommand.id, commandId), eq(mdmCommand.deviceId, deviceId), inArray(mdmCommand.status, PENDING_COMMAND_STATUSES)));
    },

    /** supersede cancels a device's pending commands of these types: a newer lock or unlock replaces them. */
    async supersede(tx: Queryable, deviceId: string, requestTypes: string[], reason: string) {
      const cancelled = await tx
        .update(mdmCommand)
        .set({ status: CommandStatus.CANCELLED, completedAt: new Date() })
        .where(and(eq(mdmCommand.deviceId, deviceId), inArray(mdmCommand.requestType, requestTypes), inArray(mdmCommand.status, PENDING_COMMAND_STATUSES)))
        .returning({ operationLogId: mdmCommand.operationLogId });
      const ops = cancelled.map((c) => c.operationLogId).filter((id): id is string => id !== null);
      if (ops.length) {
        await tx.update(operationLog).set({ status: OperationStatus.CANCELLED, result: reason, dateUpdated: new Date() }).where(inArray(operationLog.id, ops));
      }
    },

    /** cancelPending drops a device's queue (re-enrolment, removal): old commands must never reach the phone. */
    async cancelPending(tx: Queryable, deviceId: string, reason: string) {
      const cancelled = await tx
        .update(mdmCommand)
        .set({ status: CommandStatus.CANCELLED, completedAt: new Date() })
        .where(and(eq(mdmCommand.deviceId, deviceId), inArray(mdmCommand.status, PENDING_COMMAND_STATUSES)))
        .returning({ operationLogId: mdmCommand.operationLogId });
      const ops = cancelled.map((c) => c.operationLogId).filter((id): id is string => id !== null);
      if (ops.length) {
        await tx
          .update(operationLog)
          .set({ status: OperationStatus.CANCELLED, result: reason, dateUpdated: new Date() })
          .where(and(inArray(operationLog.id, ops), inArray(operationLog.status, [OperationStatus.QUEUED, OperationStatus.SENT])));
      }
    },

    /**
     * expire ends commands past their expiry, fails their operations and lets the effects of those never answered
     * put back what they had set pending (a lock status, a profile status); returns how many expired.
     */
    async expire(now = new Date()): Promise<number> {
      return db.transaction(async (tx) => {
        const result = await tx.execute(sql`
          with gone as (
            update mdm_command set status = 'expired', completed_at = ${now}
            where status in ('queued', 'sent', 'not-now') and expires_at <= ${now}
            returning id, device_id, request_type, operation_log_id),
          failed as (
            update operation_log set status = ${OperationStatus.FAILED}, result = '指令已过期：设备长时间未上线', date_updated = ${now}
            where id in (select operation_log_id from gone where operation_log_id is not null)
              and status in (${OperationStatus.QUEUED}, ${OperationStatus.SENT}))
          select gone.id, gone.device_id as "deviceId", gone.request_type as "requestType", gone.operation_log_id as "operationLogId", o.action
          from gone left join operation_log o on o.id = gone.operation_log_id`);
        const gone = rowsOf<FinishedCommand & { deviceId: string }>(result);
        await settleUnanswered(tx, gone, CommandStatus.EXPIRED);
        return gone.length;
      });
    },

    async pendingDeviceIds(limit: number, now = new Date()): Promise<string[]> {
      const result = await db.execute(sql`
        select e.device_id from mdm_enrollment e
        where e.enabled and not e.push_dead and e.token_hex is not null
          and (e.next_push_at is null or e.next_push_at <= ${now})
          and exists (select 1 from mdm_command c where c.device_id = e.device_id and c.status in ('queued', 'sent', 'not-now'))
        limit ${limit}`);
      return rowsOf<{ device_id: string }>(result).map((r) => r.device_id);
    },
  };
}
export type QueueRepo = ReturnType<typeof createQueueRepo>;

import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { OperationStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { rawQuery } from '../../db/raw-query.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { CommandStatus, PENDING_COMMAND_STATUSES, mdmCommand } from './mdm.table.ts';
import type { FinishedCommand } from './effects/result-effect.ts';

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

/** StepAnswer is what a connect request says about the last command: a final answer, a NotNow, or nothing (Idle). */
export type StepAnswer =
  | { kind: 'final'; commandId: string; status: CommandStatus; opStatus: number; summary: string; resultJson: string; errorChain?: Record<string, unknown>[] }
  | { kind: 'not-now'; commandId: string | null }
  | { kind: 'idle' };

export interface StepResult {
  /** false: the certificate no longer speaks for this device (released, re-enrolled, renewed); nothing was written. */
  enrolled: boolean;
  /** true: the answer is for a command with device effects; it was not recorded and nothing was served. */
  held: boolean;
  /** The next command's plist, now marked sent, or null. */
  payload: string | null;
}

type Queryable = Pick<Db, 'execute' | 'insert' | 'update' | 'select'>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** SUPERSEDED is the result of an operation whose pending command a newer one replaced. */
const SUPERSEDED = '已被新的操作取代';

/**
 * AnswerEffects is what the queue needs of the result effects (result-effects.ts): which request types have
 * device effects, so their answers are held for a transaction of their own, and how to settle expired commands.
 */
export interface AnswerEffects {
  types: readonly string[];
  settleUnanswered(tx: Tx, commands: (FinishedCommand & { deviceId: string })[], status: CommandStatus): Promise<void>;
}
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * QueueRepo is the command queue of DESIGN §5. Serving and finishing are single statements, so a command is
 * handed out and answered exactly as recorded even with several server processes; the partial index on
 * pending rows keeps serving fast however much history piles up.
 */
export function createQueueRepo(db: Db, results: AnswerEffects) {
  const typeList = `(${results.types.map((t) => `'${t.replace(/'/g, "''")}'`).join(', ')})`;
  const stepText = stepStatement(typeList);
  // A prepared statement's name must name one text per connection: engines with other effect tables get their own.
  const stepName = `mdm_step_${createHash('sha1').update(stepText).digest('hex').slice(0, 12)}`;
  return {
    /**
     * insert queues commands, skipping a refetch whose dedupe key is already pending; returns the ids queued. With
     * `supersede`, the phones' pending commands of those request types are cancelled first (a newer lock or unlock).
     */
    async insert(commands: NewCommand[], tx: Queryable = db, supersede?: string[]) {
      if (supersede) for (const deviceId of new Set(commands.map((c) => c.deviceId))) await supersedePending(tx, deviceId, supersede, SUPERSEDED);
      return insertCommands(tx, commands);
    },

    /**
     * step is the whole plain round trip in ONE statement: it checks that the certificate still speaks
     * for the device, records the answer to the last command once by CommandUUID (its operation too), or marks it
     * NotNow, refreshes last_active_time when asked, and hands out the next command, marked sent. An answer to a
     * command with device effects is `held`: nothing is recorded or served, and the caller runs finish() and the
     * effects in a transaction, then serveNext(). Being one statement, it commits whole or not at all, so a crash
     * at any point leaves either the old state (the phone resends its answer) or the new one (the served command
     * stays `sent` and is served again) — the restart safety of DESIGN §5 with one round trip to the database.
     */
    async step(fingerprint: string, deviceId: string, udid: string, answer: StepAnswer, touch: boolean): Promise<StepResult> {
      const final = answer.kind === 'final' ? answer : null;
      const rows = await rawQuery<StepResult>(db, stepName, stepText, [
        fingerprint,
        deviceId,
        udid,
        answer.kind === 'idle' ? null : answer.commandId,
        answer.kind,
        final?.status ?? null,
        final?.resultJson ?? null,
        final?.errorChain ? JSON.stringify(final.errorChain) : null,
        final?.opStatus ?? null,
        final?.summary ?? null,
        touch,
      ]);
      return rows[0];
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
      detail: { resultJson: string; errorChain?: Record<string, unknown>[] },
    ): Promise<FinishedCommand | null> {
      const result = await tx.execute(sql`
        with done as (
          update mdm_command set status = ${status}, completed_at = now(), result = ${detail.resultJson}::jsonb,
            error_chain = ${detail.errorChain ? JSON.stringify(detail.errorChain) : null}::jsonb
          where id = ${commandId} and device_id = ${deviceId} and status in ('queued', 'sent', 'not-now')
          returning id, request_type, operation_log_id)
        select done.id, done.request_type as "requestType", done.operation_log_id as "operationLogId", o.action
        from done left join operation_log o on o.id = done.operation_log_id`);
      return rowsOf<FinishedCommand>(result)[0] ?? null;
    },

    /** supersede cancels a device's pending commands of these types: a newer lock or unlock replaces them. */
    supersede: (tx: Queryable, deviceId: string, requestTypes: string[], reason: string) => supersedePending(tx, deviceId, requestTypes, reason),

    /** cancelPending drops a device's queue (re-enrolment, removal): old commands must never reach the phone. */
    cancelPending: (tx: Queryable, deviceId: string, reason: string) => cancelPendingCommands(tx, deviceId, reason),

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
        await results.settleUnanswered(tx, gone, CommandStatus.EXPIRED);
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

/**
 * stepStatement is step()'s SQL. All CTEs see one snapshot: the answered command still looks pending to `next`,
 * hence `id is distinct from $4`; `next` and the operation it marks sent never touch the rows `done` writes.
 * Parameters: $1 fingerprint, $2 device, $3 UDID, $4 CommandUUID, $5 kind, $6 status, $7 result, $8 error chain,
 * $9 operation status, $10 operation summary, $11 touch last_active_time.
 */
function stepStatement(effectTypes: string) {
  return `
    with g as (
      select device_id from mdm_enrollment
      where device_id = $2::uuid and cert_fingerprint = $1::text and udid = $3::text and not released),
    held as (
      select 1 from mdm_command
      where $5::text = 'final' and id = $4::uuid and device_id = (select device_id from g)
        and status in ('queued', 'sent', 'not-now') and request_type in ${effectTypes}),
    done as (
      update mdm_command set status = $6::text, completed_at = now(), result = $7::jsonb, error_chain = $8::jsonb
      where $5::text = 'final' and id = $4::uuid and device_id = (select device_id from g)
        and status in ('queued', 'sent', 'not-now') and request_type not in ${effectTypes}
      returning operation_log_id),
    op as (
      update operation_log set status = $9::integer, result = $10::text, date_updated = now()
      where id = (select operation_log_id from done)),
    nn as (
      update mdm_command set status = 'not-now', not_now_count = not_now_count + 1
      where $5::text = 'not-now' and id = $4::uuid and device_id = (select device_id from g)
        and status in ('queued', 'sent', 'not-now')),
    touched as (
      update ios_device set last_active_time = now()
      where $11::boolean and id = (select device_id from g)),
    next as (
      update mdm_command set status = 'sent', attempts = attempts + 1, sent_at = now()
      where id = (
        select id from mdm_command
        where device_id = (select device_id from g) and not exists (select 1 from held)
          and status in ('queued', 'sent', 'not-now') and id is distinct from $4::uuid
          and ($5::text <> 'not-now' or status <> 'not-now')
        order by (status = 'not-now'), priority desc, created_at
        limit 1 for update skip locked)
      returning payload, operation_log_id),
    sent_op as (
      update operation_log set status = ${OperationStatus.SENT}, date_updated = now()
      where id = (select operation_log_id from next) and status = ${OperationStatus.QUEUED}
        and id is distinct from (select operation_log_id from done))
    select exists (select 1 from g) as enrolled, exists (select 1 from held) as held, (select payload from next) as payload`;
}

/**
 * insertCommands queues commands in the caller's transaction, skipping a refetch whose dedupe key is already
 * pending; returns the ids queued. A free function so the modules' effects can queue without an engine handle.
 */
export async function insertCommands(tx: Queryable, commands: NewCommand[]): Promise<string[]> {
  const queued: string[] = [];
  for (let i = 0; i < commands.length; i += 1000) {
    const rows = await tx
      .insert(mdmCommand)
      .values(commands.slice(i, i + 1000))
      .onConflictDoNothing({
        target: [mdmCommand.deviceId, mdmCommand.dedupeKey],
        where: sql`dedupe_key is not null and status in ('queued', 'sent', 'not-now')`,
      })
      .returning({ id: mdmCommand.id });
    queued.push(...rows.map((r) => r.id));
  }
  return queued;
}

/** supersedePending cancels a device's pending commands of these types, and their operations with `reason`. */
async function supersedePending(tx: Queryable, deviceId: string, requestTypes: string[], reason: string) {
  const cancelled = await tx
    .update(mdmCommand)
    .set({ status: CommandStatus.CANCELLED, completedAt: new Date() })
    .where(and(eq(mdmCommand.deviceId, deviceId), inArray(mdmCommand.requestType, requestTypes), inArray(mdmCommand.status, PENDING_COMMAND_STATUSES)))
    .returning({ operationLogId: mdmCommand.operationLogId });
  const ops = cancelled.map((c) => c.operationLogId).filter((id): id is string => id !== null);
  if (ops.length) {
    await tx.update(operationLog).set({ status: OperationStatus.CANCELLED, result: reason, dateUpdated: new Date() }).where(inArray(operationLog.id, ops));
  }
}

/** cancelPendingCommands drops a device's queue (re-enrolment, removal): old commands must never reach the phone. */
export async function cancelPendingCommands(tx: Queryable, deviceId: string, reason: string) {
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
}

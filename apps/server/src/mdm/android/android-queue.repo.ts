import { and, eq, inArray, sql } from 'drizzle-orm';
import { type AgentCommand, type AndroidCommandType, CommandPayloads } from '@lease/shared/agent-protocol';
import { EnrollmentStatus, OperationStatus } from '@lease/shared';
import { type Db, rowsAffected } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { androidCommand, pendingCommand } from './android-agent.table.ts';

type Queryable = Pick<Db, 'insert' | 'update' | 'select' | 'execute'>;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** uuidArray passes many ids as one array parameter (= any(...)), however many there are. */
export const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

const DAY = 86_400_000;
/** A command unanswered this long after it was sent is sent again (the agent answers a repeat from its cache). */
export const RESEND_AFTER_MS = 60_000;
/** At most this many commands go to one agent in one frame or poll. */
export const SERVE_LIMIT = 20;

/** A newer command of the same group replaces a pending older one: the latest desired state wins. */
const SUPERSEDES: Record<string, AndroidCommandType[]> = {
  lock: ['lock', 'unlock'],
  unlock: ['lock', 'unlock'],
  regulate: ['regulate', 'deregulate'],
  deregulate: ['regulate', 'deregulate'],
  'set-system-restriction': ['set-system-restriction'],
  'set-app-restriction': ['set-app-restriction'],
  'set-wallpaper': ['set-wallpaper'],
};

export interface NewAndroidCommand {
  deviceId: string;
  type: AndroidCommandType;
  payload?: Record<string, unknown>;
  operationLogId?: string;
  ttlMs?: number;
}

/** FanOut is one command for many devices of one store, queued with its operation-log rows in one statement. */
export interface FanOut {
  storeId: string;
  clerkId: string | null;
  deviceIds: string[];
  /** The operation-log action (the console's name of the operation). */
  action: string;
  type: AndroidCommandType;
  payload?: Record<string, unknown>;
  /** Desired state written with the command; it bumps policy_version so the agent re-reads its policy. */
  state?: { lockStatus?: number; lockMessage?: string; lockPhoneNumber?: string; regulateStatus?: number };
  ttlMs?: number;
}

export interface ServedAndroidCommand extends AgentCommand {
  deviceId: string;
}

export interface FinishedAndroidCommand {
  id: string;
  deviceId: string;
  type: AndroidCommandType;
  payload: Record<string, unknown>;
  operationLogId: string | null;
}

/**
 * AndroidQueueRepo is the agent command queue: rows live in PostgreSQL, so a restart loses nothing; serving
 * and finishing are single conditional statements, so several processes hand out and record each command
 * exactly as the table says, and a result is recorded once per command id.
 */
export function createAndroidQueueRepo(db: Db) {
  async function cancel(tx: Queryable, where: ReturnType<typeof and>, reason: string) {
    const cancelled = await tx
      .update(androidCommand)
      .set({ status: 'cancelled', completedAt: new Date() })
      .where(and(where, pendingCommand()))
      .returning({ operationLogId: androidCommand.operationLogId });
    const ops = cancelled.map((c) => c.operationLogId).filter((id): id is string => id !== null);
    if (ops.length) {
      await tx
        .update(operationLog)
        .set({ status: OperationStatus.CANCELLED, result: reason, dateUpdated: new Date() })
        .where(and(inArray(operationLog.id, ops), inArray(operationLog.status, [OperationStatus.QUEUED, OperationStatus.SENT])));
    }
  }

  return {
    /** insert validates each payload against the protocol and queues it, replacing pending commands it supersedes. */
    async insert(tx: Queryable, commands: NewAndroidCommand[]): Promise<void> {
      if (!commands.length) return;
      const rows = commands.map((c) => {
        const schema = CommandPayloads[c.type];
        if (!schema) throw new AppError('VALIDATION_FAILED', `未知的设备指令：${String(c.type)}`);
        const parsed = schema.safeParse(c.payload ?? {});
        if (!parsed.success) throw new AppError('VALIDATION_FAILED', `设备指令参数有误：${c.type}`);
        return {
          deviceId: c.deviceId,
          type: c.type,
          payload: parsed.data as Record<string, unknown>,
          operationLogId: c.operationLogId ?? null,
          expiresAt: new Date(Date.now() + (c.ttlMs ?? 7 * DAY)),
        };
      });
      const byGroup = new Map<string, { types: AndroidCommandType[]; deviceIds: string[] }>();
      for (const c of commands) {
        const types = SUPERSEDES[c.type];
        if (!types) continue;
        const key = types.join(',');
        const group = byGroup.get(key) ?? { types, deviceIds: [] };
        group.deviceIds.push(c.deviceId);
        byGroup.set(key, group);
      }
      for (const { types, deviceIds } of byGroup.values()) {
        await cancel(tx, and(sql`${androidCommand.deviceId} = any(${uuidArray(deviceIds)})`, inArray(androidCommand.type, types)), '已被新的操作取代');
      }
      // One JSON parameter instead of thousands of bind values: a fan-out to thousands of phones stays one cheap statement.
      const json = JSON.stringify(
        rows.map((r) => ({
          device_id: r.deviceId,
          type: r.type,
          payload: r.payload,
          operation_log_id: r.operationLogId,
          expires_at: r.expiresAt.toISOString(),
        })),
      );
      await tx.execute(sql`
        insert into android_command (device_id, type, payload, operation_log_id, expires_at)
        select device_id, type, payload, operation_log_id, expires_at
        from jsonb_to_recordset(${json}::jsonb) as x(device_id uuid, type text, payload jsonb, operation_log_id uuid, expires_at timestamptz)`);
    },

    /**
     * fanOut queues one command for many devices in ONE statement (a lock for a whole store's fleet): the
     * store's enrolled, unarchived devices among `deviceIds` get their desired state, an operation-log row and
     * the command; pending commands it supersedes are cancelled with their operations. Ids of another store,
     * archived or released devices are skipped. Returns the ids queued, to wake after commit.
     */
    async fanOut(tx: Queryable, f: FanOut): Promise<string[]> {
      if (!f.deviceIds.length) return [];
      const schema = CommandPayloads[f.type];
      if (!schema) throw new AppError('VALIDATION_FAILED', `未知的设备指令：${String(f.type)}`);
      const parsed = schema.safeParse(f.payload ?? {});
      if (!parsed.success) throw new AppError('VALIDATION_FAILED', `设备指令参数有误：${f.type}`);
      const sets = [sql`policy_version = d.policy_version + 1`, sql`date_updated = now()`];
      if (f.state?.lockStatus !== undefined) sets.push(sql`lock_status = ${f.state.lockStatus}`);
      if (f.state?.lockMessage !== undefined) sets.push(sql`lock_message = ${f.state.lockMessage}`);
      if (f.state?.lockPhoneNumber !== undefined) sets.push(sql`lock_phone_number = ${f.state.lockPhoneNumber}`);
      if (f.state?.regulateStatus !== undefined) sets.push(sql`regulate_status = ${f.state.regulateStatus}`);
      const moved = f.state ? sql`moved as (update android_device d set ${sql.join(sets, sql`, `)} from targets t where d.id = t.id),` : sql``;
      const superseded = SUPERSEDES[f.type] ?? [];
      const ttl = `${f.ttlMs ?? 7 * DAY} milliseconds`;
      const result = await tx.execute(sql`
        with targets as (
          select id from android_device
          where for_store = ${f.storeId} and id = any(${uuidArray(f.deviceIds)}) and not archived and enrollment_status = ${EnrollmentStatus.ENROLLED}
          for update),
        ${moved}
        gone as (
          update android_command c set status = 'cancelled', completed_at = now()
          where c.device_id in (select id from targets) and c.type = any(${`{${superseded.join(',')}}`}::text[]) and ${pendingCommand('c')}
          returning c.operation_log_id),
        gone_ops as (
          update operation_log o set status = ${OperationStatus.CANCELLED}, result = '已被新的操作取代', date_updated = now()
          where o.id in (select operation_log_id from gone where operation_log_id is not null) and o.status in (${OperationStatus.QUEUED}, ${OperationStatus.SENT})),
        ops as (
          insert into operation_log (for_store, for_clerk, platform, device_id, action, status)
          select ${f.storeId}, ${f.clerkId}::uuid, 'android', id, ${f.action}, ${OperationStatus.QUEUED} from targets
          returning id, device_id)
        insert into android_command (device_id, type, payload, operation_log_id, expires_at)
        select device_id, ${f.type}, ${JSON.stringify(parsed.data)}::jsonb, id, now() + ${ttl}::interval from ops
        returning device_id`);
      return rowsOf<{ device_id: string }>(result).map((r) => r.device_id);
    },

    /**
     * serve hands out the agents' pending commands and marks them sent (their operations too). `all` also
     * re-sends commands already sent (a reconnect or a poll: the agent may have lost them); otherwise a sent
     * command goes again only once RESEND_AFTER_MS passed without an answer.
     */
    async serve(deviceIds: string[], all: boolean): Promise<ServedAndroidCommand[]> {
      if (!deviceIds.length) return [];
      const resend = all ? sql`status = 'sent'` : sql`(status = 'sent' and sent_at < now() - ${`${RESEND_AFTER_MS} milliseconds`}::interval)`;
      const result = await db.execute(sql`
        with picked as (
          select id from (
            select id, row_number() over (partition by device_id order by created_at) as n
            from android_command
            where device_id = any(${uuidArray(deviceIds)}) and ${pendingCommand()} and (status = 'queued' or ${resend}) and expires_at > now()
          ) ranked where n <= ${SERVE_LIMIT}),
        sent as (
          update android_command c set status = 'sent', attempts = attempts + 1, sent_at = now()
          from (select id from android_command where id in (select id from picked) for update skip locked) p
          where c.id = p.id and ${pendingCommand('c')}
          returning c.id, c.device_id, c.type, c.payload, c.operation_log_id, c.created_at),
        op as (
          update operation_log set status = ${OperationStatus.SENT}, date_updated = now()
          where id in (select operation_log_id from sent where operation_log_id is not null) and status = ${OperationStatus.QUEUED})
        select id, device_id as "deviceId", type, payload from sent order by created_at`);
      return rowsOf<ServedAndroidCommand>(result);
    },

    /** finish records an answer once: a duplicate, unknown or another device's command id finishes nothing. */
    async finish(tx: Queryable, deviceId: string, commandId: string, ok: boolean, result: Record<string, unknown>): Promise<FinishedAndroidCommand | null> {
      const [row] = await tx
        .update(androidCommand)
        .set({ status: ok ? 'done' : 'failed', completedAt: new Date(), result })
        .where(and(eq(androidCommand.id, commandId), eq(androidCommand.deviceId, deviceId), pendingCommand()))
        .returning({
          id: androidCommand.id,
          deviceId: androidCommand.deviceId,
          type: androidCommand.type,
          payload: androidCommand.payload,
          operationLogId: androidCommand.operationLogId,
        });
      return (row as FinishedAndroidCommand | undefined) ?? null;
    },

    async pendingCount(deviceId: string): Promise<number> {
      const result = await db.execute(
        sql`select count(*)::int as n from android_command where device_id = ${deviceId} and ${pendingCommand()} and expires_at > now()`,
      );
      return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
    },

    /** cancelPending drops a device's queue (release): old commands must never reach a released phone. */
    cancelPending: (tx: Queryable, deviceId: string, reason: string) => cancel(tx, eq(androidCommand.deviceId, deviceId), reason),

    /** expire ends commands past their expiry and fails their operations; returns how many operations failed. */
    async expire(now = new Date()): Promise<number> {
      const result = await db.execute(sql`
        with gone as (
          update android_command set status = 'expired', completed_at = ${now}
          where ${pendingCommand()} and expires_at <= ${now}
          returning operation_log_id)
        update operation_log set status = ${OperationStatus.FAILED}, result = '指令已过期：设备长时间未上线', date_updated = ${now}
        where id in (select operation_log_id from gone where operation_log_id is not null)
          and status in (${OperationStatus.QUEUED}, ${OperationStatus.SENT})`);
      return rowsAffected(result);
    },

    /** staleSent lists devices among these with a command sent but unanswered for RESEND_AFTER_MS. */
    async devicesWithStaleSent(deviceIds: string[]): Promise<string[]> {
      if (!deviceIds.length) return [];
      const result = await db.execute(sql`
        select distinct device_id from android_command
        where device_id = any(${uuidArray(deviceIds)}) and ${pendingCommand()} and status = 'sent' and sent_at < now() - ${`${RESEND_AFTER_MS} milliseconds`}::interval and expires_at > now()`);
      return rowsOf<{ device_id: string }>(result).map((r) => r.device_id);
    },
  };
}
export type AndroidQueueRepo = ReturnType<typeof createAndroidQueueRepo>;

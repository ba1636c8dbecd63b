import { eq, sql } from 'drizzle-orm';
import type { CommandResult } from '@lease/shared/agent-protocol';
import { EnrollmentStatus, LockStatus, OperationStatus, RegulateStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { androidDevice, androidLocationLog } from '../../domain/android-device.table.ts';
import { type DeviceEventType, emitDeviceEvent } from '../../domain/webhook-outbox.ts';
import { androidAgent, pendingCommand } from './android-agent.table.ts';
import { uuidArray } from './android-queue.repo.ts';

type Tx = Pick<Db, 'execute' | 'insert' | 'update' | 'select'>;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** IncomingResult is one command result from one authenticated agent. */
export interface IncomingResult {
  deviceId: string;
  result: CommandResult;
}

interface Finished {
  id: string;
  deviceId: string;
  type: string;
  operationLogId: string | null;
}

type Event = { deviceId: string; type: DeviceEventType; data?: Record<string, unknown> };

/** State columns a command's answer sets: [on success, on failure]. */
const STATE_EFFECTS: Record<string, [Record<string, number>, Record<string, number>]> = {
  lock: [{ lock_status: LockStatus.LOCKED }, { lock_status: LockStatus.UNLOCKED }],
  unlock: [{ lock_status: LockStatus.UNLOCKED }, { lock_status: LockStatus.LOCKED }],
  regulate: [{ regulate_status: RegulateStatus.REGULATED }, { regulate_status: RegulateStatus.UNREGULATED }],
  deregulate: [{ regulate_status: RegulateStatus.UNREGULATED }, { regulate_status: RegulateStatus.REGULATED }],
};

const DONE_TEXT: Record<string, string> = {
  lock: '设备已锁定',
  unlock: '设备已解锁',
  regulate: '设备已进入监管',
  deregulate: '设备已解除监管',
  'set-wallpaper': '壁纸已设置',
  'set-app-restriction': '应用限制已生效',
  release: '设备已解除管理，凭证已吊销',
  'refresh-policy': '设备已同步策略',
};

function summaryOf(type: string, r: CommandResult): string {
  if (r.status === 'failed') return `设备执行失败：${r.error || '未知错误'}`;
  const d = r.data ?? {};
  if (type === 'get-location' && d.location) return `已定位：${d.location.latitude.toFixed(6)}, ${d.location.longitude.toFixed(6)}`;
  if (type === 'get-installed-app-list') return `已获取 ${d.apps?.length ?? 0} 个应用`;
  if (type === 'set-system-restriction' || (type === 'regulate' && d.applied)) {
    const unsupported = d.unsupported?.length ? `；本机渠道不支持：${d.unsupported.join('、')}` : '';
    return `${DONE_TEXT[type] ?? '系统限制已生效'}（已应用 ${d.applied?.length ?? 0} 项${unsupported}）`;
  }
  return DONE_TEXT[type] ?? '设备已执行';
}

/**
 * applyResults records a batch of command results inside the caller's transaction, each once: one statement
 * finishes every pending command named (a duplicate or another device's command id finishes nothing), the
 * effects are written set-wise per kind, then the operation log and the webhooks. Returns how many applied.
 * (Last-seen times are the hub's business: batched per second, not per result.)
 */
export async function applyResults(tx: Tx, items: IncomingResult[]): Promise<number> {
  if (!items.length) return 0;
  const byId = new Map(items.map((i) => [i.result.command_id, i.result]));
  const values = items.map((i) => ({
    id: i.result.command_id,
    device_id: i.deviceId,
    ok: i.result.status === 'done',
    result: { error: i.result.error ?? null, data: i.result.data ?? {} },
  }));
  const finished = rowsOf<Finished>(
    await tx.execute(sql`
      update android_command c set status = case when v.ok then 'done' else 'failed' end, completed_at = now(), result = v.result
      from (select * from jsonb_to_recordset(${json(values)}) as x(id uuid, device_id uuid, ok boolean, result jsonb)) v
      where c.id = v.id and c.device_id = v.device_id and ${pendingCommand('c')}
      returning c.id, c.device_id as "deviceId", c.type, c.operation_log_id as "operationLogId"`),
  );

  const events: Event[] = [];
  const stateRows: Record<string, { id: string; epoch: number | null }[]> = {};
  for (const f of finished) {
    const r = byId.get(f.id)!;
    const ok = r.status === 'done';
    const effect = STATE_EFFECTS[f.type];
    if (effect) {
      const key = JSON.stringify(effect[ok ? 0 : 1]);
      (stateRows[key] ??= []).push({ id: f.deviceId, epoch: f.type === 'lock' && ok ? (r.data?.lock_epoch ?? null) : null });
      if (ok && f.type === 'lock') events.push({ deviceId: f.deviceId, type: 'device.locked' });
      if (ok && f.type === 'unlock') events.push({ deviceId: f.deviceId, type: 'device.unlocked' });
    }
    if (!ok) continue;
    await applyDataEffect(tx, f, r, events);
  }
  for (const [key, rows] of Object.entries(stateRows)) {
    const set = JSON.parse(key) as Record<string, number>;
    const assignments = Object.entries(set).map(([col, v]) => sql`${sql.identifier(col)} = ${v}`);
    await tx.execute(sql`
      update android_device d set ${sql.join(assignments, sql`, `)},
        lock_epoch = greatest(d.lock_epoch, coalesce(x.epoch, d.lock_epoch + ${'lock_status' in set && set.lock_status === LockStatus.LOCKED ? 1 : 0})),
        date_updated = now()
      from (select * from jsonb_to_recordset(${json(rows)}) as r(id uuid, epoch int)) x
      where d.id = x.id`);
  }

  const ops = finished
    .filter((f) => f.operationLogId)
    .map((f) => {
      const r = byId.get(f.id)!;
      return { id: f.operationLogId, status: r.status === 'done' ? OperationStatus.DONE : OperationStatus.FAILED, result: summaryOf(f.type, r) };
    });
  if (ops.length) {
    await tx.execute(sql`
      update operation_log o set status = x.status, result = x.result, date_updated = now()
      from (select * from jsonb_to_recordset(${json(ops)}) as r(id uuid, status int, result text)) x
      where o.id = x.id`);
  }
  await emitEvents(tx, events);
  return finished.length;
}

/** applyDataEffect writes what a successful answer carries: location, app list, restriction report, release. */
async function applyDataEffect(tx: Tx, f: Finished, r: CommandResult, events: Event[]) {
  const data = r.data ?? {};
  switch (f.type) {
    case 'get-location': {
      const loc = data.location;
      if (!loc) return;
      const measuredAt = new Date(loc.measured_at);
      await tx
        .insert(androidLocationLog)
        .values({ deviceId: f.deviceId, latitude: loc.latitude, longitude: loc.longitude, accuracy: loc.accuracy ?? null, measuredAt });
      await tx
        .update(androidDevice)
        .set({ lastActiveLocation: { latitude: loc.latitude, longitude: loc.longitude, accuracy: loc.accuracy, at: measuredAt.toISOString() } })
        .where(eq(androidDevice.id, f.deviceId));
      events.push({
        deviceId: f.deviceId,
        type: 'device.location',
        data: { latitude: loc.latitude, longitude: loc.longitude, accuracy: loc.accuracy ?? null },
      });
      return;
    }
    case 'get-installed-app-list':
      await tx
        .update(androidDevice)
        .set({ installedApps: data.apps ?? [] })
        .where(eq(androidDevice.id, f.deviceId));
      return;
    case 'set-system-restriction':
    case 'regulate':
      if (data.applied) {
        await tx
          .update(androidDevice)
          .set({ restrictionReport: { applied: data.applied, unsupported: data.unsupported ?? [], at: new Date().toISOString() } })
          .where(eq(androidDevice.id, f.deviceId));
      }
      return;
    case 'release':
      // The phone has let go: from now on its credential is refused. Its quota slot was freed at archive.
      await tx.update(androidAgent).set({ revokedAt: new Date() }).where(eq(androidAgent.deviceId, f.deviceId));
      await tx.update(androidDevice).set({ enrollmentStatus: EnrollmentStatus.RELEASED, dateUpdated: new Date() }).where(eq(androidDevice.id, f.deviceId));
      await tx.execute(sql`
        with gone as (update android_command set status = 'cancelled', completed_at = now()
          where device_id = ${f.deviceId} and ${pendingCommand()} returning operation_log_id)
        update operation_log set status = ${OperationStatus.CANCELLED}, result = '设备已解除管理', date_updated = now()
        where id in (select operation_log_id from gone where operation_log_id is not null)`);
      events.push({ deviceId: f.deviceId, type: 'device.released' });
      return;
  }
}

/** touchDevices marks devices as just heard from (the list's last-active column and offline filters). */
export async function touchDevices(tx: Pick<Db, 'execute'>, deviceIds: string[]) {
  if (!deviceIds.length) return;
  await tx.execute(sql`update android_device set last_active_time = now() where id = any(${uuidArray(deviceIds)})`);
}

/** emitEvents queues webhooks; one query first finds which of the devices' stores want any. */
export async function emitEvents(tx: Tx, events: Event[]) {
  if (!events.length) return;
  const ids = [...new Set(events.map((e) => e.deviceId))];
  const wanted = rowsOf<{ id: string; store_id: string }>(
    await tx.execute(sql`
      select d.id, d.for_store as store_id from android_device d
      join store_api_setting s on s.for_store = d.for_store and s.enabled and s.callback_url <> ''
      where d.id = any(${uuidArray(ids)})`),
  );
  const storeOf = new Map(wanted.map((w) => [w.id, w.store_id]));
  for (const e of events) {
    const storeId = storeOf.get(e.deviceId);
    if (storeId) await emitDeviceEvent(tx, { storeId, type: e.type, platform: 'android', deviceId: e.deviceId, data: e.data });
  }
}

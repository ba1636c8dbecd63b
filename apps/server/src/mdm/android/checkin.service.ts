import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { CheckinRequest as CheckinSchema, CheckinResponse } from '@lease/shared/agent-protocol';
import { LockStatus, OperationStatus, RegulateStatus } from '@lease/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { androidDevice, androidLocationLog } from '../../domain/android-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { androidAgent, androidCommand, androidPasscodeUse, pendingCommand } from './android-agent.table.ts';
import type { AgentIdentity } from './agent-auth.ts';
import type { AndroidQueueRepo } from './android-queue.repo.ts';
import { simColumns } from './enrolment.service.ts';
import { emitEvents } from './result-effects.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Checkin = z.output<typeof CheckinSchema>;
type Event = Parameters<typeof emitEvents>[1][number];

const sameSim = (a: { iccid?: string } | null, b: { iccid?: string } | null) => (a?.iccid ?? '') === (b?.iccid ?? '');

/**
 * createCheckinService records what an agent reports (facts, SIMs, location, apps, lock state) and reflects
 * what happened while it was offline: offline codes used (each recorded once, with an operation-log entry,
 * and the desired state follows: the store issued that code) and a self-lock after too long offline or at the
 * lease plan's lock_at.
 */
export function createCheckinService(deps: { db: Db; queue: AndroidQueueRepo }) {
  async function recordPasscodeUses(tx: Tx, device: typeof androidDevice.$inferSelect, body: Checkin, events: Event[]) {
    for (const use of body.passcode_uses) {
      const usedAt = new Date(use.used_at);
      const [fresh] = await tx
        .insert(androidPasscodeUse)
        .values({ deviceId: device.id, purpose: use.purpose, challenge: use.challenge, lockEpoch: use.lock_epoch, grantDays: use.grant_days, usedAt })
        .onConflictDoNothing()
        .returning({ id: androidPasscodeUse.id });
      if (!fresh) continue;
      const unlock = use.purpose === 'unlock';
      await tx.insert(operationLog).values({
        storeId: device.storeId,
        clerkId: null,
        platform: 'android',
        deviceId: device.id,
        action: unlock ? 'offline-unlock-used' : 'offline-deregulate-used',
        status: OperationStatus.DONE,
        detail: { challenge: use.challenge, lock_epoch: use.lock_epoch, grant_days: use.grant_days, used_at: usedAt.toISOString() },
        result: unlock ? '离线解锁码已在设备上使用，设备已解锁' : '离线解除监管码已在设备上使用，设备已解除监管',
      });
      // Commands queued before the code was used would undo what the store's code just did.
      const undone = unlock ? ['lock'] : ['lock', 'regulate'];
      const cancelled = await tx
        .update(androidCommand)
        .set({ status: 'cancelled', completedAt: new Date() })
        .where(and(eq(androidCommand.deviceId, device.id), inArray(androidCommand.type, undone), pendingCommand(), lt(androidCommand.createdAt, usedAt)))
        .returning({ op: androidCommand.operationLogId });
      const ops = cancelled.map((c) => c.op).filter((id): id is string => id !== null);
      if (ops.length)
        await tx
          .update(operationLog)
          .set({ status: OperationStatus.CANCELLED, result: '设备已用离线码解锁', dateUpdated: new Date() })
          .where(inArray(operationLog.id, ops));
      await tx
        .update(androidDevice)
        .set({
          lockStatus: LockStatus.UNLOCKED,
          ...(unlock ? {} : { regulateStatus: RegulateStatus.UNREGULATED }),
          policyVersion: sql`${androidDevice.policyVersion} + 1`,
          dateUpdated: new Date(),
        })
        .where(eq(androidDevice.id, device.id));
      events.push({ deviceId: device.id, type: 'device.unlocked', data: { offline_passcode: use.purpose } });
    }
  }

  /**
   * reflectOfflineLock records a self-lock (reason 'offline' or 'lease-overdue') once, as `offline-lock` with the
   * reason in its detail; the agent then follows the policy it fetches now it is online. The desired state is
   * left alone: the store's lock, or the lease watch's, is what keeps a phone locked once it is reachable.
   */
  async function reflectOfflineLock(
    tx: Tx,
    device: typeof androidDevice.$inferSelect,
    offlineLockedAt: Date | null,
    body: Checkin,
    hours: number,
    events: Event[],
  ) {
    const state = body.lock_state;
    if (state.locked && (state.reason === 'offline' || state.reason === 'lease-overdue')) {
      if (offlineLockedAt) return;
      const since = state.since ? new Date(state.since) : new Date();
      const lease = state.reason === 'lease-overdue';
      // Conditional, so two check-ins racing with the same news record it once.
      const marked = await tx
        .update(androidAgent)
        .set({ offlineLockedAt: since })
        .where(and(eq(androidAgent.deviceId, device.id), isNull(androidAgent.offlineLockedAt)))
        .returning({ id: androidAgent.deviceId });
      if (!marked.length) return;
      await tx.insert(operationLog).values({
        storeId: device.storeId,
        clerkId: null,
        platform: 'android',
        deviceId: device.id,
        action: 'offline-lock',
        status: OperationStatus.DONE,
        detail: { reason: state.reason, since: since.toISOString(), lock_epoch: state.epoch, ...(lease ? {} : { offline_lock_hours: hours }) },
        result: lease ? `分期逾期未还款，设备已于 ${since.toISOString()} 自动锁定` : `设备超过 ${hours} 小时未联网，已于 ${since.toISOString()} 自动锁定`,
      });
      events.push({ deviceId: device.id, type: 'device.locked', data: { reason: state.reason, since: since.toISOString() } });
    } else if (offlineLockedAt) {
      await tx.update(androidAgent).set({ offlineLockedAt: null }).where(eq(androidAgent.deviceId, device.id));
    }
  }

  return {
    async checkin(who: AgentIdentity, body: Checkin): Promise<CheckinResponse> {
      const policyVersion = await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .select({
            d: androidDevice,
            offlineLockedAt: androidAgent.offlineLockedAt,
            hours: sql<number>`(select android_offline_lock_hours from store where id = ${androidDevice.storeId})`,
          })
          .from(androidDevice)
          .innerJoin(androidAgent, eq(androidAgent.deviceId, androidDevice.id))
          .where(eq(androidDevice.id, who.deviceId))
          .for('update', { of: androidDevice });
        const device = row.d;
        const events: Event[] = [];
        const f = body.facts ?? {};
        const set: Partial<typeof androidDevice.$inferInsert> = { lastActiveTime: new Date(), dateUpdated: new Date() };
        for (const [key, column] of [
          ['serial_number', 'serialNumber'],
          ['imei_1', 'imei1'],
          ['imei_2', 'imei2'],
          ['meid', 'meid'],
          ['manufacturer', 'manufacturer'],
          ['model', 'model'],
          ['os_version', 'osVersion'],
          ['agent_version', 'agentVersion'],
        ] as const) {
          if (f[key]) set[column] = f[key];
        }
        if (f.brand) set.brand = f.brand.toLowerCase();
        if (f.sdk_int !== undefined) set.sdkInt = f.sdk_int;
        if (f.battery_level !== undefined) set.batteryLevel = f.battery_level;
        if (body.sims) {
          const sims = simColumns(body.sims);
          if (!sameSim(sims.sim1, device.sim1 ?? null) || !sameSim(sims.sim2, device.sim2 ?? null)) {
            events.push({ deviceId: device.id, type: 'device.sim_changed', data: { sim_1: sims.sim1, sim_2: sims.sim2 } });
          }
          Object.assign(set, sims);
        }
        if (body.location) {
          const loc = body.location;
          const measuredAt = new Date(loc.measured_at);
          await tx
            .insert(androidLocationLog)
            .values({ deviceId: device.id, latitude: loc.latitude, longitude: loc.longitude, accuracy: loc.accuracy ?? null, measuredAt });
          set.lastActiveLocation = { latitude: loc.latitude, longitude: loc.longitude, accuracy: loc.accuracy, at: measuredAt.toISOString() };
        }
        if (body.installed_apps) set.installedApps = body.installed_apps;
        if (body.restriction_report) set.restrictionReport = { ...body.restriction_report, at: new Date().toISOString() };
        if (body.lock_state.epoch > device.lockEpoch) set.lockEpoch = body.lock_state.epoch;
        await tx.update(androidDevice).set(set).where(eq(androidDevice.id, device.id));
        await tx.update(androidAgent).set({ lastSeenAt: new Date() }).where(eq(androidAgent.deviceId, device.id));
        await recordPasscodeUses(tx, device, body, events);
        await reflectOfflineLock(tx, device, row.offlineLockedAt, body, row.hours, events);
        await emitEvents(tx, events);
        const [after] = await tx.select({ v: androidDevice.policyVersion }).from(androidDevice).where(eq(androidDevice.id, device.id));
        return after.v;
      });
      return { policy_version: policyVersion, pending_commands: await deps.queue.pendingCount(who.deviceId), server_time: new Date().toISOString() };
    },
  };
}
export type CheckinService = ReturnType<typeof createCheckinService>;

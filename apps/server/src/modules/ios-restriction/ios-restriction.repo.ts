import { and, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { IOS_RESTRICTION_ACTIONS, OperationStatus, type RestrictionPayload } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { mdmCommand, mdmEnrollment } from '../../mdm/apple/mdm.table.ts';
import type { IosDeviceRow } from '../ios-device/ios-device.repo.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { createOperationLogRepo } from '../logs/operation-log.repo.ts';
import { store } from '../../domain/store.table.ts';
import { iosRestrictionProfile } from './ios-restriction.table.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Queryable = Db | Tx;

const ACTIONS = [...IOS_RESTRICTION_ACTIONS];
const PROFILE_COMMANDS = ['InstallProfile', 'RemoveProfile'];
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** ownPending: the device's restriction-profile commands still to be answered, in these queue states. */
const ownPending = (deviceId: string, statuses: string[]) => sql`
  select c.id, c.operation_log_id from mdm_command c join operation_log o on o.id = c.operation_log_id
  where c.device_id = ${deviceId} and c.status in ${sql.raw(`(${statuses.map((s) => `'${s}'`).join(', ')})`)}
    and c.request_type in ${sql.raw(`(${PROFILE_COMMANDS.map((s) => `'${s}'`).join(', ')})`)}
    and o.action in ${sql.raw(`(${ACTIONS.map((s) => `'${s}'`).join(', ')})`)}`;

/** recordInstalled notes what the phone acknowledged (null: it removed the profile); a success clears the last failure. */
export async function recordInstalled(tx: Tx, deviceId: string, payload: RestrictionPayload | null, operationLogId: string | null) {
  const values = { installed: payload, installedAt: new Date(), installedOperationLogId: operationLogId, lastFailure: null, lastFailureAt: null };
  await tx
    .insert(iosRestrictionProfile)
    .values({ deviceId, ...values })
    .onConflictDoUpdate({ target: iosRestrictionProfile.deviceId, set: values });
}

/** recordFailure notes why the phone refused an install; what it had before stays recorded as installed. */
export async function recordFailure(tx: Tx, deviceId: string, message: string) {
  const values = { lastFailure: message, lastFailureAt: new Date() };
  await tx
    .insert(iosRestrictionProfile)
    .values({ deviceId, ...values })
    .onConflictDoUpdate({ target: iosRestrictionProfile.deviceId, set: values });
}

/** IosRestrictionRepo reads and writes a device's restriction state: the record, the phone's profile, the queue. */
export function createIosRestrictionRepo(db: Db) {
  return {
    oplog: createOperationLogRepo(db),

    /** lockDevice reads the device row for update, so two changes to one phone's restrictions queue one after the other. */
    async lockDevice(tx: Tx, id: string): Promise<IosDeviceRow> {
      const [row] = await tx.select().from(iosDevice).where(eq(iosDevice.id, id)).for('update');
      return row;
    },

    async updateDevice(tx: Tx, id: string, patch: Partial<typeof iosDevice.$inferInsert>) {
      await tx
        .update(iosDevice)
        .set({ ...patch, dateUpdated: new Date() })
        .where(eq(iosDevice.id, id));
    },

    async storeDefaults(q: Queryable, storeId: string) {
      const [s] = await q
        .select({ systemRestriction: store.systemRestriction, whiteList: store.appleAppWhiteList, appRestriction: store.appRestriction })
        .from(store)
        .where(eq(store.id, storeId));
      return { systemRestriction: s?.systemRestriction ?? {}, whiteList: s?.whiteList ?? [], appRestriction: s?.appRestriction ?? {} };
    },

    /**
     * supersedeQueued cancels the device's restriction installs the phone has not taken yet: each profile carries
     * the whole state, so only the newest matters. One already sent stays; the phone answers it first.
     */
    async supersedeQueued(tx: Tx, deviceId: string) {
      const rows = rowsOf<{ id: string; operation_log_id: string }>(await tx.execute(ownPending(deviceId, ['queued', 'not-now'])));
      if (rows.length === 0) return;
      await tx
        .update(mdmCommand)
        .set({ status: 'cancelled', completedAt: new Date() })
        .where(
          inArray(
            mdmCommand.id,
            rows.map((r) => r.id),
          ),
        );
      await tx
        .update(operationLog)
        .set({ status: OperationStatus.CANCELLED, result: '已合并到之后的限制设置中一起下发', dateUpdated: new Date() })
        .where(
          inArray(
            operationLog.id,
            rows.map((r) => r.operation_log_id),
          ),
        );
    },

    /** installedNow is the payload on the phone: the last acknowledged one, unless the phone enrolled again since (erase). */
    async installedNow(q: Queryable, deviceId: string) {
      const [row] = await q
        .select({ profile: iosRestrictionProfile, authenticatedAt: mdmEnrollment.authenticatedAt })
        .from(iosRestrictionProfile)
        .leftJoin(mdmEnrollment, eq(mdmEnrollment.deviceId, iosRestrictionProfile.deviceId))
        .where(eq(iosRestrictionProfile.deviceId, deviceId));
      if (!row) return { payload: null, at: null, failure: null };
      const { profile, authenticatedAt } = row;
      const current = profile.installedAt !== null && authenticatedAt !== null && profile.installedAt > authenticatedAt;
      const failure = profile.lastFailure && profile.lastFailureAt ? { message: profile.lastFailure, at: profile.lastFailureAt } : null;
      return { payload: current ? profile.installed : null, at: current ? profile.installedAt : null, failure };
    },

    /** hasSentCommand: a restriction install is with the phone right now (sent, not answered). */
    async hasSentCommand(tx: Tx, deviceId: string) {
      return rowsOf(await tx.execute(ownPending(deviceId, ['sent']))).length > 0;
    },

    /** pendingOperation is the newest restriction operation still on its way to the phone. */
    async pendingOperation(deviceId: string) {
      const [row] = await db
        .select({ id: operationLog.id, action: operationLog.action, status: operationLog.status, dateCreated: operationLog.dateCreated })
        .from(operationLog)
        .where(
          and(
            eq(operationLog.deviceId, deviceId),
            inArray(operationLog.action, ACTIONS),
            inArray(operationLog.status, [OperationStatus.QUEUED, OperationStatus.SENT]),
          ),
        )
        .orderBy(desc(operationLog.dateCreated))
        .limit(1);
      return row ?? null;
    },

    /**
     * dueTrustWindows locks the devices whose enterprise-app trust window has ended. SKIP LOCKED: with several
     * server processes each window is reverted by exactly one of them.
     */
    async dueTrustWindows(tx: Tx, now: Date, limit: number): Promise<IosDeviceRow[]> {
      return tx
        .select()
        .from(iosDevice)
        .where(and(isNotNull(iosDevice.enterpriseAppTrustUntil), lte(iosDevice.enterpriseAppTrustUntil, now)))
        .orderBy(iosDevice.enterpriseAppTrustUntil)
        .limit(limit)
        .for('update', { skipLocked: true });
    },
  };
}
export type IosRestrictionRepo = ReturnType<typeof createIosRestrictionRepo>;

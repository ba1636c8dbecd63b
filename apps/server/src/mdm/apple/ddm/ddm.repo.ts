import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { EnrollmentStatus } from '@lease/shared';
import { iosDevice } from '../../../domain/ios-device.table.ts';
import { store } from '../../../domain/store.table.ts';
import type { Tx } from '../effects/result-effect.ts';
import { CommandStatus, PENDING_COMMAND_STATUSES, mdmCommand, mdmEnrollment } from '../mdm.table.ts';
import { phoneDeclarations } from './ddm-builtins.ts';
import { type Declaration, declarationsToken, serverToken } from './ddm-tokens.ts';
import { ddmDeclaration, ddmDevice } from './ddm.table.ts';
import type { DeclarationInput } from './ddm-port.ts';

type Queryable = Pick<Tx, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** PhoneSet is what one phone should have and where its sync stands. */
export interface PhoneSet {
  deviceId: string;
  storeId: string;
  osVersion: string;
  /** Enrolled, its channel enabled and not released: it may be sent commands. */
  manageable: boolean;
  syncedToken: string | null;
  announcedToken: string | null;
  refusedToken: string | null;
  declarations: Declaration[];
  token: string;
  /** The newest change among its stored declarations and its store (SyncTokens.Timestamp). */
  timestamp: Date;
}

const CHUNK = 1000;
const chunks = <T>(list: T[]) => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));
const latest = (dates: Date[]) => new Date(Math.max(...dates.map((d) => d.getTime())));

/** phoneSets reads the declaration sets of these phones: three queries for any number of phones (in chunks of 1000). */
export async function phoneSets(tx: Queryable, deviceIds: string[]): Promise<PhoneSet[]> {
  const out: PhoneSet[] = [];
  for (const ids of chunks([...new Set(deviceIds)])) {
    const phones = await tx
      .select({
        deviceId: iosDevice.id,
        storeId: iosDevice.storeId,
        osVersion: iosDevice.osVersion,
        enrollmentStatus: iosDevice.enrollmentStatus,
        storeName: store.storeName,
        storeUpdated: store.dateUpdated,
        enabled: mdmEnrollment.enabled,
        released: mdmEnrollment.released,
        syncedToken: ddmDevice.syncedToken,
        announcedToken: ddmDevice.announcedToken,
        refusedToken: ddmDevice.refusedToken,
      })
      .from(iosDevice)
      .innerJoin(store, eq(store.id, iosDevice.storeId))
      .leftJoin(mdmEnrollment, eq(mdmEnrollment.deviceId, iosDevice.id))
      .leftJoin(ddmDevice, eq(ddmDevice.deviceId, iosDevice.id))
      .where(inArray(iosDevice.id, ids));
    if (!phones.length) continue;
    const storeIds = [...new Set(phones.map((p) => p.storeId))];
    const rows = await tx
      .select()
      .from(ddmDeclaration)
      .where(sql`${inArray(ddmDeclaration.storeId, storeIds)} or ${inArray(ddmDeclaration.deviceId, ids)}`);
    for (const p of phones) {
      const storeRows = rows.filter((r) => r.storeId === p.storeId);
      const deviceRows = rows.filter((r) => r.deviceId === p.deviceId);
      const declarations = phoneDeclarations(p.storeName, storeRows, deviceRows);
      out.push({
        deviceId: p.deviceId,
        storeId: p.storeId,
        osVersion: p.osVersion,
        manageable: p.enrollmentStatus === EnrollmentStatus.ENROLLED && p.enabled === true && p.released === false,
        syncedToken: p.syncedToken,
        announcedToken: p.announcedToken,
        refusedToken: p.refusedToken,
        declarations,
        token: declarationsToken(declarations),
        timestamp: latest([p.storeUpdated, ...storeRows.map((r) => r.dateUpdated), ...deviceRows.map((r) => r.dateUpdated)]),
      });
    }
  }
  return out;
}

/** Scope says whose declaration a write is: a store default or one phone's. */
export type Scope = { storeId: string } | { deviceId: string };
const scopeColumn = (scope: Scope) => ('storeId' in scope ? eq(ddmDeclaration.storeId, scope.storeId) : eq(ddmDeclaration.deviceId, scope.deviceId));

/** upsertDeclaration writes a declaration; true when its content (server token) changed. */
export async function upsertDeclaration(tx: Queryable, scope: Scope, input: DeclarationInput): Promise<boolean> {
  const token = serverToken(input.type, input.payload);
  const [existing] = await tx
    .select({ id: ddmDeclaration.id, serverToken: ddmDeclaration.serverToken })
    .from(ddmDeclaration)
    .where(and(scopeColumn(scope), eq(ddmDeclaration.identifier, input.identifier)));
  const values = { type: input.type, payload: input.payload, serverToken: token, dateUpdated: new Date() };
  if (existing?.serverToken === token) return false;
  if (existing) await tx.update(ddmDeclaration).set(values).where(eq(ddmDeclaration.id, existing.id));
  else await tx.insert(ddmDeclaration).values({ ...scope, identifier: input.identifier, ...values });
  return true;
}

/** deleteDeclaration drops a declaration; true when there was one. */
export async function deleteDeclaration(tx: Queryable, scope: Scope, identifier: string): Promise<boolean> {
  const gone = await tx
    .delete(ddmDeclaration)
    .where(and(scopeColumn(scope), eq(ddmDeclaration.identifier, identifier)))
    .returning({ id: ddmDeclaration.id });
  return gone.length > 0;
}

/** storeDeviceIds lists a store's phones that have a device channel (the ones a store default can reach). */
export async function storeDeviceIds(tx: Queryable, storeId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: iosDevice.id })
    .from(iosDevice)
    .innerJoin(mdmEnrollment, eq(mdmEnrollment.deviceId, iosDevice.id))
    .where(and(eq(iosDevice.storeId, storeId), isNotNull(iosDevice.udid)));
  return rows.map((r) => r.id);
}

/** recordSync notes the DeclarationsToken a phone has just been told (tokens, declaration-items). */
export async function recordSync(tx: Queryable, deviceId: string, token: string) {
  const now = new Date();
  await tx
    .insert(ddmDevice)
    .values({ deviceId, syncedToken: token, syncedAt: now })
    .onConflictDoUpdate({ target: ddmDevice.deviceId, set: { syncedToken: token, syncedAt: now } });
}

export const DDM_REQUEST_TYPE = 'DeclarativeManagement';

/** cancelWaitingSyncs cancels the phones' DeclarativeManagement commands still waiting: a newer one replaces them. */
export async function cancelWaitingSyncs(tx: Queryable, deviceIds: string[]) {
  for (const ids of chunks(deviceIds)) {
    await tx
      .update(mdmCommand)
      .set({ status: CommandStatus.CANCELLED, completedAt: new Date() })
      .where(and(inArray(mdmCommand.deviceId, ids), eq(mdmCommand.requestType, DDM_REQUEST_TYPE), inArray(mdmCommand.status, PENDING_COMMAND_STATUSES)));
  }
}

/** recordAnnounced notes the DeclarationsToken each phone's new DeclarativeManagement command carries. */
export async function recordAnnounced(tx: Queryable, sets: Pick<PhoneSet, 'deviceId' | 'token'>[]) {
  for (const part of chunks(sets)) {
    await tx
      .insert(ddmDevice)
      .values(part.map((s) => ({ deviceId: s.deviceId, announcedToken: s.token })))
      .onConflictDoUpdate({ target: ddmDevice.deviceId, set: { announcedToken: sql`excluded.announced_token` } });
  }
}

/** forgetAnnounced: the command carrying this token expired unanswered, so the phone never heard of the set. */
export async function forgetAnnounced(tx: Queryable, deviceId: string, token: string) {
  await tx
    .update(ddmDevice)
    .set({ announcedToken: null })
    .where(and(eq(ddmDevice.deviceId, deviceId), eq(ddmDevice.announcedToken, token)));
}

/** recordRefusal notes a DeclarativeManagement command the phone answered with an error: that token is not sent again. */
export async function recordRefusal(tx: Queryable, deviceId: string, token: string, chain: Record<string, unknown>[] | undefined) {
  const set = { refusedToken: token, refusal: chain ?? [] };
  await tx
    .insert(ddmDevice)
    .values({ deviceId, ...set })
    .onConflictDoUpdate({ target: ddmDevice.deviceId, set });
}

/** forgetSync: a phone enrolling again (erase, restore) has no declarations, whatever it synced in its old life. */
export async function forgetSync(tx: Queryable, deviceId: string) {
  await tx
    .update(ddmDevice)
    .set({ syncedToken: null, syncedAt: null, announcedToken: null, refusedToken: null, refusal: null })
    .where(eq(ddmDevice.deviceId, deviceId));
}

import { type SQL, and, asc, desc, eq, gte, inArray, isNull, like, lt, lte, ne, or, sql } from 'drizzle-orm';
import { EnrollmentStatus, type IosListQuery } from '@lease/shared';
import type { Db } from '../db/client.ts';
import { chinaDayStart } from '../db/date-range.ts';
import { paged } from '../db/paged.ts';
import type { androidDevice } from './android-device.table.ts';
import { searchText } from './device-columns.ts';
import { clerk } from './clerk.table.ts';
import type { iosDevice } from './ios-device.table.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** DeviceScope is whose devices a caller may see: the store's, and only their own without view-all. */
export interface DeviceScope {
  storeId: string;
  /** Set when the caller lacks list:view-all: only devices assigned to this clerk. */
  clerkId?: string;
}

/** DeviceTable is either platform's device table; both carry deviceColumns (device-columns.ts). */
export type DeviceTable = typeof iosDevice | typeof androidDevice;

/** DeviceListQuery is the part of a list query both platforms share (spec §5 filters, sort and paging). */
export type DeviceListQuery = Pick<
  IosListQuery,
  | 'imei'
  | 'hirer_phone_number'
  | 'for_clerk'
  | 'lock_status'
  | 'registration_time'
  | 'offline_duration'
  | 'sort_index'
  | 'sort_direction'
  | 'page_num'
  | 'page_size'
>;

/** scopeConditions limits a query to the devices the scope may see. */
export function scopeConditions(t: DeviceTable, scope: DeviceScope): SQL[] {
  const where = [eq(t.storeId, scope.storeId)];
  if (scope.clerkId) where.push(eq(t.clerkId, scope.clerkId));
  return where;
}

/**
 * hirerPhoneCondition: all 11 digits are an equality (btree), 4 to 10 digits a fragment anywhere (the last 4 a clerk
 * hears on the phone), found through the trigram index on searchText's `ids` and checked on the phone itself; fewer
 * digits stay a prefix, as before.
 */
export function hirerPhoneCondition(t: DeviceTable, digits: string): SQL {
  if (digits.length === 11) return eq(t.hirerPhoneNumber, digits);
  if (digits.length < 4) return like(t.hirerPhoneNumber, `${digits}%`);
  const pattern = `%${digits}%`;
  return and(sql`${searchText(t).ids} like ${pattern}`, like(t.hirerPhoneNumber, pattern))!;
}

/**
 * listDevices is the paged device list of both platforms. `where` holds the scope and the platform's own
 * conditions (tab, serial, brand…); the shared filters of `q` are added after them. A deferred join pages
 * through ids alone (index-only), then reads just the page's rows with their clerk, so deep pages skip index
 * entries instead of whole rows.
 */
export async function listDevices<T extends DeviceTable>(db: Db, t: T, where: SQL[], q: DeviceListQuery, now: Date) {
  const conditions = [...where];
  if (q.imei) conditions.push(or(like(t.imei1, `${q.imei}%`), like(t.imei2, `${q.imei}%`))!);
  if (q.hirer_phone_number) conditions.push(hirerPhoneCondition(t, q.hirer_phone_number));
  if (q.for_clerk) conditions.push(eq(t.clerkId, q.for_clerk));
  if (q.lock_status !== undefined) conditions.push(eq(t.lockStatus, q.lock_status));
  if (q.registration_time) {
    // The filter's 8-digit dates are days of the store, in China time; the end day is included whole.
    const [from, to] = [...q.registration_time].sort();
    conditions.push(gte(t.registrationTime, chinaDayStart(from)), lt(t.registrationTime, new Date(chinaDayStart(to).getTime() + DAY_MS)));
  }
  if (q.offline_duration) {
    const since = new Date(now.getTime() - q.offline_duration * HOUR_MS);
    // As the home counts it: a phone registered but never enrolled is 待激活, not offline.
    conditions.push(ne(t.enrollmentStatus, EnrollmentStatus.REGISTERED), or(isNull(t.lastActiveTime), lte(t.lastActiveTime, since))!);
  }
  const column = q.sort_index === 'last_active_time' ? t.lastActiveTime : t.registrationTime;
  const order = q.sort_direction === 'ascend' ? [sql`${column} asc nulls first`, asc(t.id)] : [sql`${column} desc nulls last`, desc(t.id)];
  const condition = and(...conditions);
  const pageIds = db
    .select({ id: t.id })
    .from(t as DeviceTable)
    .where(condition)
    .orderBy(...order)
    .$dynamic();
  const { rows: idRows, total } = await paged(db, q, pageIds, { from: t, where: condition });
  const ids = idRows.map((r) => r.id);
  type Row = { device: T['$inferSelect']; clerkName: string | null };
  const rows: Row[] = ids.length
    ? await db
        .select({ device: t as DeviceTable, clerkName: clerk.name })
        .from(t as DeviceTable)
        .leftJoin(clerk, eq(clerk.id, t.clerkId))
        .where(inArray(t.id, ids))
    : [];
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => position.get(a.device.id)! - position.get(b.device.id)!);
  return { rows, total };
}

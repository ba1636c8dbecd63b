import { type SQL, and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { type OperationLogItem, type OperationLogListQuery, Perm, appleModelName, hasPermission } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/authz.ts';
import { androidDevice } from '../../domain/android-device.table.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { dayRangeFilter } from '../../db/date-range.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { toOperationItem } from './operation-log.item.ts';

export type OperationPlatform = 'ios' | 'android';

export interface OperationLogQuery {
  /** Newest first. Without device_id it is the store's log page: callers holding Db1 (or admin) see every
   *  clerk's operations, others only their own. With device_id: that device's operations (caller must be
   *  allowed to see the device: the route checks that first). */
  list(auth: AuthContext, platform: OperationPlatform, query: OperationLogListQuery): Promise<{ list: OperationLogItem[]; total: number }>;
}

/** The serial shown in the log: Apple's serial number; an Android phone's serial, else its IMEI. */
const deviceSerial = {
  ios: sql<string | null>`(select ${iosDevice.serialNumber} from ${iosDevice} where ${iosDevice.id} = ${operationLog.deviceId})`,
  android: sql<
    string | null
  >`(select coalesce(nullif(${androidDevice.serialNumber}, ''), nullif(${androidDevice.imei1}, '')) from ${androidDevice} where ${androidDevice.id} = ${operationLog.deviceId})`,
} as const;

/** The hirer and the model beside the serial, so a clerk knows the phone without opening it. */
const deviceFacts = {
  ios: {
    hirer: sql<string | null>`(select ${iosDevice.hirerName} from ${iosDevice} where ${iosDevice.id} = ${operationLog.deviceId})`,
    model: sql<string | null>`(select ${iosDevice.model} from ${iosDevice} where ${iosDevice.id} = ${operationLog.deviceId})`,
  },
  android: {
    hirer: sql<string | null>`(select ${androidDevice.hirerName} from ${androidDevice} where ${androidDevice.id} = ${operationLog.deviceId})`,
    model: sql<string | null>`(select ${androidDevice.model} from ${androidDevice} where ${androidDevice.id} = ${operationLog.deviceId})`,
  },
} as const;

/** escapeLike makes the clerk's text match literally inside a LIKE pattern. */
const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** devicesMatching: the store's devices whose serial (or Android IMEI), hirer name or hirer phone contains `keyword`. */
function devicesMatching(db: Db, platform: OperationPlatform, storeId: string, keyword: string) {
  const like = `%${escapeLike(keyword)}%`;
  if (platform === 'ios') {
    return db
      .select({ id: iosDevice.id })
      .from(iosDevice)
      .where(
        and(eq(iosDevice.storeId, storeId), or(ilike(iosDevice.serialNumber, like), ilike(iosDevice.hirerName, like), ilike(iosDevice.hirerPhoneNumber, like))),
      );
  }
  return db
    .select({ id: androidDevice.id })
    .from(androidDevice)
    .where(
      and(
        eq(androidDevice.storeId, storeId),
        or(
          ilike(androidDevice.serialNumber, like),
          ilike(androidDevice.imei1, like),
          ilike(androidDevice.hirerName, like),
          ilike(androidDevice.hirerPhoneNumber, like),
        ),
      ),
    );
}

/** createOperationLogQuery: the store-wide operation-log pages (spec §4 security pages), one store at a time. */
export function createOperationLogQuery(db: Db): OperationLogQuery {
  return {
    async list(auth, platform, q) {
      const where: SQL[] = [eq(operationLog.storeId, auth.storeId), eq(operationLog.platform, platform)];
      if (q.device_id) where.push(eq(operationLog.deviceId, q.device_id));
      else if (!hasPermission(auth.perms, Perm.OPERATION_LOG)) where.push(eq(operationLog.clerkId, auth.clerkId));
      if (q.for_clerk) where.push(eq(operationLog.clerkId, q.for_clerk));
      if (q.action) where.push(eq(operationLog.action, q.action));
      if (q.status !== undefined) where.push(eq(operationLog.status, q.status));
      if (q.device_keyword) where.push(inArray(operationLog.deviceId, devicesMatching(db, platform, auth.storeId, q.device_keyword)));
      where.push(...dayRangeFilter(operationLog.dateCreated, q));
      const condition = and(...where);

      const [rows, [{ n }]] = await Promise.all([
        db
          .select({
            log: operationLog,
            clerkName: clerk.name,
            serial: deviceSerial[platform],
            hirer: deviceFacts[platform].hirer,
            model: deviceFacts[platform].model,
          })
          .from(operationLog)
          .leftJoin(clerk, eq(clerk.id, operationLog.clerkId))
          .where(condition)
          .orderBy(desc(operationLog.dateCreated), desc(operationLog.id))
          .limit(q.page_size)
          .offset(q.page_num * q.page_size),
        db.select({ n: count() }).from(operationLog).where(condition),
      ]);
      return {
        total: n,
        list: rows.map(({ log, clerkName, serial, hirer, model }) => ({
          ...toOperationItem(log, clerkName),
          device_serial: serial ?? null,
          device_hirer: hirer ?? null,
          device_model: model ? (platform === 'ios' ? appleModelName(model) : model) : null,
          platform,
        })),
      };
    },
  };
}

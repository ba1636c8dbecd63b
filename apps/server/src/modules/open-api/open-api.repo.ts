import { type SQL, and, count, desc, eq, like, or, sql } from 'drizzle-orm';
import type { OpenDeviceListQuery, OpenPlatform } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { androidDevice } from '../../domain/android-device.table.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';

type Tx = Pick<Db, 'update'>;

const tables = { ios: iosDevice, android: androidDevice } as const;

/** columns is the common shape of both device tables, so one UNION ALL pages through a store's phones. */
function columns(platform: OpenPlatform) {
  const t = tables[platform];
  return {
    id: t.id,
    platform: sql<OpenPlatform>`${platform}::text`.as('platform'),
    serialNumber: t.serialNumber,
    imei1: t.imei1,
    imei2: t.imei2,
    model: t.model,
    /** Apple's marketing name (ModelName) or the Android brand. */
    maker: (platform === 'ios' ? sql<string>`${iosDevice.productName}` : sql<string>`${androidDevice.brand}`).as('maker'),
    osVersion: t.osVersion,
    hirerName: t.hirerName,
    hirerPhoneNumber: t.hirerPhoneNumber,
    enrollmentStatus: t.enrollmentStatus,
    lockStatus: t.lockStatus,
    batteryLevel: t.batteryLevel,
    registrationTime: t.registrationTime,
    lastActiveTime: t.lastActiveTime,
    lastActiveLocation: t.lastActiveLocation,
    /** Apple: in the recycle bin; Android: archived. Both are hidden from the console's main list. */
    archived: (platform === 'ios' ? sql<boolean>`(${iosDevice.recycledStatus} = 1)` : sql<boolean>`${androidDevice.archived}`).as('archived'),
  };
}

function filters(platform: OpenPlatform, storeId: string, q: Partial<OpenDeviceListQuery>): SQL {
  const t = tables[platform];
  const where: SQL[] = [eq(t.storeId, storeId)];
  if (q.serial_number) where.push(like(t.serialNumber, `${platform === 'ios' ? q.serial_number.toUpperCase() : q.serial_number}%`));
  if (q.imei) where.push(or(like(t.imei1, `${q.imei}%`), like(t.imei2, `${q.imei}%`))!);
  if (q.hirer_phone_number) where.push(like(t.hirerPhoneNumber, `${q.hirer_phone_number}%`));
  return and(...where)!;
}

/** OpenApiRepo reads a store's iPhones and Android phones in one shape; every query names the store. */
export function createOpenApiRepo(db: Db) {
  const select = (platform: OpenPlatform, storeId: string, q: Partial<OpenDeviceListQuery>) =>
    db
      .select(columns(platform))
      .from(tables[platform])
      .where(filters(platform, storeId, q));

  return {
    async list(storeId: string, q: OpenDeviceListQuery) {
      const platforms: OpenPlatform[] = q.platform ? [q.platform] : ['ios', 'android'];
      const [first, second] = platforms.map((p) => select(p, storeId, q));
      const union = second ? first.unionAll(second) : first;
      const [rows, ...counts] = await Promise.all([
        union
          .orderBy(desc(sql`registration_time`), desc(sql`id`))
          .limit(q.page_size)
          .offset(q.page_num * q.page_size),
        ...platforms.map((p) =>
          db
            .select({ n: count() })
            .from(tables[p])
            .where(filters(p, storeId, q)),
        ),
      ]);
      return { rows, total: counts.reduce((sum, [{ n }]) => sum + n, 0) };
    },

    async find(storeId: string, platform: OpenPlatform, id: string) {
      const [row] = await db
        .select(columns(platform))
        .from(tables[platform])
        .where(and(eq(tables[platform].storeId, storeId), eq(tables[platform].id, id)));
      return row;
    },

    async updateHirer(tx: Tx, storeId: string, platform: OpenPlatform, id: string, hirer: { hirerName: string; hirerPhoneNumber: string }) {
      const t = tables[platform];
      const rows = await tx
        .update(t)
        .set({ ...hirer, dateUpdated: new Date() })
        .where(and(eq(t.storeId, storeId), eq(t.id, id)))
        .returning({ id: t.id });
      return rows.length === 1;
    },
  };
}
export type OpenApiRepo = ReturnType<typeof createOpenApiRepo>;

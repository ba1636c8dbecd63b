import { type SQL, and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { androidDevice } from '../../domain/android-device.table.ts';
import type { DeviceTable } from '../../domain/device-list.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';

export interface HirerDevice {
  platform: 'ios' | 'android';
  id: string;
  name: string;
  hirerName: string;
  phone: string;
}

/** HirerKey is who a report is about, as far as a device record can tell: the hirer's phone and name. */
export interface HirerKey {
  phone: string;
  name: string;
}

/** hirerName is a name as compared: no spaces (half- or full-width) and no middle dots, which clerks type both ways. */
const hirerName = (name: string) => name.replace(/[\s\u3000·•．.]/g, '').toLowerCase();

/**
 * sameHirer: a device's hirer is the report's person. The phone alone is not enough (numbers are shared and
 * reassigned); the device records carry no id number, so the name must match too, and a device without a name
 * is never linked.
 */
export const sameHirer = (device: HirerKey, hirer: HirerKey) =>
  device.phone === hirer.phone && hirerName(device.name) !== '' && hirerName(device.name) === hirerName(hirer.name);

/** HirerQuery is whose devices to read: the store's, leased to these phones (any hirer when null), only active ones when set. */
interface HirerQuery {
  storeId: string;
  phones: string[] | null;
  active: boolean;
}

/**
 * leasedDevices reads the devices of table `t` that `q` asks for: id, serial, hirer and phone, plus `nameColumns`
 * (the platform's own parts of the device name). `activeSql` is what active means on that platform.
 */
function leasedDevices<N extends Record<string, PgColumn>>(db: Db, t: DeviceTable, nameColumns: N, activeSql: SQL, q: HirerQuery) {
  return db
    .select({ id: t.id, serial: t.serialNumber, hirerName: t.hirerName, phone: t.hirerPhoneNumber, ...nameColumns })
    .from(t)
    .where(and(eq(t.storeId, q.storeId), q.phones ? inArray(t.hirerPhoneNumber, q.phones) : ne(t.hirerPhoneNumber, ''), q.active ? activeSql : undefined));
}

/**
 * Devices of a store leased to the given hirer phones: how a report links to the phones its hirer holds,
 * and whom the early-access re-check watches (`active`: Apple not recycled, Android not archived, enrolled).
 */
export async function hirerDevices(db: Db, storeId: string, phones: string[] | null, active = false): Promise<HirerDevice[]> {
  if (phones && !phones.length) return [];
  const q = { storeId, phones, active };
  const ios = await leasedDevices(
    db,
    iosDevice,
    { product: iosDevice.productName },
    sql`${iosDevice.recycledStatus} = 0 and ${iosDevice.enrollmentStatus} in (0, 1)`,
    q,
  );
  const android = await leasedDevices(
    db,
    androidDevice,
    { brand: androidDevice.brand, model: androidDevice.model },
    sql`not ${androidDevice.archived} and ${androidDevice.enrollmentStatus} in (0, 1)`,
    q,
  );
  return [
    ...ios.map((d) => ({ platform: 'ios' as const, id: d.id, name: [d.product, d.serial].filter(Boolean).join(' '), hirerName: d.hirerName, phone: d.phone })),
    ...android.map((d) => ({
      platform: 'android' as const,
      id: d.id,
      name: [d.brand, d.model, d.serial].filter(Boolean).join(' '),
      hirerName: d.hirerName,
      phone: d.phone,
    })),
  ];
}

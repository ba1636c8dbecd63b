import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { androidDevice } from '../../domain/android-device.table.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';

export interface HirerDevice {
  platform: 'ios' | 'android';
  id: string;
  name: string;
  hirerName: string;
  phone: string;
}

/**
 * Devices of a store leased to the given hirer phones: how a report links to the phones its hirer holds,
 * and whom the early-access re-check watches (`active`: Apple not recycled, Android not archived, enrolled).
 */
export async function hirerDevices(db: Db, storeId: string, phones: string[] | null, active = false): Promise<HirerDevice[]> {
  if (phones && !phones.length) return [];
  const ios = await db
    .select({
      id: iosDevice.id,
      serial: iosDevice.serialNumber,
      product: iosDevice.productName,
      hirerName: iosDevice.hirerName,
      phone: iosDevice.hirerPhoneNumber,
    })
    .from(iosDevice)
    .where(
      and(
        eq(iosDevice.storeId, storeId),
        phones ? inArray(iosDevice.hirerPhoneNumber, phones) : ne(iosDevice.hirerPhoneNumber, ''),
        active ? sql`${iosDevice.recycledStatus} = 0 and ${iosDevice.enrollmentStatus} in (0, 1)` : undefined,
      ),
    );
  const android = await db
    .select({
      id: androidDevice.id,
      serial: androidDevice.serialNumber,
      brand: androidDevice.brand,
      model: androidDevice.model,
      hirerName: androidDevice.hirerName,
      phone: androidDevice.hirerPhoneNumber,
    })
    .from(androidDevice)
    .where(
      and(
        eq(androidDevice.storeId, storeId),
        phones ? inArray(androidDevice.hirerPhoneNumber, phones) : ne(androidDevice.hirerPhoneNumber, ''),
        active ? sql`not ${androidDevice.archived} and ${androidDevice.enrollmentStatus} in (0, 1)` : undefined,
      ),
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

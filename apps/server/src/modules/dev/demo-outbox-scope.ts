import { type SQL, and, eq, inArray, notInArray, or } from 'drizzle-orm';
import { SmsPurpose } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { smsOutbox } from '../../adapters/sms/outbox.table.ts';
import { androidDevice } from '../../domain/android-device.table.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';

/**
 * demoOutboxScope is the part of the SMS outbox the demo store's admin may read: every text to the store's own
 * clerks (its admin included), and the lease reminders to the hirers of its devices. The demo account is shared,
 * and the outbox holds the codes of every store on the instance: another store's sign-in or reset code would
 * take that account over. A code that opens a new account (a new clerk, a store being registered) is shown while
 * its phone is nobody's clerk yet: the demo's own 新增店员 and 注册门店 flows need it, and it opens nothing that
 * exists; once the phone belongs to a store, only that store's admin sees its texts.
 */
export function demoOutboxScope(db: Db, storeId: string): SQL {
  const clerks = db.select({ phone: clerk.phoneNumber }).from(clerk).where(eq(clerk.storeId, storeId));
  const everyClerk = db.select({ phone: clerk.phoneNumber }).from(clerk);
  const iosHirers = db.select({ phone: iosDevice.hirerPhoneNumber }).from(iosDevice).where(eq(iosDevice.storeId, storeId));
  const androidHirers = db.select({ phone: androidDevice.hirerPhoneNumber }).from(androidDevice).where(eq(androidDevice.storeId, storeId));
  return or(
    inArray(smsOutbox.phoneNumber, clerks),
    and(inArray(smsOutbox.purpose, [SmsPurpose.REGISTER, SmsPurpose.CLERK_NEW]), notInArray(smsOutbox.phoneNumber, everyClerk)),
    // Only reminders: a hirer's phone is whatever the store typed, so it must not open another account's codes.
    and(eq(smsOutbox.purpose, SmsPurpose.LEASE_REMINDER), or(inArray(smsOutbox.phoneNumber, iosHirers), inArray(smsOutbox.phoneNumber, androidHirers))),
  ) as SQL;
}

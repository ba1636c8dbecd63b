import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { iosDevice } from '../../domain/ios-device.table.ts';

/**
 * iosActivationLock is what a phone itself says about its Activation Lock. The code the server generated lives in
 * ios_device.activation_lock_passcode; Apple asks servers to keep the phone's own code too and to try the other
 * when one fails, since only that one opens a lock the hirer set with 查找.
 */
export const iosActivationLock = pgTable('ios_activation_lock', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => iosDevice.id, { onDelete: 'cascade' }),
  /** The phone's ActivationLockBypassCode answer, sealed to the code box's public key ('x1.'). */
  deviceCode: text('device_code'),
  deviceCodeAt: timestamp('device_code_at', { withTimezone: true }),
  /** When the server last asked for the phone's code: once per enrolment, as a phone hands it out for 15 days after supervision only. */
  deviceCodeRequestedAt: timestamp('device_code_requested_at', { withTimezone: true }),
  /** The phone's last IsActivationLockEnabled (Apple: can be wrong either way); null before it said. */
  deviceReportsEnabled: boolean('device_reports_enabled'),
  /** When that answer last changed. */
  reportedAt: timestamp('reported_at', { withTimezone: true }),
});

/** activationLockSealKey publishes the public key effects seal phones' codes to; its private key is derived from DATA_DIR's secret. */
export const activationLockSealKey = pgTable('activation_lock_seal_key', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
});

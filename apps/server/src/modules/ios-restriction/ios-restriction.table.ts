import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RestrictionPayload } from '@lease/shared';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';

/**
 * iosRestrictionProfile is what the phone itself has of our restrictions profile, as it acknowledged it. The
 * device record holds what the store asks for; the two differ while a change is on its way or was refused.
 */
export const iosRestrictionProfile = pgTable('ios_restriction_profile', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => iosDevice.id, { onDelete: 'cascade' }),
  /** The Restrictions payload the phone acknowledged last; null once it acknowledged the removal. */
  installed: jsonb('installed').$type<RestrictionPayload>(),
  /** When the phone acknowledged it. An enrolment after that (erase, re-enrolment) means the profile is gone. */
  installedAt: timestamp('installed_at', { withTimezone: true }),
  installedOperationLogId: uuid('installed_operation_log_id').references(() => operationLog.id, { onDelete: 'set null' }),
  /** Apple's reason for the last refused install (the previous profile stays on the phone). */
  lastFailure: text('last_failure'),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
});
export type IosRestrictionProfileRow = typeof iosRestrictionProfile.$inferSelect;

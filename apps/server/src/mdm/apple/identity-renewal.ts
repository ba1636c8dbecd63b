import { and, asc, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { store } from '../../domain/store.table.ts';
import { type Commander, Priority } from './commander.ts';
import { installProfile } from './commands.ts';
import type { EnrollmentProfileService } from './enrolment-profile.service.ts';
import { mdmEnrollment, mdmIdentity } from './mdm.table.ts';

const DAY = 86_400_000;
/** DEFAULT_RENEWAL_WINDOW_DAYS: identities this close to their end get a renewal profile (IDENTITY_RENEWAL_DAYS). */
export const DEFAULT_RENEWAL_WINDOW_DAYS = 60;
/** A renewal the phone has not taken up in this long is sent again (its command and challenge live 14 days). */
const RESEND_AFTER_MS = 7 * DAY;
/** A renewal still not taken up after this long is reported: the console and the daily log line name the phone. */
export const UNANSWERED_AFTER_MS = 3 * DAY;
const RENEWAL_COMMAND_TTL_MS = 14 * DAY;
const BATCH = 200;

/** UnansweredRenewal is a phone that was sent a renewal and still signs with its old identity. */
export interface UnansweredRenewal {
  deviceId: string;
  storeId: string;
  serialNumber: string;
  renewalSentAt: Date;
  identityNotAfter: Date;
}

/**
 * createIdentityRenewal keeps every enrolled phone's identity certificate valid for the whole lease. A phone whose
 * identity ends within the window gets its enrolment profile again by InstallProfile, with a new SCEP payload and
 * the same PayloadIdentifier: iOS replaces the profile in place, enrols a new key with our CA and signs with the new
 * certificate from then on; EnrollmentRepo.current() binds it when the phone first presents it.
 */
export function createIdentityRenewal(deps: { db: Db; commander: Commander; profiles: EnrollmentProfileService; windowDays: number; log: FastifyBaseLogger }) {
  const { db } = deps;

  /** claim marks one phone's renewal as sent, unless another process (or run) just did. */
  async function claim(deviceId: string, now: Date): Promise<boolean> {
    const claimed = await db
      .update(mdmEnrollment)
      .set({ renewalSentAt: now })
      .where(
        and(
          eq(mdmEnrollment.deviceId, deviceId),
          or(isNull(mdmEnrollment.renewalSentAt), lt(mdmEnrollment.renewalSentAt, new Date(now.getTime() - RESEND_AFTER_MS))),
        ),
      )
      .returning({ deviceId: mdmEnrollment.deviceId });
    return claimed.length > 0;
  }

  /**
   * withIdentityAndPhone joins each enrolment of `query` to the identity it signs with and to its phone. The query
   * comes in `$dynamic()`: drizzle types a join added by a helper only on a dynamic query.
   */
  function withIdentityAndPhone<Q extends PgSelect>(query: Q) {
    return query
      .innerJoin(mdmIdentity, eq(mdmIdentity.fingerprint, mdmEnrollment.certFingerprint))
      .innerJoin(iosDevice, eq(iosDevice.id, mdmEnrollment.deviceId));
  }

  return {
    /** run sends renewal profiles to the phones that need one; returns how many were sent. */
    async run(): Promise<number> {
      const now = new Date();
      const due = await withIdentityAndPhone(
        db
          .select({
            deviceId: mdmEnrollment.deviceId,
            storeId: iosDevice.storeId,
            clerkId: iosDevice.clerkId,
            storeName: store.storeName,
            notAfter: mdmIdentity.notAfter,
          })
          .from(mdmEnrollment)
          .$dynamic(),
      )
        .innerJoin(store, eq(store.id, iosDevice.storeId))
        .where(
          and(
            eq(mdmEnrollment.enabled, true),
            eq(mdmEnrollment.released, false),
            lt(mdmIdentity.notAfter, new Date(now.getTime() + deps.windowDays * DAY)),
            or(isNull(mdmEnrollment.renewalSentAt), lt(mdmEnrollment.renewalSentAt, new Date(now.getTime() - RESEND_AFTER_MS))),
          ),
        )
        .orderBy(asc(mdmIdentity.notAfter))
        .limit(BATCH);
      const sent: string[] = [];
      for (const row of due) {
        if (!(await claim(row.deviceId, now))) continue;
        const profile = await deps.profiles.renewalProfileFor({ storeId: row.storeId, clerkId: row.clerkId, deviceId: row.deviceId }, row.storeName);
        await db.transaction((tx) =>
          deps.commander.enqueueIn(tx, [{ deviceId: row.deviceId, build: (uuid) => installProfile(profile, { uuid }) }], {
            priority: Priority.SECURITY,
            ttlMs: RENEWAL_COMMAND_TTL_MS,
          }),
        );
        sent.push(row.deviceId);
      }
      if (sent.length) {
        deps.commander.wake(sent);
        deps.log.info({ devices: sent.length }, 'identity renewal profiles sent');
      }
      return sent.length;
    },

    /** unanswered lists phones sent a renewal over UNANSWERED_AFTER_MS ago that still use the old identity. */
    async unanswered(storeId?: string): Promise<UnansweredRenewal[]> {
      const before = new Date(Date.now() - UNANSWERED_AFTER_MS);
      const rows = await withIdentityAndPhone(
        db
          .select({
            deviceId: mdmEnrollment.deviceId,
            storeId: iosDevice.storeId,
            serialNumber: iosDevice.serialNumber,
            renewalSentAt: mdmEnrollment.renewalSentAt,
            identityNotAfter: mdmIdentity.notAfter,
          })
          .from(mdmEnrollment)
          .$dynamic(),
      )
        .where(
          and(
            eq(mdmEnrollment.released, false),
            isNotNull(mdmEnrollment.renewalSentAt),
            lt(mdmEnrollment.renewalSentAt, before),
            storeId ? eq(iosDevice.storeId, storeId) : undefined,
          ),
        )
        .orderBy(asc(mdmIdentity.notAfter))
        .limit(500);
      return rows.map((r) => ({ ...r, renewalSentAt: r.renewalSentAt as Date }));
    },
  };
}
export type IdentityRenewal = ReturnType<typeof createIdentityRenewal>;

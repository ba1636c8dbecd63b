import { and, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { store } from '../../domain/store.table.ts';
import type { StoreEnrolmentSettings } from './enrolment-profile.service.ts';
import { mdmEnrollment, mdmIdentity } from './mdm.table.ts';

type Tx = Pick<Db, 'select' | 'update' | 'insert' | 'delete'>;
export type EnrollmentRow = typeof mdmEnrollment.$inferSelect;

/** EnrollmentRepo reads and writes the device channel and the certificates our CA issued. */
export function createEnrollmentRepo(db: Db) {
  return {
    /** storeSettings: the store's own enrolment host and profile prefix (nulls for an unknown store). */
    async storeSettings(storeId: string): Promise<StoreEnrolmentSettings> {
      const [row] = await db.select({ mdmHost: store.mdmHost, payloadPrefix: store.payloadPrefix }).from(store).where(eq(store.id, storeId));
      return row ?? { mdmHost: null, payloadPrefix: null };
    },
    /** enrolledInStore counts the store's phones under management now: their profiles carry its host and prefix. */
    async enrolledInStore(storeId: string): Promise<number> {
      const [{ n }] = await db
        .select({ n: count() })
        .from(mdmEnrollment)
        .innerJoin(iosDevice, eq(iosDevice.id, mdmEnrollment.deviceId))
        .where(and(eq(iosDevice.storeId, storeId), eq(mdmEnrollment.enabled, true), eq(mdmEnrollment.released, false)));
      return n;
    },
    async identity(fingerprint: string) {
      const [row] = await db.select().from(mdmIdentity).where(eq(mdmIdentity.fingerprint, fingerprint));
      return row;
    },
    async recordIdentity(values: typeof mdmIdentity.$inferInsert) {
      await db.insert(mdmIdentity).values(values).onConflictDoNothing();
    },
    async byFingerprint(fingerprint: string, tx: Tx = db): Promise<EnrollmentRow | undefined> {
      const [row] = await tx.select().from(mdmEnrollment).where(eq(mdmEnrollment.certFingerprint, fingerprint));
      return row;
    },
    async byUdid(udid: string, tx: Tx = db): Promise<EnrollmentRow | undefined> {
      const [row] = await tx.select().from(mdmEnrollment).where(eq(mdmEnrollment.udid, udid));
      return row;
    },
    async deviceBySerial(tx: Tx, storeId: string, serial: string) {
      const [row] = await tx
        .select()
        .from(iosDevice)
        .where(and(eq(iosDevice.storeId, storeId), eq(iosDevice.serialNumber, serial)));
      return row;
    },
    async deviceById(tx: Tx, id: string) {
      const [row] = await tx.select().from(iosDevice).where(eq(iosDevice.id, id));
      return row;
    },
    /** bind makes this certificate the device's only identity: a new Authenticate replaces the old one. */
    async bind(tx: Tx, values: { deviceId: string; udid: string; fingerprint: string }) {
      await tx.delete(mdmEnrollment).where(and(eq(mdmEnrollment.udid, values.udid), ne(mdmEnrollment.deviceId, values.deviceId)));
      // tokenUpdatedAt goes back to null: the first TokenUpdate of every enrolment runs the after-enrolment steps.
      const fresh = {
        udid: values.udid,
        certFingerprint: values.fingerprint,
        enabled: false,
        released: false,
        authenticatedAt: new Date(),
        tokenUpdatedAt: null,
        pushMagic: null,
        tokenHex: null,
        pushDead: false,
        pushFailures: 0,
        nextPushAt: null,
        renewalSentAt: null,
      };
      await tx
        .insert(mdmEnrollment)
        .values({ deviceId: values.deviceId, ...fresh })
        .onConflictDoUpdate({ target: mdmEnrollment.deviceId, set: fresh });
      await tx.update(mdmIdentity).set({ deviceId: values.deviceId }).where(eq(mdmIdentity.fingerprint, values.fingerprint));
    },
    /**
     * current finds the enrolment a certificate speaks for. The bound certificate always does. A renewed identity
     * (issued through a renewal profile for this very device) takes over the enrolment when the phone first
     * presents it with the enrolment's UDID; from then on the old certificate is refused, as nanomdm's cert-auth
     * refuses an unassociated one. Before that, the old certificate keeps working.
     */
    async current(fingerprint: string, udid: string): Promise<EnrollmentRow | undefined> {
      const bound = await this.byFingerprint(fingerprint);
      if (bound) return bound;
      const cert = await this.identity(fingerprint);
      if (!cert?.renewal || !cert.deviceId || cert.releasedAt) return undefined;
      const [row] = await db.select().from(mdmEnrollment).where(eq(mdmEnrollment.deviceId, cert.deviceId));
      if (!row || row.released || row.udid !== udid) return undefined;
      const renewedAt = new Date();
      const [adopted] = await db
        .update(mdmEnrollment)
        .set({ certFingerprint: fingerprint, renewalSentAt: null, renewedAt })
        .where(and(eq(mdmEnrollment.deviceId, row.deviceId), eq(mdmEnrollment.certFingerprint, row.certFingerprint)))
        .returning();
      // A concurrent request of the same phone may have switched first; either way the new certificate is bound now.
      return adopted ?? (await this.byFingerprint(fingerprint));
    },
    async update(deviceId: string, values: Partial<typeof mdmEnrollment.$inferInsert>, tx: Tx = db) {
      await tx.update(mdmEnrollment).set(values).where(eq(mdmEnrollment.deviceId, deviceId));
    },
  };
}
export type EnrollmentRepo = ReturnType<typeof createEnrollmentRepo>;

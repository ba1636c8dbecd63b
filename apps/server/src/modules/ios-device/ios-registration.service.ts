import { and, eq, inArray } from 'drizzle-orm';
import { OperationStatus } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { MdmEngine } from '../../mdm/apple/mdm-engine.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { recordHandOvers } from '../clerk/distribution-log.repo.ts';
import type { OperationLogRepo } from '../logs/operation-log.repo.ts';
import { store } from '../../domain/store.table.ts';
import { releaseDeviceSlots, reserveDeviceSlots } from '../../domain/device-quota.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';

/**
 * createIosRegistrationService registers serials before phones enrol (spec `ios/new`), charging the store's
 * and the clerk's quotas, and hands out enrolment profiles for Apple Configurator or one phone's link.
 */
export function createIosRegistrationService(deps: {
  db: Db;
  oplog: OperationLogRepo;
  mdm: MdmEngine;
  linkOf: (d: typeof iosDevice.$inferSelect, base?: string) => string;
}) {
  const { db } = deps;
  return {
    async register(auth: AuthContext, serials: string[], forClerk: string | undefined, remark = '') {
      const unique = [...new Set(serials)];
      const owner = forClerk ?? auth.clerkId;
      if (forClerk) {
        const [c] = await db.select({ storeId: clerk.storeId }).from(clerk).where(eq(clerk.id, forClerk));
        if (!c || c.storeId !== auth.storeId) throw notFound('店员不存在');
      }
      // A batch registers what it can: serials already in the store are named back, the rest go in.
      const existing = await db
        .select({ serial: iosDevice.serialNumber })
        .from(iosDevice)
        .where(and(eq(iosDevice.storeId, auth.storeId), inArray(iosDevice.serialNumber, unique)));
      const taken = new Set(existing.map((e) => e.serial));
      const fresh = unique.filter((s) => !taken.has(s));
      if (!fresh.length) throw new AppError('CONFLICT', `序列号已登记：${[...taken].join('、')}`);
      const rows = await db.transaction(async (tx) => {
        // Slots first, all or none (a quota too small refuses the batch): the store row's lock also queues
        // parallel registrations of the store, so their inserts cannot deadlock on each other's serials.
        await reserveDeviceSlots(tx, auth.storeId, owner, fresh.length);
        // A parallel registration may have taken a serial since the check: it is skipped (not a 500) and its slot given back.
        const inserted = await tx
          .insert(iosDevice)
          .values(fresh.map((serialNumber) => ({ storeId: auth.storeId, clerkId: owner, serialNumber, remark })))
          .onConflictDoNothing({ target: [iosDevice.storeId, iosDevice.serialNumber] })
          .returning();
        if (!inserted.length) throw new AppError('CONFLICT', `序列号已登记：${fresh.join('、')}`);
        if (inserted.length < fresh.length) await releaseDeviceSlots(tx, auth.storeId, owner, fresh.length - inserted.length);
        // Registering for another clerk hands the new devices to them: the distribution log shows who did it.
        if (owner !== auth.clerkId) {
          await recordHandOvers(
            tx,
            inserted.map((d) => ({
              storeId: auth.storeId,
              platform: 'ios' as const,
              deviceId: d.id,
              fromClerkId: null,
              toClerkId: owner,
              byClerkId: auth.clerkId,
              serialNumber: d.serialNumber,
            })),
          );
        }
        await deps.oplog.insertMany(
          inserted.map((d) => ({
            storeId: auth.storeId,
            clerkId: auth.clerkId,
            platform: 'ios' as const,
            deviceId: d.id,
            action: 'new',
            status: OperationStatus.DONE,
            detail: { serial_number: d.serialNumber },
          })),
          tx,
        );
        return inserted;
      });
      const registered = new Set(rows.map((d) => d.serialNumber));
      const base = await deps.mdm.profiles.baseUrlFor(auth.storeId);
      return {
        list: rows.map((d) => ({ id: d.id, serial_number: d.serialNumber, enroll_link: deps.linkOf(d, base) })),
        rejected: unique.filter((s) => !registered.has(s)).map((serial_number) => ({ serial_number, reason: '序列号已登记' })),
      };
    },

    /** storeProfile prepares many phones with Apple Configurator; they join the caller's list. */
    async storeProfile(auth: AuthContext) {
      const [s] = await db.select({ name: store.storeName }).from(store).where(eq(store.id, auth.storeId));
      return deps.mdm.profiles.profileFor({ storeId: auth.storeId, clerkId: auth.clerkId, deviceId: null }, s.name);
    },
  };
}
export type IosRegistrationService = ReturnType<typeof createIosRegistrationService>;

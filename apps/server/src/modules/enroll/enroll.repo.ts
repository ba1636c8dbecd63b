import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { store } from '../../domain/store.table.ts';

/** EnrollTarget is the phone an enrolment link names: a serial number in one store. */
export interface EnrollTarget {
  storeId: string;
  serialNumber: string;
}

type Tx = Pick<Db, 'select' | 'update'>;

/** createEnrollRepo reads and writes what the hirer's public link may touch: one phone of one store. */
export function createEnrollRepo(db: Db) {
  return {
    /** find the link's phone with its store's name; `forUpdate` locks the row against a parallel submit or enrolment. */
    async find(target: EnrollTarget, tx: Tx = db, forUpdate = false) {
      const q = tx
        .select({ device: iosDevice, storeName: store.storeName })
        .from(iosDevice)
        .innerJoin(store, eq(store.id, iosDevice.storeId))
        .where(and(eq(iosDevice.storeId, target.storeId), eq(iosDevice.serialNumber, target.serialNumber)));
      const [row] = forUpdate ? await q.for('update', { of: iosDevice }) : await q;
      return row ?? null;
    },

    /** hirerWroteLast: the phone's newest hirer edit came from the hirer's own link (not the store, the open API or an import). */
    async hirerWroteLast(deviceId: string, tx: Tx = db): Promise<boolean> {
      const [last] = await tx
        .select({ by: sql<string | null>`${operationLog.detail}->>'by'` })
        .from(operationLog)
        .where(and(eq(operationLog.deviceId, deviceId), eq(operationLog.platform, 'ios'), eq(operationLog.action, 'update-hirer')))
        .orderBy(desc(operationLog.dateCreated), desc(operationLog.id))
        .limit(1);
      return last?.by === 'hirer';
    },

    async setHirer(tx: Tx, deviceId: string, hirerName: string, hirerPhone: string) {
      await tx.update(iosDevice).set({ hirerName, hirerPhoneNumber: hirerPhone, dateUpdated: new Date() }).where(eq(iosDevice.id, deviceId));
    },
  };
}
export type EnrollRepo = ReturnType<typeof createEnrollRepo>;

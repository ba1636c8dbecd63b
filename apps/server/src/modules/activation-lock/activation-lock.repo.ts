import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activationLockSealKey, iosActivationLock } from './activation-lock.table.ts';

type Queryable = Pick<Db, 'select' | 'insert' | 'update'>;
export type DeviceLockFacts = typeof iosActivationLock.$inferSelect;
type FactsUpdate = Partial<Omit<typeof iosActivationLock.$inferInsert, 'deviceId'>>;

const SEAL_KEY_ID = 'device-code';

/** publishSealKey stores the public key phones' codes are sealed to (the same for every process sharing DATA_DIR). */
export async function publishSealKey(db: Queryable, publicKeyPem: string) {
  await db
    .insert(activationLockSealKey)
    .values({ id: SEAL_KEY_ID, publicKey: publicKeyPem })
    .onConflictDoUpdate({ target: activationLockSealKey.id, set: { publicKey: publicKeyPem, dateUpdated: new Date() } });
}

export async function sealKey(db: Queryable): Promise<string | null> {
  const [row] = await db.select({ publicKey: activationLockSealKey.publicKey }).from(activationLockSealKey).where(eq(activationLockSealKey.id, SEAL_KEY_ID));
  return row?.publicKey ?? null;
}

export async function lockFactsOf(db: Queryable, deviceId: string): Promise<DeviceLockFacts | null> {
  const [row] = await db.select().from(iosActivationLock).where(eq(iosActivationLock.deviceId, deviceId));
  return row ?? null;
}

/** saveLockFacts writes what the phone said (one row per phone, made on first use). */
export async function saveLockFacts(db: Queryable, deviceId: string, set: FactsUpdate) {
  await db
    .insert(iosActivationLock)
    .values({ deviceId, ...set })
    .onConflictDoUpdate({ target: iosActivationLock.deviceId, set });
}

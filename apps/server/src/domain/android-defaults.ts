import { eq } from 'drizzle-orm';
import { type AndroidAppRestriction, AndroidAppRestrictionMode, type AndroidAppEntry, resolveStoreRestrictions } from '@lease/shared';
import type { Db } from '../db/client.ts';
import { store } from './store.table.ts';

/** AndroidDefaults is what a store sets for its Android phones: the restriction map and the app rule. */
export interface AndroidDefaults {
  /** Complete over the catalogue: keys the store never chose follow the core 监管 set. */
  systemRestriction: Record<string, boolean>;
  appRestriction: AndroidAppRestriction;
  offlineLockHours: number;
}

/** appRuleOf reads the stored app rule; `{}` (never set) is "off". */
export function appRuleOf(saved: Record<string, unknown>): AndroidAppRestriction {
  const mode = saved.mode === AndroidAppRestrictionMode.WHITELIST ? AndroidAppRestrictionMode.WHITELIST : AndroidAppRestrictionMode.BLACKLIST;
  return { enable: saved.enable === true, mode, list: Array.isArray(saved.list) ? (saved.list as AndroidAppEntry[]) : [] };
}

/**
 * readAndroidDefaults gives a store's Android defaults (store columns android_system_restriction,
 * android_app_restriction, android_offline_lock_hours); the agent gateway uses it for newly enrolled phones too.
 */
export async function readAndroidDefaults(db: Pick<Db, 'select'>, storeId: string): Promise<AndroidDefaults | null> {
  const [row] = await db
    .select({ system: store.androidSystemRestriction, app: store.androidAppRestriction, hours: store.androidOfflineLockHours })
    .from(store)
    .where(eq(store.id, storeId));
  if (!row) return null;
  return { systemRestriction: resolveStoreRestrictions(row.system), appRestriction: appRuleOf(row.app), offlineLockHours: row.hours };
}

/** writeAndroidDefaults saves either default; the restriction map is stored complete so later catalogue defaults never shift it. */
export async function writeAndroidDefaults(
  db: Pick<Db, 'update'>,
  storeId: string,
  values: { systemRestriction?: Record<string, boolean>; appRestriction?: AndroidAppRestriction },
) {
  await db
    .update(store)
    .set({
      ...(values.systemRestriction ? { androidSystemRestriction: values.systemRestriction } : {}),
      ...(values.appRestriction ? { androidAppRestriction: { ...values.appRestriction } } : {}),
      dateUpdated: new Date(),
    })
    .where(eq(store.id, storeId));
}

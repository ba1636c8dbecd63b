import type { OpsSettings } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../report/ledger.ts';
import { platformSetting } from './ops.table.ts';

const DEFAULTS: OpsSettings = { self_registration: true };

/** PlatformSettings reads and writes the operator's platform-wide switches; unset keys read as their default. */
export function createPlatformSettings(db: Db) {
  async function get(): Promise<OpsSettings> {
    const rows = await db.select().from(platformSetting);
    const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    return { self_registration: typeof stored.self_registration === 'boolean' ? stored.self_registration : DEFAULTS.self_registration };
  }
  return {
    get,
    /** selfRegistrationOpen: whether /system/register may create stores (the register page and its API ask). */
    selfRegistrationOpen: async () => (await get()).self_registration,
    async set(values: Partial<OpsSettings>, tx: Tx = db) {
      for (const [key, value] of Object.entries(values)) {
        if (value === undefined) continue;
        await tx
          .insert(platformSetting)
          .values({ key, value })
          .onConflictDoUpdate({ target: platformSetting.key, set: { value, dateUpdated: new Date() } });
      }
    },
  };
}
export type PlatformSettings = ReturnType<typeof createPlatformSettings>;

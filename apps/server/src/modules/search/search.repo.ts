import { type SQL, and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { androidDevice } from '../../domain/android-device.table.ts';
import { searchText } from '../../domain/device-columns.ts';
import { type DeviceScope, type DeviceTable, scopeConditions } from '../../domain/device-list.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';

/**
 * SearchTerm is a normalised query: `anywhere` (3+ characters) matches a fragment of any searched field; two
 * characters match the start of the hirer's name only, since a trigram index cannot look up a shorter fragment.
 */
export interface SearchTerm {
  text: string;
  anywhere: boolean;
}

export interface SearchRow {
  id: string;
  serialNumber: string;
  imei1: string;
  imei2: string;
  model: string;
  brand: string;
  hirerName: string;
  hirerPhoneNumber: string;
  remark: string;
  lockStatus: number;
  enrollmentStatus: number;
  rank: number;
}

/** escapeLike makes user text match literally inside a LIKE pattern. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** createSearchRepo finds a store's phones by fragments of their hirer, serial, IMEI or remark; no rules here. */
export function createSearchRepo(db: Db) {
  /**
   * find: the scope's phones matching `term` through the trigram indexes on searchText, best first: an exact phone or
   * name, then the phone's last digits, then the name's start, then the most recently active.
   */
  async function find(t: DeviceTable, inService: SQL, scope: DeviceScope, term: SearchTerm, limit: number): Promise<SearchRow[]> {
    const { ids, words } = searchText(t);
    const literal = escapeLike(term.text);
    const match = term.anywhere ? or(sql`${ids} ilike ${`%${literal}%`}`, sql`${words} ilike ${`%${literal}%`}`)! : sql`${words} ilike ${`${literal}%`}`;
    const rank = sql<number>`case
      when ${t.hirerPhoneNumber} = ${term.text} or ${t.hirerName} = ${term.text} then 0
      when ${t.hirerPhoneNumber} like ${`%${literal}`} then 1
      when ${t.hirerName} like ${`${literal}%`} then 2
      else 3 end`.mapWith(Number);
    return db
      .select({
        id: t.id,
        serialNumber: t.serialNumber,
        imei1: t.imei1,
        imei2: t.imei2,
        model: t.model,
        brand: t === androidDevice ? androidDevice.brand : sql<string>`''`,
        hirerName: t.hirerName,
        hirerPhoneNumber: t.hirerPhoneNumber,
        remark: t.remark,
        lockStatus: t.lockStatus,
        enrollmentStatus: t.enrollmentStatus,
        rank,
      })
      .from(t as DeviceTable)
      .where(and(...scopeConditions(t, scope), inService, match))
      .orderBy(rank, sql`${t.lastActiveTime} desc nulls last`, t.id)
      .limit(limit);
  }

  return {
    /** ios: Apple devices out of the recycle bin, as the Apple list shows them. */
    ios: (scope: DeviceScope, term: SearchTerm, limit: number) => find(iosDevice, eq(iosDevice.recycledStatus, 0), scope, term, limit),
    /** android: Android phones not archived, as the Android list's default tab shows them. */
    android: (scope: DeviceScope, term: SearchTerm, limit: number) => find(androidDevice, eq(androidDevice.archived, false), scope, term, limit),
  };
}
export type SearchRepo = ReturnType<typeof createSearchRepo>;

import { type SQL, and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { androidDevice } from '../../domain/android-device.table.ts';
import { searchText } from '../../domain/device-columns.ts';
import { type DeviceScope, type DeviceTable, scopeConditions } from '../../domain/device-list.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';

/**
 * SearchTerm is a normalised query: `anywhere` (3+ characters) matches a fragment of any searched field. Two
 * characters match the start or the end of the hirer's name (a surname, or a two-character given name such as 小芳 of
 * 欧阳小芳): a trigram index cannot look up a two-character fragment, but it holds every word's first and last trigram.
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

/**
 * nameEnds matches a name that starts or ends with a two-character `literal`, through the index on `words` (name, a
 * space, remark), which pg_trgm looks up by a word's padded first or last trigram: `words` starting with it is the
 * name starting with it; a word ending with it before a space ('%ab %') is the name's end when the name itself ends
 * with it, which keeps a remark's words out.
 */
function nameEnds(t: DeviceTable, words: SQL, literal: string): SQL {
  return or(sql`${words} ilike ${`${literal}%`}`, and(sql`${words} ilike ${`%${literal} %`}`, sql`${t.hirerName} ilike ${`%${literal}`}`))!;
}

/** createSearchRepo finds a store's phones by fragments of their hirer, serial, IMEI or remark; no rules here. */
export function createSearchRepo(db: Db) {
  /**
   * find: the scope's phones matching `term` through the trigram indexes on searchText, best first: an exact phone or
   * name, then the phone's last digits, then the name's start, then the most recently active.
   */
  async function find(t: DeviceTable, inService: SQL, scope: DeviceScope, term: SearchTerm, limit: number): Promise<SearchRow[]> {
    const { ids, words } = searchText(t);
    const literal = escapeLike(term.text);
    const match = term.anywhere ? or(sql`${ids} ilike ${`%${literal}%`}`, sql`${words} ilike ${`%${literal}%`}`)! : nameEnds(t, words, literal);
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

import {
  DEVICE_SEARCH_LIMIT,
  type DeviceSearchField,
  type DeviceSearchItem,
  type DeviceSearchQuery,
  type DeviceSearchResponse,
  Module,
  appleModelName,
  maskPhone,
} from '@lease/shared';
import type { AuthContext } from '../../http/authz.ts';
import { brandLabel } from '../android-device/android-device.dto.ts';
import { androidScopeOf } from '../android-device/android-device.service.ts';
import { scopeOf } from '../ios-device/ios-device.service.ts';
import type { SearchRepo, SearchRow, SearchTerm } from './search.repo.ts';

/** searchTerm: three or more characters match anywhere; two match the start or the end of a name (search.repo.ts). */
export const searchTerm = (q: string): SearchTerm => ({ text: q, anywhere: [...q].length >= 3 });

/** matchedField says which field put a phone in the answer, in the order a clerk most often types them. */
export function matchedField(row: SearchRow, term: SearchTerm): DeviceSearchField {
  const q = term.text.toLowerCase();
  const has = (v: string) => {
    const s = v.toLowerCase();
    return term.anywhere ? s.includes(q) : s.startsWith(q) || s.endsWith(q);
  };
  if (term.anywhere && /^\d+$/.test(q) && row.hirerPhoneNumber.includes(q)) return 'phone';
  if (has(row.hirerName)) return 'name';
  if (term.anywhere && row.serialNumber.toLowerCase().includes(q)) return 'serial';
  if (term.anywhere && (row.imei1.includes(q) || row.imei2.includes(q))) return 'imei';
  return 'remark';
}

function toItem(platform: 'ios' | 'android', row: SearchRow, term: SearchTerm): DeviceSearchItem {
  const matched = matchedField(row, term);
  const imei = matched === 'imei' && !row.imei1.includes(term.text) ? row.imei2 : row.imei1;
  return {
    platform,
    id: row.id,
    serial_number: row.serialNumber,
    imei,
    model_name: platform === 'ios' ? appleModelName(row.model) : `${brandLabel(row.brand)} ${row.model}`.trim(),
    hirer_name: row.hirerName,
    hirer_phone_number: maskPhone(row.hirerPhoneNumber),
    remark: row.remark,
    lock_status: row.lockStatus,
    enrollment_status: row.enrollmentStatus,
    matched,
  };
}

/**
 * createSearchService: the header search over both platforms. Each platform answers only in a store that has its
 * module, and within the caller's scope there, exactly as its list does (all of the store's phones with that
 * platform's 查看全部设备, else only the caller's own).
 */
export function createSearchService({ repo }: { repo: SearchRepo }) {
  return {
    async devices(auth: AuthContext, q: DeviceSearchQuery): Promise<DeviceSearchResponse> {
      const term = searchTerm(q.q);
      const limit = DEVICE_SEARCH_LIMIT + 1;
      const [ios, android] = await Promise.all([
        auth.modules.includes(Module.APPLE) ? repo.ios(scopeOf(auth), term, limit) : [],
        auth.modules.includes(Module.ANDROID) ? repo.android(androidScopeOf(auth), term, limit) : [],
      ]);
      const all = [...ios.map((r) => ({ r, item: toItem('ios', r, term) })), ...android.map((r) => ({ r, item: toItem('android', r, term) }))];
      // Each platform's rows come best first; merged by rank, Apple before Android within a rank (stable sort).
      all.sort((a, b) => a.r.rank - b.r.rank);
      return { list: all.slice(0, DEVICE_SEARCH_LIMIT).map((x) => x.item), more: all.length > DEVICE_SEARCH_LIMIT };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;

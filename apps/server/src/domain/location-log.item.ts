import type { AndroidLocationLogItem } from '@lease/shared';
import type { iosLocationLog } from './ios-device.table.ts';

/** LocationLogRow is one row of either platform's location log; both tables use locationLogColumns. */
export type LocationLogRow = typeof iosLocationLog.$inferSelect;

/** toLocationItem is one location-log row as the API shows it, for the Apple and Android location-log pages. */
export function toLocationItem(r: LocationLogRow): AndroidLocationLogItem {
  return {
    latitude: r.latitude,
    longitude: r.longitude,
    accuracy: r.accuracy,
    measured_at: r.measuredAt.toISOString(),
    date_created: r.dateCreated.toISOString(),
  };
}

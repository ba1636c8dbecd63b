/**
 * Calendar days in a store's time zone. A lease's dates are days, not instants: "the due day" is the store's
 * day, whatever the server's zone. Days are `YYYY-MM-DD` strings, compared as strings.
 */

import { wallParts } from '../../domain/zoned-time.ts';

const DAY_MS = 86_400_000;

/** wallClock is what a clock in `timeZone` shows at `at`, as UTC milliseconds of that wall time. */
function wallClock(at: Date, timeZone: string): number {
  const parts = wallParts(at, timeZone);
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/** localDay is the store's calendar day at `at`. */
export function localDay(at: Date, timeZone: string): string {
  return new Date(wallClock(at, timeZone)).toISOString().slice(0, 10);
}

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: string, n: number) => dayOf(dayMs(day) + n * DAY_MS);

/** daysBetween counts the days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => Math.round((dayMs(to) - dayMs(from)) / DAY_MS);

/**
 * instantOf is the instant the store's clocks show `hour`:00 on `day`. The zone's offset is read at that wall
 * time, twice, so a day with a daylight-saving change still lands on the right hour.
 */
export function instantOf(day: string, hour: number, timeZone: string): Date {
  const wall = dayMs(day) + hour * 3_600_000;
  let guess = wall;
  for (let i = 0; i < 2; i++) guess = wall - (wallClock(new Date(guess), timeZone) - guess);
  return new Date(guess);
}

/** The number of days in a month (month 1-12). */
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * monthlyDueDates are the first `periods` days numbered `dayOfMonth` after `start`, a short month giving its last
 * day (31 → 30 April, 28 or 29 February).
 */
export function monthlyDueDates(start: string, periods: number, dayOfMonth: number): string[] {
  const [y, m, d] = start.split('-').map(Number);
  const dates: string[] = [];
  // The first due month is the start's own when its day is still ahead, else the next.
  let year = y;
  let month = Math.min(dayOfMonth, daysInMonth(y, m)) > d ? m : m + 1;
  while (dates.length < periods) {
    if (month > 12) {
      month -= 12;
      year += 1;
    }
    const dd = Math.min(dayOfMonth, daysInMonth(year, month));
    dates.push(`${year}-${String(month).padStart(2, '0')}-${String(dd).padStart(2, '0')}`);
    month += 1;
  }
  return dates;
}

/** weeklyDueDates are the days one week, two weeks… after `start`. */
export const weeklyDueDates = (start: string, periods: number) => Array.from({ length: periods }, (_, i) => addDays(start, 7 * (i + 1)));

/** weekStart is the Monday of `day`'s week. */
export function weekStart(day: string): string {
  const weekday = new Date(dayMs(day)).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

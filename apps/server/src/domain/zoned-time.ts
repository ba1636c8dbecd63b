const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * wallParts is what a clock in `timeZone` shows at `at`: year, month, day, hour, minute and second as two-digit
 * strings (the year four). Shared by the store's calendar days (lease plans) and the phone's local times (DDM).
 */
export function wallParts(at: Date, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value])) as ReturnType<typeof wallParts>;
}

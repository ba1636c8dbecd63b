/**
 * The console and /ops show every time in China time (Asia/Shanghai), whatever zone the browser is in: the
 * stores, their hirers and the server's calendar days (chinaDayStart) are all in China. China has one offset,
 * UTC+8, and no daylight saving, so a fixed shift is exact and needs no time-zone data or Intl formatter.
 */
export const CHINA_OFFSET_MS = 8 * 3_600_000;

/** CHINA_TIME_LABEL names the zone where a table header or a page shows times, once per table or page. */
export const CHINA_TIME_LABEL = '北京时间';

/** withChinaTime labels a column or field title with the zone once: 创建时间（北京时间）. */
export const withChinaTime = (title: string) => `${title}（${CHINA_TIME_LABEL}）`;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * formatChinaTime writes an instant (ISO string, epoch ms or Date) in China time with the tokens YYYY, MM, DD,
 * HH, mm and ss, e.g. 'YYYY-MM-DD HH:mm' → 2026-12-02 06:34. An unreadable instant is '—'.
 */
export function formatChinaTime(instant: string | number | Date, pattern = 'YYYY-MM-DD HH:mm'): string {
  const ms = instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
  if (Number.isNaN(ms)) return '—';
  const d = new Date(ms + CHINA_OFFSET_MS);
  const parts: Record<string, string> = {
    YYYY: pad(d.getUTCFullYear(), 4),
    MM: pad(d.getUTCMonth() + 1),
    DD: pad(d.getUTCDate()),
    HH: pad(d.getUTCHours()),
    mm: pad(d.getUTCMinutes()),
    ss: pad(d.getUTCSeconds()),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => parts[token]);
}

/**
 * chinaWallClock is the instant a clerk means by a date and time picked in a form (year, month 0-11, day, hour,
 * minute): China time, as every time the console shows, whatever the browser's zone.
 */
export const chinaWallClock = (year: number, month: number, day: number, hour: number, minute: number) =>
  Date.UTC(year, month, day, hour, minute) - CHINA_OFFSET_MS;

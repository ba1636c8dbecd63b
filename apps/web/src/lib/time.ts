import relativeTime from 'dayjs/plugin/relativeTime';
import { formatChinaTime } from './chinaTime.ts';
import dayjs from './dayjs.ts';

dayjs.extend(relativeTime);

/** formatDateTime is the console's full time in China time (chinaTime.ts), e.g. 2026-01-31 14:05; an empty value is '—'. */
export const formatDateTime = (iso: string | null | undefined) => (iso ? formatChinaTime(iso) : '—');

/** formatShort is a China time within the year, e.g. 11-25 10:00, for schedules in narrow cells. */
export const formatShort = (iso: string) => formatChinaTime(iso, 'MM-DD HH:mm');

/** fromNow is a relative time in Chinese, e.g. 3 小时前. */
export const fromNow = (iso: string | null | undefined) => (iso ? dayjs(iso).fromNow() : '从未上线');

/** compactDate is the YYYYMMDD form the list filter's registration_time uses. */
export const compactDate = (d: dayjs.Dayjs) => d.format('YYYYMMDD');
export const parseCompactDate = (v: string) => dayjs(v, 'YYYYMMDD');

export { dayjs };
export { CHINA_TIME_LABEL, formatChinaTime, withChinaTime } from './chinaTime.ts';

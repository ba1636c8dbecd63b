import { z } from 'zod';
import { UUID_RE } from '../patterns.ts';

/**
 * The building blocks every request schema uses for strings, so bad input is refused with a Chinese 400
 * before it reaches the database: PostgreSQL text cannot hold NUL (22021), jsonb refuses \u0000 (22P05),
 * a lone UTF-16 surrogate has no UTF-8 form, a calendar-impossible day breaks a timestamp (22007/22008),
 * and a non-uuid id breaks a uuid column (22P02).
 */

export const safeTextMessage = '不能包含空字符或无效的 Unicode 字符';
export const calendarDateMessage = '日期无效，请输入真实存在的日期，如 20260101';
export const uuidMessage = '无效的 ID';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** isSafeText says whether a string can be stored and echoed as it is: no NUL, no lone surrogate. */
export const isSafeText = (value: string) => !value.includes('\0') && !LONE_SURROGATE.test(value);

/**
 * text is z.string() refusing NUL and lone surrogates first (abort: the later checks' messages would only
 * confuse). Chain .trim(), .min(), .regex() on it as on z.string().
 */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine(isSafeText, { message: safeTextMessage, abort: true });

/** A uuid id: anything else never reaches a uuid column (the shape check is the only check ids need first). */
export const uuid = text({ error: uuidMessage }).regex(UUID_RE, uuidMessage);

/** isCalendarDate8 says whether `YYYYMMDD` names a day that exists (20260229 does not; 00000000 neither). */
export function isCalendarDate8(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(4, 6));
  const day = Number(value.slice(6, 8));
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** An 8-digit calendar day like 20260101 (spec §5 date filters), refusing days that do not exist. */
export const calendarDate8 = text({ error: '日期格式应为 8 位数字，如 20260101' })
  .trim()
  .regex(/^\d{8}$/, '日期格式应为 8 位数字，如 20260101')
  .refine(isCalendarDate8, calendarDateMessage);

/** The years a date-time input may name: PostgreSQL and JavaScript both hold them, and no lease needs more. */
const MIN_TIME = Date.UTC(1970, 0, 1);
const MAX_TIME = Date.UTC(3000, 0, 1);
/** isSaneTime says whether a parsed time (ms) is a real instant within the years the product deals in. */
export const isSaneTime = (ms: number) => Number.isFinite(ms) && ms >= MIN_TIME && ms < MAX_TIME;

/** An ISO 8601 date-time with offset (as agents report times) naming a real instant in those years. */
export const isoDateTime = text()
  .datetime({ offset: true, error: '时间格式有误' })
  .refine((v) => isSaneTime(Date.parse(v)), '时间无效');

import { z } from 'zod';
import { calendarDate8, text } from './safe-input.ts';
import { paging, uuid } from './common.ts';
import { LoginStatus, OperationStatus } from '../log-status.ts';

/** The time range of a log page: either end may be left open; the end day is included. */
const dateRange = {
  start_date: calendarDate8.optional(),
  end_date: calendarDate8.optional(),
};
const checkRange = (q: { start_date?: string; end_date?: string }) => !q.start_date || !q.end_date || q.start_date <= q.end_date;
const rangeError = { message: '开始日期不能晚于结束日期', path: ['end_date'] };

const operationStatusValues = Object.values(OperationStatus) as number[];
const loginStatusValues = Object.values(LoginStatus) as number[];

/** Query of the operation-log pages (GET /api/device/{ios,android}/operation-log): newest first. */
export const operationLogListQuery = paging
  .extend({
    device_id: uuid.optional(),
    for_clerk: uuid.optional(),
    action: text()
      .trim()
      .min(1)
      .max(64, '操作类型有误')
      .regex(/^[a-z0-9-]+$/, '操作类型有误')
      .optional(),
    status: z.coerce
      .number({ error: '状态有误' })
      .int('状态有误')
      .refine((v) => operationStatusValues.includes(v), '状态有误')
      .optional(),
    /** The store pages' device search: part of the device's serial (or Android IMEI), the hirer's name or phone. */
    device_keyword: text().trim().max(40, '搜索内容最多 40 个字符').optional(),
    ...dateRange,
  })
  .refine(checkRange, rangeError);
export type OperationLogListQuery = z.infer<typeof operationLogListQuery>;

/** One row of an operation log (device page tab and the store's log pages). */
export interface OperationLogItem {
  id: string;
  action: string;
  action_label: string;
  status: number;
  result: string;
  detail: Record<string, unknown>;
  clerk_name: string | null;
  device_id: string | null;
  scheduled_at: string | null;
  date_created: string;
  date_updated: string;
  /** Filled on the store-wide pages: the device's serial number (Apple) or IMEI/serial (Android), if it still exists. */
  device_serial?: string | null;
  /** Filled on the store-wide pages: the device's hirer and model (marketing name for Apple), '' when unknown. */
  device_hirer?: string | null;
  device_model?: string | null;
  platform?: 'ios' | 'android';
}

/** Query of GET /api/store/login-log (Dc1). */
export const loginLogListQuery = paging
  .extend({
    for_clerk: uuid.optional(),
    status: z.coerce
      .number({ error: '状态有误' })
      .int('状态有误')
      .refine((v) => loginStatusValues.includes(v), '状态有误')
      .optional(),
    ...dateRange,
  })
  .refine(checkRange, rangeError);
export type LoginLogListQuery = z.infer<typeof loginLogListQuery>;

export interface LoginLogItem {
  id: number;
  clerk_id: string | null;
  clerk_name: string | null;
  account: string;
  ip: string;
  status: number;
  status_label: string;
  user_agent: string;
  date_created: string;
}

/** Query of GET /api/store/report-view-log (store admin only, PIPL): who opened a report's full data, and when. */
export const reportViewLogQuery = paging
  .extend({
    for_clerk: uuid.optional(),
    /** One report's views (the report page's 查看记录). */
    report_id: uuid.optional(),
    ...dateRange,
  })
  .refine(checkRange, rangeError);
export type ReportViewLogQuery = z.infer<typeof reportViewLogQuery>;

/** One full view of a report (the operation log's `report-view` rows). */
export interface ReportViewLogItem {
  id: string;
  clerk_id: string | null;
  clerk_name: string | null;
  report_id: string;
  /** The report's subject (the hirer's name) and its level (basic/advanced/professional), as logged at the view. */
  report_name: string;
  level: string;
  date_created: string;
}

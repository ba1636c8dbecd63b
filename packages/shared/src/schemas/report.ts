import { z } from 'zod';
import { paging, phoneNumber, uuid } from './common.ts';
import { text } from './safe-input.ts';
import { REPORT_LEVELS, REPORT_STATUSES, type ReportLevel, type ReportStatus, type RiskLevel, reportMsg } from '../report-labels.ts';

/*
 * Reports and risk control (报告中心, spec §1, §2, §3, §5, §7). Every call needs permission Ca1
 * (Perm.REPORT_LIST) and, for basic/advanced reports, that level's module. Money is integer 分 (fen).
 *
 *   GET  /api/report/balance                 → ReportBalance
 *   GET  /api/report/helper                  → ReportHelper (price list after the store's discount)
 *   GET  /api/report/list?reportListQuery    → ListResponse<ReportListItem> (id/phone masked)
 *   GET  /api/report/preview?id=             → ReportDetail (full id/phone; each view is operation-logged)
 *   GET  /api/report/abnormal-list?paging    → ListResponse<AbnormalReportItem>
 *   POST /api/report/add      reportAddRequest      → ReportListItem   (409 QUOTA_EXCEEDED '余额不足')
 *   POST /api/report/refresh  reportRefreshRequest  → ReportListItem   (charges again, same rules; idempotency_key required)
 *   POST /api/report/blacklist-check  blacklistCheckRequest → BlacklistCheckResult (charges the blacklist price)
 *   GET  /api/report/risk-alerts?paging      → ListResponse<RiskAlertItem> (early-access module only)
 *   GET  /api/store/rcs/list?rcsListQuery    → ListResponse<RcsRecord>
 *   POST /api/store/rcs/request  rcsRequest  → RcsRecord (spends one of rcs_count; 409 '风控查询次数不足')
 *   POST /api/system/rcs                     ← the RCS provider's signed callback (docs/report-provider.md)
 *   GET  /api/store/hx-report/config-status  → HxReportConfigStatus (admin)
 *   POST /api/store/hx-report/set-secret-key hxReportSecretKeyRequest → { ok: true } (admin; never returned)
 *   GET  /api/home/report-overview           → ReportOverview (in schemas/home.ts)
 * Apple and Android device details gain `hirer_risk: HirerRisk | null` (null without Ca1).
 *
 * add / refresh answer after the provider did: status 'success' or 'failed' (refunded, in abnormal-list);
 * 'pending' shows only while another request is querying. 409 QUOTA_EXCEEDED '余额不足' / '风控查询次数不足';
 * 503 SERVICE_UNAVAILABLE with the provider's reason when an RCS order or blacklist check fails (refunded).
 * Sandbox (default provider): results marked sandbox; phones starting 1990000 fail (to see refunds); ids and
 * phones ending in 4 are on the synthetic blacklist. The RCS auth_url is the server's own public page
 * /rcs/sandbox/{order} (no login): one button 「同意授权」 fills both WeChat and Alipay links.
 * Seeds/tests: apps/server/src/modules/report/top-up.ts topUpStore(db, storeId, { balanceFen, rcsCount }).
 */

/* ---------- id numbers ---------- */

const GB11643_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const GB11643_CHECK = '10X98765432';

/** idCardCheckDigit: the GB 11643-1999 (ISO 7064 MOD 11-2) check character of the first 17 digits. */
export function idCardCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * GB11643_WEIGHTS[i];
  return GB11643_CHECK[sum % 11];
}

function isRealDate(y: number, m: number, d: number) {
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d && at.getTime() <= Date.now();
}

/** isValidId18: 17 digits + check character, a real birth date (not in the future, not before 1900) and the right check. */
export function isValidId18(v: string): boolean {
  const id = v.toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const y = Number(id.slice(6, 10));
  if (y < 1900 || !isRealDate(y, Number(id.slice(10, 12)), Number(id.slice(12, 14)))) return false;
  return idCardCheckDigit(id.slice(0, 17)) === id[17];
}

/** isValidId15: the first-generation 15-digit number, birth date 19YYMMDD. */
export function isValidId15(v: string): boolean {
  if (!/^\d{15}$/.test(v)) return false;
  return isRealDate(1900 + Number(v.slice(6, 8)), Number(v.slice(8, 10)), Number(v.slice(10, 12)));
}

/** Hong Kong (A123456(7)), Macau (1234567(8)) and Taiwan (A123456789) identity card forms. */
const HK_ID = /^[A-Z]{1,2}\d{6}\(?[\dA]\)?$/;
const MO_ID = /^[157]\d{6}\(?\d\)?$/;
const TW_ID = /^[A-Z][12]\d{8}$/;

/** Report add (spec §5): 1-18 digits or X; an 18-character number must also pass GB 11643 and carry a real birth date. */
export const reportIdCard = text({ error: reportMsg.idCard })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(text().regex(/^[\dX]{1,18}$/, reportMsg.idCard))
  .refine((v) => v.length !== 18 || isValidId18(v), reportMsg.idCard);

/** RCS request (spec §5): mainland 15/18 or Hong Kong / Macau / Taiwan forms. */
export const rcsIdCard = text({ error: reportMsg.idCard })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => isValidId18(v) || isValidId15(v) || HK_ID.test(v) || MO_ID.test(v) || TW_ID.test(v), reportMsg.idCard);

const hirerName = text({ error: reportMsg.name }).trim().min(2, reportMsg.name).max(20, '姓名最多 20 个字符');

const CHINESE_NAME = /^[\u4e00-\u9fa5·]+$/;

const ymd = text()
  .regex(/^\d{4}-\d{2}-\d{2}$/, reportMsg.date)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00+08:00`)), reportMsg.date);

/* ---------- requests ---------- */

/** A client-made key (e.g. a uuid per dialog opening): the same key never charges twice, and never serves another request. */
const clientKey = (params?: Parameters<typeof text>[0]) =>
  text(params)
    .trim()
    .min(8)
    .max(64)
    .regex(/^[\w-]+$/, '幂等键格式有误');

/** POST /api/report/add. `authorised` is the clerk's confirmation that the hirer authorised the query (kept with the report). */
export const reportAddRequest = z.object({
  name: hirerName,
  id_card: reportIdCard,
  phone_number: phoneNumber,
  level: z.enum(REPORT_LEVELS, { error: reportMsg.level }),
  authorised: z.literal(true, { error: reportMsg.authorised }),
  idempotency_key: clientKey().optional(),
});
export type ReportAddRequest = z.infer<typeof reportAddRequest>;

/** GET /api/report/list. Dates are China-time days, inclusive. */
export const reportListQuery = paging
  .extend({
    name: text()
      .trim()
      .max(20, '姓名最多 20 个字符')
      .refine((v) => v === '' || CHINESE_NAME.test(v), reportMsg.chineseName)
      .optional(),
    level: z.enum(REPORT_LEVELS, { error: reportMsg.level }).optional(),
    status: z.enum(REPORT_STATUSES, { error: '报告状态有误' }).optional(),
    date_from: ymd.optional(),
    date_to: ymd.optional(),
    /** Exact search through the keyed hash: the full id number or phone. */
    id_card: text()
      .trim()
      .toUpperCase()
      .regex(/^[\dX]{1,18}$/, reportMsg.idCard)
      .optional(),
    phone_number: phoneNumber.optional(),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, { message: reportMsg.dateRange, path: ['date_to'] });
export type ReportListQuery = z.infer<typeof reportListQuery>;

export const reportIdQuery = z.object({ id: uuid });
/** POST /api/report/refresh. The key is required: a refresh charges again, so a retried request must not. */
export const reportRefreshRequest = z.object({ id: uuid, idempotency_key: clientKey({ error: reportMsg.refreshKey }) });
export type ReportRefreshRequest = z.infer<typeof reportRefreshRequest>;

export const abnormalListQuery = paging;

/** POST /api/report/blacklist-check (spec §5): type 0 by an 18-character id number, type 1 by a phone. */
export const blacklistCheckRequest = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal(0), id_card: text({ error: reportMsg.idCard }).trim().toUpperCase().refine(isValidId18, reportMsg.idCard) }),
    z.object({ type: z.literal(1), phone_number: phoneNumber }),
  ],
  { error: '查询类型有误' },
);
export type BlacklistCheckRequest = z.infer<typeof blacklistCheckRequest>;

/** POST /api/store/rcs/request. */
export const rcsRequest = z.object({ name: hirerName, id_card: rcsIdCard });
export type RcsRequest = z.infer<typeof rcsRequest>;

export const rcsListQuery = paging.extend({ name: text().trim().max(20).optional() });
export type RcsListQuery = z.infer<typeof rcsListQuery>;

/** POST /api/system/rcs: the provider's callback body (signed; see docs/report-provider.md). */
export const rcsCallbackBody = z.object({
  order_id: text().min(1).max(128),
  channel: z.enum(['wechat', 'alipay']),
  url: text().pipe(z.url({ protocol: /^https?$/ }).max(2000)),
  report_url: text()
    .pipe(z.url({ protocol: /^https?$/ }).max(2000))
    .optional(),
});
export type RcsCallbackBody = z.infer<typeof rcsCallbackBody>;

/** POST /api/store/hx-report/set-secret-key (spec §5: min 1, '密钥长度有误'). */
export const hxReportSecretKeyRequest = z.object({
  secret_key: text({ error: reportMsg.secretKey }).trim().min(1, reportMsg.secretKey).max(256, reportMsg.secretKey),
});
export type HxReportSecretKeyRequest = z.infer<typeof hxReportSecretKeyRequest>;

/* ---------- responses ---------- */

export interface ReportBalance {
  balance_fen: number;
  /** The store's discount as a decimal string, e.g. "0.8500". */
  discount_rate: string;
  rcs_count: number;
  used_rcs_count: number;
  /** True when the offline sandbox provider answers (results are 沙箱数据). */
  sandbox: boolean;
}

export interface ReportPrice {
  level: ReportLevel;
  label: string;
  list_price_fen: number;
  /** list price × discount_rate, rounded half up to whole 分: what one query charges. */
  price_fen: number;
  /** The store has the level's module (professional: never). */
  available: boolean;
}

export interface ReportHelper {
  discount_rate: string;
  prices: ReportPrice[];
  blacklist_list_price_fen: number;
  blacklist_price_fen: number;
  sandbox: boolean;
  retention_days: number;
}

export interface HirerRisk {
  report_id: string;
  /** The report's level: its view lives under /console/report/{report_level}/{report_id}. */
  report_level: ReportLevel;
  level: RiskLevel;
  score: number;
  date_created: string;
  sandbox: boolean;
}

export interface ReportListItem {
  id: string;
  name: string;
  /** Masked: 110***********123X. */
  id_card: string;
  /** Masked: 138****0000. */
  phone_number: string;
  level: ReportLevel;
  status: ReportStatus;
  risk_level: RiskLevel | null;
  /** 0-100, higher is riskier. */
  risk_score: number | null;
  price_fen: number;
  sandbox: boolean;
  failure_reason: string | null;
  clerk_name: string;
  /** Devices of the store whose hirer phone matches. */
  linked_device_count: number;
  date_created: string;
  date_updated: string;
}

export interface IdentitySection {
  name_id_match: boolean;
  phone_name_match: boolean;
  carrier: string;
  summary: string;
}
export interface MultiLenderSection {
  institutions_7d: number;
  institutions_30d: number;
  institutions_90d: number;
  applications_30d: number;
  applications_90d: number;
  by_type: { type: string; count: number }[];
}
export interface CourtCase {
  case_no: string;
  court: string;
  date: string;
  amount_fen: number;
  status: string;
}
export interface CourtSection {
  enforcement: CourtCase[];
  dishonest: CourtCase[];
}
export interface OverdueSection {
  count_12m: number;
  max_overdue_days: number;
  amount_fen: number;
  /** Last 12 months, oldest first (YYYY-MM). */
  months: { month: string; count: number; amount_fen: number }[];
}
export interface PhoneTenureSection {
  months: number;
  status: string;
}
export interface RiskSection {
  score: number;
  level: RiskLevel;
  factors: string[];
}

/** Sections a level includes: basic has identity, court, phone tenure, risk; advanced adds multi-lender and overdue. */
export interface ReportSections {
  identity: IdentitySection;
  multi_lender: MultiLenderSection | null;
  court: CourtSection;
  overdue: OverdueSection | null;
  phone_tenure: PhoneTenureSection;
  risk: RiskSection;
}

export interface ReportDetail extends Omit<ReportListItem, 'id_card' | 'phone_number'> {
  /** Full values: this view is written to the operation log. */
  id_card: string;
  phone_number: string;
  authorisation: { confirmed_by: string; confirmed_at: string };
  /** Null until the report succeeded. */
  sections: ReportSections | null;
  linked_devices: { platform: 'ios' | 'android'; id: string; name: string }[];
}

export interface AbnormalReportItem {
  id: string;
  report_id: string;
  name: string;
  id_card: string;
  level: ReportLevel;
  /** Refunded amount (the charge given back). */
  amount_fen: number;
  reason: string;
  date_created: string;
}

export interface BlacklistHit {
  source: string;
  reason: string;
  date: string;
}
export interface BlacklistCheckResult {
  type: 0 | 1;
  /** Masked value checked. */
  value: string;
  hit: boolean;
  records: BlacklistHit[];
  price_fen: number;
  balance_fen: number;
  sandbox: boolean;
}

export interface RcsChannelReport {
  date_updated: string;
  url: string;
}
/** RCS record (spec §3 entity) plus what the console needs to send the hirer the link. */
export interface RcsRecord {
  id: string;
  name: string;
  /** Masked. */
  id_card: string;
  last_wechat_report: RcsChannelReport | null;
  last_alipay_report: RcsChannelReport | null;
  report_url: string | null;
  /** The link (or QR code content) the hirer opens on their own phone to authorise. */
  auth_url: string;
  sandbox: boolean;
  clerk_name: string;
  date_created: string;
}

export interface HxReportConfigStatus {
  configured: boolean;
  date_updated: string | null;
  /** Which provider answers report queries: the offline sandbox or a configured HTTP vendor. */
  provider: 'sandbox' | 'http';
}

/** Early access: a watched hirer who newly appeared on a blacklist. */
export interface RiskAlertItem {
  id: string;
  platform: 'ios' | 'android';
  device_id: string;
  device_name: string;
  hirer_name: string;
  /** Masked. */
  hirer_phone_number: string;
  reason: string;
  sandbox: boolean;
  date_created: string;
}

/** riskLevelOf cuts the 0-100 risk score (higher is riskier) into the three levels shown. */
export const riskLevelOf = (score: number): RiskLevel => (score < 40 ? 'low' : score < 70 ? 'medium' : 'high');

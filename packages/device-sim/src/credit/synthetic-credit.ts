import { createHash } from 'node:crypto';
import { type BlacklistHit, type OrderableReportLevel, type ReportSections, riskLevelOf } from '@lease/shared';

/**
 * Deterministic synthetic credit data: the same person always gets the same made-up report, so the offline
 * sandbox and the vendor stand-in behave repeatably. Nothing here is about a real person.
 */

/** Phones starting 1990000 make the synthetic vendor fail (to try refunds and the abnormal list). */
export const SYNTHETIC_FAILURE_PREFIX = '1990000';
export const SYNTHETIC_FAILURE_REASON = '数据源暂时无法查询该手机号（模拟故障）';
/** Phones and id numbers ending in 4 are on the synthetic blacklist. */
export const isSyntheticBlacklisted = (value: string) => value.trim().endsWith('4');

function rng(seed: string) {
  let state = createHash('sha256').update(seed).digest();
  let i = 0;
  return (n: number) => {
    if (i + 4 > state.length) {
      state = createHash('sha256').update(state).digest();
      i = 0;
    }
    const v = state.readUInt32BE(i);
    i += 4;
    return v % n;
  };
}

const COURTS = ['北京市朝阳区人民法院', '上海市浦东新区人民法院', '广州市天河区人民法院', '深圳市南山区人民法院', '杭州市西湖区人民法院'];
const CARRIERS = ['中国移动', '中国联通', '中国电信'];
const LENDER_TYPES = ['银行', '消费金融', '网络小贷', '融资租赁', '其他'];

/** scoreOf: the 0-100 risk score (higher is riskier) and its reasons, from the other sections. */
export function scoreOf(s: Omit<ReportSections, 'risk'>): { score: number; factors: string[] } {
  const factors: string[] = [];
  let score = 10;
  const add = (points: number, factor: string) => {
    score += points;
    factors.push(factor);
  };
  if (!s.identity.name_id_match) add(30, '姓名与身份证号不一致');
  if (!s.identity.phone_name_match) add(10, '手机号非本人实名');
  if (s.court.dishonest.length) add(30, `失信被执行人记录 ${s.court.dishonest.length} 条`);
  if (s.court.enforcement.length) add(15, `被执行记录 ${s.court.enforcement.length} 条`);
  if (s.phone_tenure.months < 6) add(10, '手机号在网不足 6 个月');
  if (s.multi_lender && s.multi_lender.institutions_30d >= 5) add(15, `近 30 天多头借贷机构 ${s.multi_lender.institutions_30d} 家`);
  if (s.overdue && s.overdue.count_12m > 0) add(Math.min(20, s.overdue.count_12m * 4), `近 12 个月逾期 ${s.overdue.count_12m} 次`);
  if (!factors.length) factors.push('未发现明显风险');
  return { score: Math.min(100, score), factors };
}

/** syntheticReport: a complete made-up report of the level for this person. */
export function syntheticReport(input: { level: OrderableReportLevel; name: string; idCard: string; phone: string }, today = new Date()): ReportSections {
  const r = rng(`${input.idCard.toUpperCase()}|${input.phone}|${input.name}`);
  const day = (back: number) => new Date(today.getTime() - back * 86_400_000).toISOString().slice(0, 10);
  const cases = (n: number, prefix: string) =>
    Array.from({ length: n }, (_, i) => ({
      case_no: `(${2020 + r(5)})${prefix}${1000 + r(9000)}号`,
      court: COURTS[r(COURTS.length)],
      date: day(30 + r(900) + i),
      amount_fen: (1 + r(500)) * 10_000,
      status: r(2) ? '执行中' : '已结案',
    }));
  const identity = {
    name_id_match: r(10) > 0,
    phone_name_match: r(6) > 0,
    carrier: CARRIERS[r(CARRIERS.length)],
    summary: '',
  };
  identity.summary = identity.name_id_match
    ? identity.phone_name_match
      ? '姓名、身份证号、手机号三要素一致'
      : '姓名与身份证号一致，手机号非本人实名'
    : '姓名与身份证号不一致';
  const court = { enforcement: cases(r(4) === 0 ? 1 + r(2) : 0, '执'), dishonest: cases(r(6) === 0 ? 1 : 0, '失信') };
  const phone_tenure = { months: 1 + r(120), status: r(20) ? '正常在网' : '停机' };
  const advanced = input.level === 'advanced';
  const inst30 = r(8);
  const multi_lender = advanced
    ? {
        institutions_7d: Math.min(inst30, r(3)),
        institutions_30d: inst30,
        institutions_90d: inst30 + r(6),
        applications_30d: inst30 + r(5),
        applications_90d: inst30 + r(12),
        by_type: LENDER_TYPES.map((type) => ({ type, count: r(4) })),
      }
    : null;
  const overdue = advanced
    ? (() => {
        const months = Array.from({ length: 12 }, (_, i) => {
          const at = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11 + i, 1));
          const count = r(5) === 0 ? 1 + r(2) : 0;
          return { month: at.toISOString().slice(0, 7), count, amount_fen: count * (1 + r(50)) * 10_000 };
        });
        const count_12m = months.reduce((n, m) => n + m.count, 0);
        return { count_12m, max_overdue_days: count_12m ? 1 + r(90) : 0, amount_fen: months.reduce((n, m) => n + m.amount_fen, 0), months };
      })()
    : null;
  const rest = { identity, multi_lender, court, overdue, phone_tenure };
  const { score, factors } = scoreOf(rest);
  return { ...rest, risk: { score, level: riskLevelOf(score), factors } };
}

/** syntheticBlacklist: the made-up blacklist answer for an id number or phone. */
export function syntheticBlacklist(value: string): { hit: boolean; records: BlacklistHit[] } {
  if (!isSyntheticBlacklisted(value)) return { hit: false, records: [] };
  const r = rng(`blacklist|${value}`);
  return {
    hit: true,
    records: [
      {
        source: ['租赁行业共享黑名单', '消费金融逾期名单'][r(2)],
        reason: ['租赁设备逾期未还', '恶意拖欠租金', '失联'][r(3)],
        date: `202${r(5)}-0${1 + r(9)}-1${r(9)}`,
      },
    ],
  };
}

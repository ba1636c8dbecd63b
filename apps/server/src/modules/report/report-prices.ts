import type { ReportLevel } from '@lease/shared';

/** List prices in 分 before the store's discount: the server's price table (shown by GET /api/report/helper). */
export const REPORT_LIST_PRICE_FEN: Record<ReportLevel, number> = { basic: 1_500, advanced: 3_800, professional: 6_800 };
export const BLACKLIST_LIST_PRICE_FEN = 300;

/** rateInTenThousandths reads a numeric(5,4) discount like "0.8500" exactly, without floating point. */
export function rateInTenThousandths(rate: string): number {
  const m = /^(\d+)(?:\.(\d{0,4}))?\d*$/.exec(rate.trim());
  if (!m) throw new Error(`bad discount rate ${rate}`);
  return Number(m[1]) * 10_000 + Number((m[2] ?? '').padEnd(4, '0'));
}

/** discounted: list price × discount_rate in whole 分, rounded half up (exact integer arithmetic). */
export const discounted = (listFen: number, rate: string) => Math.floor((listFen * rateInTenThousandths(rate) + 5_000) / 10_000);

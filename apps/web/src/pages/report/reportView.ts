import { formatFen } from '@lease/shared/money';
import type { OrderableReportLevel, ReportHelper, ReportListItem, ReportStatus, RiskLevel } from '@lease/shared';

/** yuan writes integer 分 as money the way a till does: 1234 → ¥12.34 (no float arithmetic on the amount). */
export const yuan = (fen: number): string => formatFen(Math.trunc(fen));

export const RISK_COLOR: Record<RiskLevel, string> = { low: 'green', medium: 'orange', high: 'red' };
export const STATUS_COLOR: Record<ReportStatus, string> = { pending: 'processing', success: 'green', failed: 'red' };

/** priceOf is what one query of a level charges this store (after its discount), or null when the level is not sold to it. */
export function priceOf(helper: ReportHelper | undefined, level: OrderableReportLevel): number | null {
  const p = helper?.prices.find((x) => x.level === level);
  return p?.available ? p.price_fen : null;
}

/** affordable: the balance covers one more query at this price. */
export const affordable = (balanceFen: number, priceFen: number | null) => priceFen !== null && balanceFen >= priceFen;

/** isWaiting: a row the provider has not answered yet; its list refreshes until it has. */
export const isWaiting = (r: Pick<ReportListItem, 'status'>) => r.status === 'pending';

/** canRefresh: a report not being queried right now may be queried again (charged again at today's price). */
export const canRefresh = (r: Pick<ReportListItem, 'status'>) => r.status !== 'pending';

/** reportPath is where a report reads in full (its level's area). */
export const reportPath = (r: { id: string; level: string }) => `/console/report/${r.level}/${r.id}`;

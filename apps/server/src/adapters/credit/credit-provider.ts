import type { BlacklistHit, OrderableReportLevel, ReportSections } from '@lease/shared';

/** ProviderFailure is a query the vendor could not answer: the charge is refunded and the reason shown. */
export class ProviderFailure extends Error {}

export interface ReportQuery {
  orderId: string;
  level: OrderableReportLevel;
  name: string;
  idCard: string;
  phone: string;
  /** The store's own vendor secret (hx-report), when it set one. */
  storeSecret: string | null;
  storeId: string;
}

export interface BlacklistQuery {
  orderId: string;
  type: 0 | 1;
  value: string;
  storeSecret: string | null;
  storeId: string;
}

export interface RcsOrder {
  orderId: string;
  name: string;
  idCard: string;
  /** Where the provider posts the WeChat/Alipay report links (POST /api/system/rcs). */
  callbackUrl: string;
  storeSecret: string | null;
  storeId: string;
}

/**
 * CreditProvider is the one interface to a credit-data vendor: reports (identity, multi-lender, court,
 * overdue, phone tenure, risk score), the blacklist, and RCS orders the hirer authorises on their phone.
 * Every method throws ProviderFailure when the vendor answers but cannot serve the query.
 */
export interface CreditProvider {
  kind: 'sandbox' | 'http';
  label: string;
  report(q: ReportQuery): Promise<ReportSections>;
  blacklist(q: BlacklistQuery): Promise<{ hit: boolean; records: BlacklistHit[] }>;
  /** Starts an RCS order and returns the link the hirer opens to authorise. */
  rcsStart(o: RcsOrder): Promise<{ authUrl: string }>;
}

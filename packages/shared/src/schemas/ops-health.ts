/**
 * Fleet health on the operator home: the whole platform's figures, every store together. Each
 * list is capped (the busiest first); counts are exact.
 */
export interface FleetHealth {
  generated_at: string;
  devices: {
    apple: number;
    android: number;
    /** The stores with the most phones, with their figures per platform. */
    by_store: { store_id: string; store_name: string; apple: number; android: number }[];
    stores: number;
  };
  /** Apple MDM commands created in the last 24 hours, by where they stand now. */
  commands_24h: { queued: number; sent: number; acknowledged: number; failed: number; expired: number };
  /** Apple phones whose last push failed, by APNs reason (dead tokens are never pushed again). */
  push_failures: { reason: string; dead: boolean; devices: number }[];
  webhooks: {
    /** Events waiting to be delivered, and how old the oldest is. */
    pending: number;
    oldest_pending_at: string | null;
    failed_24h: number;
    /** Stores whose receiver failed in the last 24 hours. */
    failing_receivers: { store_id: string; store_name: string; failed: number; last_error: string; last_status_code: number | null }[];
  };
  identities: {
    /** Enrolled phones whose identity certificate ends within the renewal window. */
    due: number;
    /** Enrolled phones whose identity certificate has already ended. */
    overdue: number;
    /** Renewals sent and not taken up for 3 days. */
    unanswered: number;
    window_days: number;
  };
  /** ABM server tokens ending within 30 days (or ended). */
  abm_tokens: { store_id: string; store_name: string; expires_at: string; days_left: number }[];
  push_certificate: { source: string; topic: string; expires_at: string | null; days_left: number | null; warning: string | null };
  database: { kind: 'pglite' | 'postgres'; bytes: number };
}

import type { Job } from '../../jobs/scheduler.ts';
import type { ReportRepo } from './report.repo.ts';

const DAY_MS = 86_400_000;

/** reportRetentionJob deletes reports older than the retention period (REPORT_RETENTION_DAYS, default 365); the ledger keeps the money. */
export const reportRetentionJob = (repo: ReportRepo, days: number, now: () => Date = () => new Date()): Job => ({
  name: 'report-retention',
  everyMs: 3_600_000,
  run: () => repo.deleteOlderThan(new Date(now().getTime() - days * DAY_MS)),
});

/** stuckReportJob refunds queries left pending for 10 minutes (a crash between the charge and the answer). */
export const stuckReportJob = (recover: (before: Date) => Promise<number>, now: () => Date = () => new Date()): Job => ({
  name: 'report-stuck',
  everyMs: 5 * 60_000,
  run: () => recover(new Date(now().getTime() - 10 * 60_000)),
});

import type { Db } from '../../db/client.ts';
import type { Job } from '../../jobs/scheduler.ts';
import { type StoreTerms, recordEvaluation } from './lease-evaluation.ts';
import type { LeaseSteps } from './lease-steps.ts';
import type { LeaseRepo, Tx } from './lease.repo.ts';

/**
 * LeaseRunDeps is what the parts that evaluate plans outside a clerk's request share (the watch, the CSV import):
 * the database, the repo, the steps, the store's terms, the Android wake-up and the clock.
 */
export interface LeaseRunDeps {
  db: Db;
  repo: LeaseRepo;
  steps: LeaseSteps;
  /** The store's terms, read in `tx` when given (PGlite has one connection: never read beside an open transaction). */
  storeTerms(storeId: string, tx?: Tx): Promise<StoreTerms | null>;
  wakeAndroid(ids: string[]): void;
  now(): Date;
}

/** Plans evaluated per transaction: a crash loses at most this batch's evaluation, which the next run redoes. */
const BATCH = 100;

/**
 * createLeaseWatch evaluates every plan whose next check has come, a batch per transaction claimed with SKIP
 * LOCKED (every server process runs it; none evaluates a plan another holds), then runs the recorded steps.
 * Each step is recorded once (lease_action's unique key), so a run repeated after a crash, a restart or a clock
 * jump back records nothing twice; a jump forward only brings the next checks sooner.
 */
export function createLeaseWatch(deps: LeaseRunDeps) {
  async function evaluateDue(limit: number): Promise<number> {
    let evaluated = 0;
    while (evaluated < limit) {
      const now = deps.now();
      const storeCache = new Map<string, StoreTerms | null>();
      const { count, wake } = await deps.db.transaction(async (tx) => {
        const due = await deps.repo.plansToCheck(tx, now, Math.min(BATCH, limit - evaluated));
        const wakeIds: string[] = [];
        for (const plan of due) {
          if (!storeCache.has(plan.storeId)) storeCache.set(plan.storeId, await deps.storeTerms(plan.storeId, tx));
          const store = storeCache.get(plan.storeId);
          if (!store) continue;
          const result = await recordEvaluation(tx, deps.repo, plan, store, now);
          if (result.wakeAndroid) wakeIds.push(result.wakeAndroid);
        }
        return { count: due.length, wake: wakeIds };
      });
      if (wake.length) deps.wakeAndroid(wake);
      evaluated += count;
      if (count < BATCH) break;
    }
    return evaluated;
  }

  return {
    evaluateDue,
    /** run is one pass of the watch: evaluate what is due, then take the recorded steps. */
    async run(limit = 5000) {
      const evaluated = await evaluateDue(limit);
      const steps = await deps.steps.run({ limit: 500 });
      return evaluated || steps ? { evaluated, steps } : null;
    },
  };
}
export type LeaseWatch = ReturnType<typeof createLeaseWatch>;

export const leaseWatchJob = (watch: LeaseWatch): Job => ({ name: 'lease-watch', everyMs: 30_000, run: () => watch.run() });

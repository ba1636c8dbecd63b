import type { FastifyBaseLogger } from 'fastify';

/** Job is one periodic task; each must be safe to run in several server processes at once. */
export interface Job {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

/** capIntervals runs every job at least every `maxMs` (JOB_INTERVAL_MAX_MS); null leaves the intervals as they are. */
export const capIntervals = (jobs: Job[], maxMs: number | null): Job[] =>
  maxMs === null ? jobs : jobs.map((job) => ({ ...job, everyMs: Math.min(job.everyMs, maxMs) }));

/**
 * startJobs runs each job on its interval, never two runs of one job at once in this process; across
 * processes the jobs themselves use SKIP LOCKED or idempotent statements (DESIGN §8).
 */
export function startJobs(jobs: Job[], log: FastifyBaseLogger) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  for (const job of jobs) {
    const tick = async () => {
      if (running.has(job.name) || stopped) return;
      running.add(job.name);
      try {
        const result = await job.run();
        if (result) log.debug({ job: job.name, result }, 'job ran');
      } catch (err) {
        log.error({ err, job: job.name }, 'job failed; it will run again on its next tick');
      } finally {
        running.delete(job.name);
      }
    };
    const timer = setInterval(() => {
      const run = tick();
      inFlight.add(run);
      void run.finally(() => inFlight.delete(run));
    }, job.everyMs);
    timer.unref();
    timers.push(timer);
  }
  /** stop ends the intervals and resolves once the runs already started have finished (their transactions too). */
  return async () => {
    stopped = true;
    timers.forEach(clearInterval);
    await Promise.all([...inFlight]);
  };
}

import { describe, expect, it } from 'vitest';
import { capIntervals, type Job } from './scheduler.ts';

const job = (name: string, everyMs: number): Job => ({ name, everyMs, run: async () => null });

describe('capIntervals (JOB_INTERVAL_MAX_MS)', () => {
  it('shortens only the intervals above the cap, and leaves every job as it is without one', () => {
    const jobs = [job('hourly', 3_600_000), job('fast', 500)];
    expect(capIntervals(jobs, 1_000).map((j) => j.everyMs)).toEqual([1_000, 500]);
    expect(capIntervals(jobs, null)).toBe(jobs);
  });
});

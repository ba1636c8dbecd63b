import { smsProofHolds } from '@lease/shared';
import { describe, expect, it } from 'vitest';
import { solveSmsProof } from './smsProof.ts';

describe('solveSmsProof', () => {
  it('finds a solution the server’s check accepts, across several slices', async () => {
    // 20 bits needs on average 2^20 tries: dozens of slices, each followed by a yield to the page.
    const challenge = 'mimyn2w0.20.AAAAAAAAAAAA.abcdefabcdefabcd';
    const solution = await solveSmsProof(challenge, 20);
    expect(solution).toMatch(/^\d+$/);
    expect(smsProofHolds(challenge, solution, 20)).toBe(true);
    expect(smsProofHolds(challenge, solution, 40)).toBe(false);
  }, 60_000);

  it('lets the page run between slices and stops when aborted', async () => {
    const controller = new AbortController();
    let ticks = 0;
    const timer = setInterval(() => {
      ticks++;
      controller.abort(new Error('aborted'));
    }, 0);
    // 60 bits is never found in time: only the abort ends the search, and only if the timer got to run.
    await expect(solveSmsProof('never.60.x.y', 60, controller.signal)).rejects.toThrow('aborted');
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from 'vitest';
import { FAST_POLL_MS, SLOW_POLL_MS, rowPollInterval } from './rowPoll.ts';

describe('rowPollInterval', () => {
  it('stops when no row is in transit', () => {
    expect(rowPollInterval(false, 2_000, 1_000)).toBe(false);
  });
  it('hurries right after a command from a row, then slows down', () => {
    expect(rowPollInterval(true, 2_000, 1_000)).toBe(FAST_POLL_MS);
    expect(rowPollInterval(true, 2_000, 3_000)).toBe(SLOW_POLL_MS);
    expect(rowPollInterval(true, 0, 3_000)).toBe(SLOW_POLL_MS);
  });
});

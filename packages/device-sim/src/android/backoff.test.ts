import { describe, expect, it } from 'vitest';
import { createBackoff } from './backoff.ts';

describe('reconnect backoff', () => {
  it('draws each delay uniformly below a ceiling that doubles up to the cap (full jitter)', () => {
    const b = createBackoff({ baseMs: 100, capMs: 1000, random: () => 0.999 });
    expect([b.next(), b.next(), b.next(), b.next(), b.next()]).toEqual([99, 199, 399, 799, 999]);
    const low = createBackoff({ baseMs: 100, capMs: 1000, random: () => 0 });
    expect(low.next()).toBe(0);
  });

  it('uses the server hint instead, penalises refusals, and starts over after a success', () => {
    const b = createBackoff({ baseMs: 100, capMs: 100_000, random: () => 0.5 });
    expect(b.next(7000)).toBe(7000);
    b.penalise(3);
    expect(b.next()).toBe(800);
    b.reset();
    expect(b.next()).toBe(50);
  });
});

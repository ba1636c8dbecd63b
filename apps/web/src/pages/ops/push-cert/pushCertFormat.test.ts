import { describe, expect, it } from 'vitest';
import { dateOf, daysLeftText, daysTone } from './pushCertFormat.ts';

describe('push certificate formatting', () => {
  it('shows China time, the days left and their tone', () => {
    expect(dateOf('2026-11-24T16:30:00.000Z')).toBe('2026-11-25 00:30');
    expect(daysLeftText(12)).toBe('还剩 12 天');
    expect(daysLeftText(-3)).toBe('已过期 3 天');
    expect([daysTone(-1), daysTone(6), daysTone(7), daysTone(29), daysTone(30)]).toEqual(['error', 'error', 'warning', 'warning', 'success']);
  });
});

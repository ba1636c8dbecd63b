import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, instantOf, localDay, monthlyDueDates, weekStart, weeklyDueDates } from './lease-calendar.ts';

describe('lease calendar', () => {
  it('reads the store day, not the server day: 23:30 UTC is the next morning in Shanghai', () => {
    expect(localDay(new Date('2026-12-09T23:30:00Z'), 'Asia/Shanghai')).toBe('2026-12-10');
    expect(localDay(new Date('2026-12-09T15:59:59Z'), 'Asia/Shanghai')).toBe('2026-12-09');
    expect(localDay(new Date('2026-12-09T16:00:00Z'), 'Asia/Shanghai')).toBe('2026-12-10');
  });

  it('finds the instant of a store hour, across a daylight-saving change too', () => {
    expect(instantOf('2026-12-10', 9, 'Asia/Shanghai').toISOString()).toBe('2026-12-10T01:00:00.000Z');
    expect(instantOf('2026-12-10', 0, 'Asia/Shanghai').toISOString()).toBe('2026-12-09T16:00:00.000Z');
    // New York moved to summer time on 2026-03-08: 09:00 that day is 13:00 UTC, the day before 14:00 UTC.
    expect(instantOf('2026-03-08', 9, 'America/New_York').toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(instantOf('2026-03-07', 9, 'America/New_York').toISOString()).toBe('2026-03-07T14:00:00.000Z');
  });

  it('counts days and moves by days over month and year ends', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(daysBetween('2027-01-02', '2026-12-30')).toBe(-3);
  });

  it('puts a monthly due day on the last day of a short month, and starts after the start day', () => {
    expect(monthlyDueDates('2026-01-15', 3, 31)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    expect(monthlyDueDates('2026-01-15', 2, 15)).toEqual(['2026-02-15', '2026-03-15']);
    expect(monthlyDueDates('2026-01-15', 2, 10)).toEqual(['2026-02-10', '2026-03-10']);
    expect(monthlyDueDates('2026-11-20', 3, 5)).toEqual(['2026-12-05', '2027-01-05', '2027-02-05']);
    expect(monthlyDueDates('2028-01-31', 2, 30)).toEqual(['2028-02-29', '2028-03-30']);
  });

  it('steps weekly from the start and finds the Monday of a week', () => {
    expect(weeklyDueDates('2026-12-01', 2)).toEqual(['2026-12-08', '2026-12-15']);
    expect(weekStart('2026-12-06')).toBe('2026-11-30'); // a Sunday
    expect(weekStart('2026-11-30')).toBe('2026-11-30');
  });
});

import type { ReportHelper } from '@lease/shared';
import { describe, expect, it } from 'vitest';
import { helperAnswer } from './report.fixture.ts';
import { affordable, canRefresh, priceOf, reportPath, yuan } from './reportView.ts';

const helper: ReportHelper = { ...helperAnswer, prices: helperAnswer.prices.map((p) => (p.level === 'advanced' ? { ...p, available: false } : p)) };

describe('report money and rules', () => {
  it('writes 分 as yuan (formatFen, tested in shared), dropping any fraction of a 分', () => {
    expect(yuan(850)).toBe('¥8.50');
    expect(yuan(850.7)).toBe('¥8.50');
    expect(yuan(-170.2)).toBe('-¥1.70');
  });

  it('prices a level only when the store has it, and checks the balance covers it', () => {
    expect(priceOf(helper, 'basic')).toBe(850);
    expect(priceOf(helper, 'advanced')).toBeNull();
    expect(priceOf(undefined, 'basic')).toBeNull();
    expect(affordable(850, 850)).toBe(true);
    expect(affordable(849, 850)).toBe(false);
    expect(affordable(10_000, null)).toBe(false);
  });

  it('refreshes anything but a report being queried, and links a report under its level', () => {
    expect(canRefresh({ status: 'success' })).toBe(true);
    expect(canRefresh({ status: 'failed' })).toBe(true);
    expect(canRefresh({ status: 'pending' })).toBe(false);
    expect(reportPath({ id: 'x', level: 'advanced' })).toBe('/console/report/advanced/x');
  });
});

import { describe, expect, it } from 'vitest';
import { partsOf } from './echarts.ts';
import { activityOption, lockOption } from './chartOptions.ts';

const overview = {
  ios: { enrolled: 1, pending: 0, released: 0, set_aside: 0, locked: 1, unlocked: 0, lock_changing: 0, activity: {} },
  android: null,
  enrolments: [],
} as unknown as Parameters<typeof lockOption>[0];

describe('partsOf', () => {
  it('names the series kinds, axes, legend and tooltip a chart draws, and no other', () => {
    expect(partsOf(lockOption(overview)).sort()).toEqual(['legend', 'pie', 'tooltip']);
    // An option with media queries: its base option says what it draws.
    expect(partsOf(activityOption(overview)).sort()).toEqual(['bar', 'grid', 'legend', 'tooltip']);
  });

  it('refuses a series kind it cannot load, instead of drawing nothing', () => {
    expect(() => partsOf({ series: [{ type: 'radar' }] })).toThrow(/radar/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateOf } from '../pages/ops/push-cert/pushCertFormat.ts';
import { formatChinaTime, withChinaTime } from './chinaTime.ts';
import { formatDateTime, formatShort } from './time.ts';

// The review's moment: the ops home said 2026-12-02 06:34 while every other page said 2026-12-01 22:35 (UTC browser).
const INSTANT = '2026-12-01T22:35:07.000Z';

describe('China time, whatever the browser zone', () => {
  const before = process.env.TZ;
  afterAll(() => {
    process.env.TZ = before;
  });

  for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Shanghai']) {
    describe(zone, () => {
      beforeAll(() => {
        process.env.TZ = zone;
      });

      it('renders a known instant in Beijing time through every console formatter', () => {
        if (zone === 'UTC') expect(new Date(INSTANT).getHours()).toBe(22); // the zone really is the browser's UTC
        expect(formatChinaTime(INSTANT)).toBe('2026-12-02 06:35');
        expect(formatChinaTime(INSTANT, 'YYYY-MM-DD HH:mm:ss')).toBe('2026-12-02 06:35:07');
        expect(formatChinaTime(Date.parse(INSTANT), 'HH:mm:ss')).toBe('06:35:07');
        expect(formatDateTime(INSTANT)).toBe('2026-12-02 06:35');
        expect(formatShort(INSTANT)).toBe('12-02 06:35');
        // The operator pages (push certificate, ops home) say the same.
        expect(dateOf(INSTANT)).toBe(formatDateTime(INSTANT));
      });
    });
  }

  it('crosses the year in China time and reads nothing as a time', () => {
    expect(formatChinaTime('2026-12-31T16:00:00Z')).toBe('2027-01-01 00:00');
    expect(formatChinaTime('not a time')).toBe('—');
    expect(formatDateTime(null)).toBe('—');
  });

  it('labels a header once', () => {
    expect(withChinaTime('创建时间')).toBe('创建时间（北京时间）');
  });
});

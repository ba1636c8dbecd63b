import { describe, expect, it } from 'vitest';
import { contrastRatio, CONSOLE_THEME } from './theme.ts';

describe('console theme', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1677ff', '#ffffff')).toBeLessThan(4.5);
  });

  it('colours links and primary text with at least 4.5:1 on white and on the page grey', () => {
    for (const color of [CONSOLE_THEME.token?.colorPrimary, CONSOLE_THEME.token?.colorLink]) {
      expect(contrastRatio(String(color), '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(String(color), '#f5f5f5')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('darkens placeholders, description labels and the gold tag to 4.5:1', () => {
    expect(contrastRatio(String(CONSOLE_THEME.token?.colorTextPlaceholder), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(String(CONSOLE_THEME.token?.colorTextDescription), '#fafafa')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(String(CONSOLE_THEME.components?.Descriptions?.labelColor), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // components/plainTag.css: .plain-tag-gold
    expect(contrastRatio('#874d00', '#fffbe6')).toBeGreaterThanOrEqual(4.5);
  });
});

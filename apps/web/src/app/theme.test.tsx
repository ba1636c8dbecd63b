import { render } from '@testing-library/react';
import { ConfigProvider, theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { CONSOLE_THEME, consoleAlgorithm, contrastRatio, isBuiltSeed } from './theme.ts';
import { CONSOLE_TOKEN } from './themeToken.ts';

const consoleSeed = () => ({ ...theme.defaultSeed, ...CONSOLE_TOKEN });

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

  it('answers the console seed with the map antd derives from it, computed at build time', () => {
    expect(isBuiltSeed(consoleSeed())).toBe(true);
    expect(consoleAlgorithm(consoleSeed())).toEqual(theme.defaultAlgorithm(consoleSeed()));
  });

  it('derives any other seed as antd does', () => {
    const red = { ...consoleSeed(), colorPrimary: '#cf1322' };
    expect(isBuiltSeed(red)).toBe(false);
    expect(isBuiltSeed({ ...consoleSeed(), wireframe: true })).toBe(false);
    expect(isBuiltSeed({ ...consoleSeed(), extra: 1 })).toBe(false);
    expect(consoleAlgorithm(red).colorPrimaryBg).toBe(theme.defaultAlgorithm(red).colorPrimaryBg);
    expect(consoleAlgorithm(red).colorPrimaryBg).not.toBe(consoleAlgorithm(consoleSeed()).colorPrimaryBg);
  });

  it('is handed the built seed by antd, so the console skips the derivation', () => {
    const seeds: object[] = [];
    const Probe = () => <span>{theme.useToken().token.colorPrimaryBg}</span>;
    const { container } = render(
      <ConfigProvider
        theme={{
          ...CONSOLE_THEME,
          algorithm: (seed) => {
            seeds.push(seed);
            return consoleAlgorithm(seed);
          },
        }}
      >
        <Probe />
      </ConfigProvider>,
    );
    expect(seeds.length).toBeGreaterThan(0);
    expect(seeds.every(isBuiltSeed)).toBe(true);
    expect(container.textContent).toBe(theme.defaultAlgorithm(consoleSeed()).colorPrimaryBg);
  });
});

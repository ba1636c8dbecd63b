import type { ThemeConfig } from 'antd';

/**
 * The console's antd theme. antd's default blue (#1677ff) on white is 4.0:1, under WCAG AA's 4.5:1 for
 * the small text it colours (links, tabs, primary buttons): the primary is antd's next darker blue.
 */
export const CONSOLE_THEME: ThemeConfig = {
  // Component styles come from antd's prebuilt stylesheet (imported by AntdScope), not from CSS-in-JS at first
  // render: about a quarter less main-thread work on the device list, for 73 KB of long-cached CSS.
  zeroRuntime: true,
  // Secondary text (#8c8c8c, 3.4:1), placeholders (#bfbfbf, 1.8:1) and description labels (#8c8c8c, 3.4:1) are read by clerks, filter selects
  // show their name only as a placeholder: both are darkened to pass 4.5:1 on white (Lighthouse color-contrast).
  token: { colorPrimary: '#0958d9', colorLink: '#0958d9', colorTextPlaceholder: '#737373', colorTextDescription: '#666666' },
  components: { Descriptions: { labelColor: '#595959' } },
};

/** contrastRatio is WCAG 2's contrast between two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

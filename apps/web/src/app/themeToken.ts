/**
 * The console's antd seed token overrides, apart from the theme so the build can read them (vite/antd-map-token.ts).
 * antd's default blue (#1677ff) on white is 4.0:1, under WCAG AA's 4.5:1 for the small text it colours (links, tabs,
 * primary buttons): the primary is antd's next darker blue. Secondary text (#8c8c8c, 3.4:1), placeholders (#bfbfbf,
 * 1.8:1) and description labels are read by clerks, and filter selects show their name only as a placeholder: both
 * are darkened to pass 4.5:1 on white (Lighthouse color-contrast).
 */
export const CONSOLE_TOKEN = { colorPrimary: '#0958d9', colorLink: '#0958d9', colorTextPlaceholder: '#737373', colorTextDescription: '#666666' };

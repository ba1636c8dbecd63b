import { ConfigProvider } from 'antd';
// The part of antd's prebuilt stylesheet (CONSOLE_THEME's zeroRuntime relies on it) that the frame and the home use;
// it loads with the first antd page, never on /login. Every other page loads the rest first (router/build.ts).
import 'virtual:antd-styles/frame.css';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { CONSOLE_THEME } from './theme.ts';

/**
 * AntdScope gives the pages built from antd its Chinese locale. It wraps the layouts rather than the
 * app, so a bare page (the login form) downloads no antd at all. Notices need no holder here: antd's
 * static message loads with the first one (app/feedback.ts), keeping it out of the first download.
 */
export default function AntdScope({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={CONSOLE_THEME}>
      {children}
    </ConfigProvider>
  );
}

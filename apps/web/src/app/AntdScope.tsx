import { ConfigProvider } from 'antd';
// The global part of antd's prebuilt stylesheet (CONSOLE_THEME's zeroRuntime relies on it): theme variables and
// motions. Each component's part comes with its code (vite/antd-styles.ts); none of it loads on /login.
import 'virtual:antd-styles/global.css';
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

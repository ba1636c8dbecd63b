import { ConfigProvider } from 'antd';
// The global part of antd's prebuilt stylesheet (CONSOLE_THEME's zeroRuntime relies on it): theme variables and
// motions. Each component's part comes with its code (vite/antd-styles.ts); none of it loads on /login.
import 'virtual:antd-styles/global.css';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { CONSOLE_THEME } from './theme.ts';

/**
 * AntdScope gives the pages built from antd its Chinese locale and the console's theme. It wraps the layouts rather
 * than the app, so a bare page (the login form) downloads no antd at all.
 */
export default function AntdScope({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={CONSOLE_THEME}>
      {children}
    </ConfigProvider>
  );
}

// antd draws Modal.confirm, the static message and notifications in roots of their own: the holder draws them in the
// same scope, or they take antd's default blue and, missing zeroRuntime, ask for the runtime style rules the build
// leaves out (vite/antd-style-functions.ts). It must be set before the first notice: antd keeps one message holder,
// and a holder set later remounts it and loses what it shows. So the notice module imports this one too
// (app/staticMessage.ts): a route's notice may come before the console's layout.
ConfigProvider.config({ holderRender: (children) => <AntdScope>{children}</AntdScope> });

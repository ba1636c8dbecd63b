import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { FeedbackHost } from './FeedbackHost.tsx';

/**
 * AntdScope gives the pages built from antd its Chinese locale and the notice holder. It wraps the
 * layouts rather than the app, so a bare page (the login form) downloads no antd at all.
 */
export default function AntdScope({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN}>
      <FeedbackHost />
      {children}
    </ConfigProvider>
  );
}

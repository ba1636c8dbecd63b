import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';

// The notice holder (antd's message) is not needed to show the page: it loads once the browser is idle,
// and a notice raised before then uses antd's static message (app/feedback.ts).
const FeedbackHost = lazy(() => import('./FeedbackHost.tsx'));

/**
 * AntdScope gives the pages built from antd its Chinese locale and the notice holder. It wraps the
 * layouts rather than the app, so a bare page (the login form) downloads no antd at all.
 */
export default function AntdScope({ children }: { children: ReactNode }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') return setIdle(true);
    const id = requestIdleCallback(() => setIdle(true), { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }, []);
  return (
    <ConfigProvider locale={zhCN}>
      {idle && (
        <Suspense fallback={null}>
          <FeedbackHost />
        </Suspense>
      )}
      {children}
    </ConfigProvider>
  );
}

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { PageLoading } from '../components/PageLoading.tsx';
import type { AppRouter } from '../router/createAppRouter.ts';
import { AppEffects } from './AppEffects.tsx';
import { FeedbackHost } from './FeedbackHost.tsx';

/** AppRoot is the provider tree around the router: antd in Chinese, notices, and the query cache. */
export function AppRoot({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <ConfigProvider locale={zhCN}>
      <FeedbackHost />
      <QueryClientProvider client={queryClient}>
        <AppEffects />
        <Suspense fallback={<PageLoading />}>
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>
    </ConfigProvider>
  );
}

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { PageLoading } from './components/PageLoading.tsx';
import type { AppRouter } from './appRouter.ts';
import { AppEffects } from './app/AppEffects.tsx';

/**
 * AppRoot is the provider tree around the router: the query cache and site effects. antd's locale
 * and notice holder come with the layouts (app/AntdScope.tsx), not here, to keep /login light.
 */
export function AppRoot({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppEffects />
      <Suspense fallback={<PageLoading />}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>
  );
}

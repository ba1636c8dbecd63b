import { lazy, Suspense } from 'react';
import { Outlet, useMatches } from 'react-router';
import { EmptyLayoutFrame } from '../components/EmptyLayoutFrame.tsx';
import { PageLoading } from '../components/PageLoading.tsx';
import type { RouteMeta } from '../router/meta.ts';

const AntdScope = lazy(() => import('../app/AntdScope.tsx'));

/** A `bare` page (the login form) renders without antd, so its first download carries none. */
export default function EmptyLayout() {
  const bare = useMatches().some((m) => (m.handle as RouteMeta | undefined)?.bare);
  return (
    <EmptyLayoutFrame>
      {bare ? (
        <Outlet />
      ) : (
        <Suspense fallback={<PageLoading />}>
          <AntdScope>
            <Outlet />
          </AntdScope>
        </Suspense>
      )}
    </EmptyLayoutFrame>
  );
}

import { lazy, type ReactNode, Suspense } from 'react';
import { Outlet, useMatches } from 'react-router';
import { PageLoading } from '../components/PageLoading.tsx';
import type { RouteMeta } from '../router/meta.ts';

const AntdScope = lazy(() => import('../app/AntdScope.tsx'));

/** EmptyLayoutFrame is the bare page of the `empty` layout: login, registration, enrolment, errors. */
export function EmptyLayoutFrame({ children }: { children: ReactNode }) {
  return <div style={{ minHeight: '100vh', background: '#f0f2f5', padding: '48px 16px', boxSizing: 'border-box' }}>{children}</div>;
}

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

import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { setUnauthorizedHandler } from './api/index.ts';
import { meQuery } from './api/user.ts';
import { feedback } from './app/feedback.ts';
import { ERROR_TOAST_DURATION_S } from './app/noticeDurations.ts';
import { hasSession } from './auth/session.ts';
import { PageLoading } from './components/PageLoading.tsx';
import EmptyLayout from './layouts/EmptyLayout.tsx';
import RouteErrorPage from './pages/errors/RouteErrorPage.tsx';
import { type ColdStart, layoutOf, lazyComponent, routeObject } from './router/build.ts';
import { loginPath } from './router/guard.ts';
import { createGuardLoader } from './router/guardLoader.ts';
import type { AppRoute, LayoutName } from './router/meta.ts';

type RouterFactory = (routes: RouteObject[]) => ReturnType<typeof createBrowserRouter>;

/**
 * buildLayoutRoutes nests the table's top-level routes under one pathless route per layout. The
 * console layout is its own chunk so the login page never downloads the sider and menu.
 */
export function buildLayoutRoutes(table: readonly AppRoute[], coldStart?: ColdStart): RouteObject[] {
  const under = (layout: LayoutName) => table.filter((r) => layoutOf(r) === layout).map((r) => routeObject(r, coldStart));
  return [
    {
      id: 'layout-console',
      lazy: lazyComponent(() => import('./layouts/ConsoleLayout.tsx')),
      children: under('console'),
    },
    { id: 'layout-empty', Component: EmptyLayout, children: under('empty') },
    // The operator console (/ops): its own chunk, session and guard (layouts/OpsLayout.tsx).
    { id: 'layout-ops', lazy: lazyComponent(() => import('./layouts/OpsLayout.tsx')), children: under('ops') },
  ];
}

/**
 * createAppRouter turns the route table into the data router, with the guard loader at its root.
 * Tests pass a memory router factory.
 */
export function createAppRouter(table: readonly AppRoute[], queryClient: QueryClient, createRouter: RouterFactory = (routes) => createBrowserRouter(routes)) {
  // Until the first load is done, pages wait for their code inside the layout (router/build.ts `lazyPage`).
  let booted: { state: { initialized: boolean } } | undefined;
  const children = buildLayoutRoutes(table, () => !booted?.state.initialized);
  const guardLoader = createGuardLoader({
    routes: children,
    hasSession: () => hasSession(),
    loadUser: () => queryClient.fetchQuery(meQuery),
    currentLocation: () => (router.state.initialized ? router.state.location : null),
    notify: ({ type, text }) => {
      if (type === 'error') feedback.message.error(text, ERROR_TOAST_DURATION_S);
      else feedback.message[type](text);
    },
    leave: (url) => window.location.assign(url),
  });

  const router = createRouter([
    {
      id: 'root',
      loader: guardLoader,
      // The guard must see every navigation, not only those that change the root's params.
      shouldRevalidate: () => true,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: PageLoading,
      children,
    },
  ]);

  booted = router;

  setUnauthorizedHandler(() => {
    // During a navigation the guard loader redirects to /login itself.
    if (router.state.navigation.state !== 'idle') return;
    const { pathname, search } = router.state.location;
    // The cache is dropped once the console has unmounted, so no page refetches without a session.
    void router.navigate(loginPath(pathname + search), { replace: true }).then(() => queryClient.clear());
  });

  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

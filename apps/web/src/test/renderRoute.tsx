import type { UserInfo } from '@lease/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { meQuery } from '../api/user.ts';

/**
 * renderRoute renders one page as the console would: zh_CN antd, a fresh query client that does not retry, a
 * memory router at `at`, and, when given, the signed-in user already known (as the console shell loads it first).
 */
export function renderRoute(route: RouteObject, options: { at: string; user?: UserInfo }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (options.user) client.setQueryData(meQuery.queryKey, options.user);
  const router = createMemoryRouter([route], { initialEntries: [options.at] });
  render(
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return { client, router };
}

/** commandPosts are the bodies and Idempotency-Keys the page sent to one Apple device command (fetch answered by answerFetch). */
export const commandPosts = (fetchMock: { mock: { calls: unknown[][] } }, name: string) =>
  fetchMock.mock.calls
    .filter(([url]) => url === `/api/device/ios/command/${name}`)
    .map(([, init]) => ({
      body: JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>,
      key: new Headers((init as RequestInit).headers).get('Idempotency-Key'),
    }));

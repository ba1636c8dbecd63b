import { Module, Perm, type UserInfo } from '@lease/shared';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from './api/user.ts';
import { AppRoot } from './AppRoot.tsx';
import { queryClient } from './app/queryClient.ts';
import { authStore } from './auth/storage.ts';
import { APP_ROUTES } from './routes.ts';
import { clerk } from './test/fixtures.ts';
import { buildLayoutRoutes, createAppRouter } from './appRouter.ts';
import { answerFetch } from './test/fakeNetwork.ts';

/** renderApp mounts the real route table and guard at `path`, with `user` already signed in. */
async function renderApp(path: string, user: UserInfo | null = clerk()) {
  if (user) {
    authStore.set({ access_token: 'access', refresh_token: 'refresh', expires: Date.now() + 60_000 });
    queryClient.setQueryData(meQuery.queryKey, user);
  }
  const router = createAppRouter(APP_ROUTES, queryClient, (routes) => createMemoryRouter(routes, { initialEntries: [path] }));
  render(<AppRoot router={router} queryClient={queryClient} />);
  await act(async () => {});
  return router;
}

const pathOf = (router: Awaited<ReturnType<typeof renderApp>>) => router.state.location.pathname + router.state.location.search;

beforeEach(() => {
  // No server in unit tests: the site config falls back to its defaults.
  answerFetch(vi.fn(async () => new Response('', { status: 404 })));
});

afterEach(() => {
  queryClient.clear();
});

describe('layout routes', () => {
  it('gives every top-level route a layout', () => {
    expect(() => buildLayoutRoutes(APP_ROUTES)).not.toThrow();
    expect(APP_ROUTES.every((r) => r.meta.layout === 'console' || r.meta.layout === 'empty' || r.meta.layout === 'ops')).toBe(true);
  });

  it('refuses a top-level route without a layout', () => {
    expect(() => buildLayoutRoutes([{ path: '/x', meta: { name: 'x' } }])).toThrow('Route "x" has no layout');
  });
});

// The pages load lazily (antd with the layouts): on a busy machine that takes seconds.
describe('app router', { timeout: 15_000 }, () => {
  it('sends a visitor without a session to the login page and back afterwards', async () => {
    const router = await renderApp('/console/device/ios/list', null);
    expect(await screen.findByRole('button', { name: /登\s*录/ }, { timeout: 10_000 })).toBeTruthy();
    expect(pathOf(router)).toBe('/login?redirect=%2Fconsole%2Fdevice%2Fios%2Flist');
    expect(screen.getByRole('link', { name: '忘记密码' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '注册门店' })).toBeTruthy();
  });

  it('checks the login form before calling the server', async () => {
    await renderApp('/login', null);
    fireEvent.click(await screen.findByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入手机号')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).startsWith('/api/'))).toBe(false);
  });

  it('applies the host site config on the login page', async () => {
    vi.mocked(fetch).mockImplementation(async (url) =>
      String(url).startsWith('/custom/') ? Response.json({ title: '某某租机', hideLoginPageLogo: true }) : new Response('', { status: 404 }),
    );
    await renderApp('/login', null);
    expect(await screen.findByText('某某租机')).toBeTruthy();
    expect(document.title).toBe('某某租机');
    expect(document.querySelector('img')).toBeNull();
  });

  it('opening the professional report directly shows the notice and replaces to /console', async () => {
    const router = await renderApp('/console/report/professional');
    // The notice is shown before the console's code (and antd with it) has loaded: allow for both.
    expect(await screen.findByText('即将推出，敬请期待', {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('欢迎回来，张三', {}, { timeout: 5000 })).toBeTruthy();
    expect(pathOf(router)).toBe('/console');
  }, 15_000);

  it('navigating to the professional report from a console page stays on that page', async () => {
    const router = await renderApp('/console/help');
    await screen.findAllByText('帮助中心', {}, { timeout: 5000 });
    // A notice of an earlier test may still be fading out: this navigation must add one of its own.
    const before = screen.queryAllByText('即将推出，敬请期待').length;
    await act(() => router.navigate('/console/report/professional'));
    await waitFor(() => expect(screen.queryAllByText('即将推出，敬请期待')).toHaveLength(before + 1), { timeout: 5000 });
    expect(pathOf(router)).toBe('/console/help');
  }, 15_000);

  it('answers an invalid device id with 404 设备不存在', async () => {
    await renderApp('/console/device/ios/not-a-uuid');
    expect(await screen.findByText('设备不存在', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByRole('link', { name: /返回首页/ })).toBeTruthy();
  });

  it('answers an unknown path with 404 页面不存在 and the path (no English)', async () => {
    await renderApp('/console/no-such-page', null);
    expect(await screen.findByText('页面不存在', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.queryByText(/Page not found/i)).toBeNull();
    expect(screen.getByText('/console/no-such-page')).toBeTruthy();
  });

  it('warns and returns to /console without the login-log permission', async () => {
    const router = await renderApp('/console/security/login-log');
    expect(await screen.findByText('没有权限访问该页面', {}, { timeout: 5000 })).toBeTruthy();
    // The location changes once the home page's lazy module has loaded.
    await waitFor(() => expect(pathOf(router)).toBe('/console'), { timeout: 5000 });
  });

  it('follows the legacy RCS alias to the risk-control page', async () => {
    const router = await renderApp('/console/vas/rcs', clerk({ permission: [Perm.REPORT_LIST] }));
    expect(await screen.findByRole('button', { name: '发起风控查询' }, { timeout: 5000 })).toBeTruthy();
    expect(pathOf(router)).toBe('/console/report/rcs');
  });

  it('shows only the menu areas the clerk may enter', async () => {
    await renderApp('/console', clerk({ available_modules: [Module.APPLE], permission: [Perm.LOGIN_LOG, Perm.APPLE_LIST_VIEW_ALL] }));
    const menu = await screen.findByRole('navigation', { name: '控制台菜单' }, { timeout: 5000 });
    expect(within(menu).getByText('Apple 设备')).toBeTruthy();
    expect(within(menu).queryByText('Android 设备')).toBeNull();
    expect(within(menu).queryByText('门店管理')).toBeNull();
    const links = within(menu)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toEqual(expect.arrayContaining(['设备列表', '登录日志', '修改密码']));
    expect(links).not.toContain('店员管理');
    expect(screen.getAllByText('测试门店').length).toBeGreaterThan(0);
  });

  it('asks for the Apple list the URL names while its page loads, once: the page reads the same answer', async () => {
    vi.mocked(fetch).mockImplementation(async (url) =>
      String(url).startsWith('/api/device/ios/list') ? Response.json({ list: [], total: 0 }) : new Response('', { status: 404 }),
    );
    await renderApp('/console/device/ios/list?serial_number=F2L&page_num=2');
    const listCalls = () =>
      vi
        .mocked(fetch)
        .mock.calls.map(([url]) => String(url))
        .filter((u) => u.startsWith('/api/device/ios/list'));
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    const asked = new URL(listCalls()[0], 'http://x').searchParams;
    expect(asked.get('serial_number')).toBe('F2L');
    expect(asked.get('page_num')).toBe('2');
    // The page has rendered from that answer (its empty-search text) without asking again.
    expect(await screen.findByText(/没有符合条件的设备|还没有设备/, {}, { timeout: 10_000 })).toBeTruthy();
    await act(async () => {});
    expect(listCalls()).toHaveLength(1);
  });

  it('asks for no list when the guard turns the visit away', async () => {
    const router = await renderApp('/console/device/ios/list', clerk({ available_modules: [Module.ANDROID] }));
    await waitFor(() => expect(pathOf(router)).toBe('/console'), { timeout: 5000 });
    expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).startsWith('/api/device/ios/list'))).toBe(false);
  });

  it('asks for the home figures while the home page loads, each once', async () => {
    const asked: string[] = [];
    vi.mocked(fetch).mockImplementation(async (url) => {
      if (!String(url).startsWith('/api/home/')) return new Response('', { status: 404 });
      asked.push(String(url));
      // Left unanswered: the page finds each figure already on its way and does not ask again.
      return new Promise<Response>(() => {});
    });
    await renderApp('/console');
    await waitFor(() =>
      expect([...asked].sort()).toEqual(['/api/home/clerks', '/api/home/device-overview', '/api/home/report-overview', '/api/home/supervise-overview']),
    );
  });
});

describe('a link opened cold', { timeout: 15_000 }, () => {
  it('paints the console frame first, with the spinner inside the content area while the page code loads', async () => {
    let arrive: (m: { default: () => React.JSX.Element }) => void = () => {};
    const slowPage = () => new Promise<{ default: () => React.JSX.Element }>((resolve) => (arrive = resolve));
    const table = APP_ROUTES.map((r) => (r.meta.name === 'console-device-ios-id' ? { ...r, page: slowPage } : r));
    expect(table.some((r) => r.page === slowPage)).toBe(true);
    authStore.set({ access_token: 'access', refresh_token: 'refresh', expires: Date.now() + 60_000 });
    queryClient.setQueryData(meQuery.queryKey, clerk());
    const url = '/console/device/ios/0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b';
    const router = createAppRouter(table, queryClient, (routes) => createMemoryRouter(routes, { initialEntries: [url] }));
    render(<AppRoot router={router} queryClient={queryClient} />);
    // The frame (the store's name in the header) paints before the page's code has arrived, the spinner in its content.
    expect((await screen.findAllByText(clerk().store.store_name, {}, { timeout: 10_000 })).length).toBeGreaterThan(0);
    const content = document.querySelector('.ant-layout-content') as HTMLElement;
    expect(within(content).getByRole('status', { name: '加载中' })).toBeTruthy();
    await act(async () => arrive({ default: () => <p>设备详情页</p> }));
    expect(await within(content).findByText('设备详情页')).toBeTruthy();
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@lease/shared';
import { appleAppSearchPlatformStore } from '../../auth/storage.ts';
import { admin, clerk } from '../../test/fixtures.ts';
import AppstorePage from './AppstorePage.tsx';
import { renderRoute } from '../../test/renderRoute.tsx';
import { answerFetch } from '../../test/fakeNetwork.ts';

const wechat = {
  id: '6f1c1c52-7a63-4c1e-9d43-0c5f7f0e0a01',
  platform: 'apple',
  sort: 0,
  app_name: '微信',
  bundle_id: 'com.tencent.xin',
  group: '社交',
  icon: '',
  version: '8.0.50',
  seller: 'Tencent Technology (Shenzhen) Company Limited',
  track_id: '414478124',
  date_created: '2026-01-01T00:00:00.000Z',
};

type Handler = (url: string, init?: RequestInit) => Response | undefined;
const calls: { url: string; method: string; body?: unknown }[] = [];

async function renderPage(user: UserInfo, handler: Handler = () => undefined, path = '/console/appstore') {
  calls.length = 0;
  answerFetch(
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const custom = handler(url, init);
      if (custom) return custom;
      if (url.startsWith('/api/appstore/list'))
        return Response.json({ list: url.includes('platform=apple') ? [wechat] : [], total: url.includes('platform=apple') ? 1 : 0 });
      if (url.startsWith('/api/appstore/groups')) return Response.json({ list: ['社交'] });
      return new Response('', { status: 404 });
    }),
  );
  const { router } = renderRoute({ path: '/console/appstore', Component: AppstorePage }, { at: path, user });
  await act(async () => {});
  return router;
}

describe('AppstorePage', { timeout: 30_000 }, () => {
  it('lists the Apple library and offers editing to whoever may keep it', async () => {
    await renderPage(admin());
    expect(await screen.findByText('com.tencent.xin')).toBeTruthy();
    expect(screen.getByRole('button', { name: /添加应用/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /编\s*辑/ })).toBeTruthy();
    expect(calls[0].url).toMatch(/^\/api\/appstore\/list\?.*platform=apple/);
  });

  it('shows a clerk without set-app-restriction the library read-only, and only their modules', async () => {
    await renderPage(clerk({ available_modules: ['apple'] }));
    expect(await screen.findByText('com.tencent.xin')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /添加应用/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Android 应用' })).toBeNull();
  });

  it('keeps the platform tab in the URL', async () => {
    const router = await renderPage(admin());
    fireEvent.click(await screen.findByRole('tab', { name: 'Android 应用' }));
    await waitFor(() => expect(router.state.location.search).toBe('?platform=android'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('platform=android'))).toBe(true));
  });

  it('when online search is unavailable, says why and lets the clerk enter the app by hand', async () => {
    await renderPage(admin(), (url) => {
      if (url.startsWith('/api/helper/itunes-search'))
        return Response.json(
          { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: '未配置应用商店在线搜索，请手动填写 Bundle ID 和应用名称' },
          { status: 503 },
        );
      if (url === '/api/appstore/new') return Response.json({ ...wechat, id: 'x', app_name: '支付宝', bundle_id: 'com.alipay.iphoneclient' });
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: /添加应用/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText(/输入应用名称或开发者/), { target: { value: '支付宝' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /搜\s*索/ }));
    expect(await within(dialog).findByText('未配置应用商店在线搜索，请手动填写 Bundle ID 和应用名称')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /手动填写/ }));
    await waitFor(() => expect((within(dialog).getByPlaceholderText('如：微信') as HTMLInputElement).value).toBe('支付宝'));
    fireEvent.change(within(dialog).getByPlaceholderText('com.tencent.xin'), { target: { value: 'com.alipay.iphoneclient' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /添加到应用库/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/appstore/new')?.body).toEqual({
        platform: 'apple',
        app_name: '支付宝',
        bundle_id: 'com.alipay.iphoneclient',
        group: '',
        sort: 0,
      }),
    );
  });

  it('searches the platform the clerk last chose and adds a result with its icon and App Store id', async () => {
    appleAppSearchPlatformStore.set(1);
    const result = {
      track_id: '553915495',
      app_name: '哔哩哔哩HD',
      bundle_id: 'tv.danmaku.bilianimehd',
      icon: 'http://127.0.0.1:2198/a.svg',
      version: '2.5.0',
      seller: 'Shanghai Kuanyu',
    };
    await renderPage(admin(), (url) => {
      if (url.startsWith('/api/helper/itunes-search')) return Response.json({ list: [result] });
      if (url === '/api/appstore/new') return Response.json({ ...wechat, id: 'y', ...result, platform: 'apple' });
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: /添加应用/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText(/输入应用名称或开发者/), { target: { value: 'bilibili' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /搜\s*索/ }));
    expect(await within(dialog).findByText('哔哩哔哩HD')).toBeTruthy();
    expect(calls.find((c) => c.url.startsWith('/api/helper/itunes-search'))?.url).toBe('/api/helper/itunes-search?term=bilibili&platform=1');
    fireEvent.click(within(dialog).getByRole('button', { name: /^添\s*加$/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/appstore/new')?.body).toEqual({
        platform: 'apple',
        app_name: '哔哩哔哩HD',
        bundle_id: 'tv.danmaku.bilianimehd',
        icon: 'http://127.0.0.1:2198/a.svg',
        version: '2.5.0',
        seller: 'Shanghai Kuanyu',
        track_id: '553915495',
        group: '',
      }),
    );
    expect(await within(dialog).findByRole('button', { name: /已添加/ })).toBeTruthy();
  });

  it('refuses a malformed Android package name before sending it', async () => {
    await renderPage(admin(), undefined, '/console/appstore?platform=android');
    fireEvent.click(await screen.findByRole('button', { name: /添加应用/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('如：微信'), { target: { value: '微信' } });
    fireEvent.change(within(dialog).getByPlaceholderText('com.tencent.mm'), { target: { value: 'com.tencent-mm' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /添加到应用库/ }));
    expect(await within(dialog).findByText('包名格式有误，如 com.tencent.mm')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/appstore/new')).toBe(false);
  });
});

import { Module } from '@lease/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../../../../api/user.ts';
import { admin } from '../../../../test/fixtures.ts';
import MerchantConfigPage from '../../../merchant/config/MerchantConfigPage.tsx';

const URL = '/api/store/global-http-proxy';

function renderTab(user = admin(), saved: string | null = null) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url !== URL) return new Response('', { status: 404 });
    if (init?.method === 'PUT') return Response.json({ pac_url: JSON.parse(String(init.body)).pac_url });
    return Response.json({ pac_url: saved });
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQuery.queryKey, user);
  const router = createMemoryRouter([{ path: '/console/merchant/config', Component: MerchantConfigPage }], { initialEntries: ['/console/merchant/config?tab=global-http-proxy'] });
  render(
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init!.body)));
}

afterEach(() => vi.unstubAllGlobals());

describe('门店设置 › 全局代理', () => {
  it('is a tab only for a store with the global proxy module', () => {
    renderTab(admin({ available_modules: [Module.APPLE] }));
    expect(screen.queryByRole('tab', { name: '全局代理' })).toBeNull();
  });

  it('refuses a non-https PAC URL in Chinese without saving', async () => {
    const puts = renderTab();
    const input = await screen.findByPlaceholderText('如 https://proxy.example.com/proxy.pac');
    fireEvent.change(input, { target: { value: 'http://proxy.example.com/proxy.pac' } });
    fireEvent.click(screen.getByRole('button', { name: '保存 PAC 地址' }));
    expect(await screen.findByText('PAC 地址须为 https:// 开头的完整网址')).toBeTruthy();
    expect(puts()).toEqual([]);
  });

  it('saves an https PAC URL, and clears it when emptied', async () => {
    const puts = renderTab(admin(), 'https://old.example.com/a.pac');
    const input = await screen.findByDisplayValue('https://old.example.com/a.pac');
    expect(screen.getByText(/已设置代理的设备仍使用原地址/)).toBeTruthy();
    fireEvent.change(input, { target: { value: ' https://proxy.example.com/proxy.pac ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存 PAC 地址' }));
    await waitFor(() => expect(puts()).toEqual([{ pac_url: 'https://proxy.example.com/proxy.pac' }]));
    expect(await screen.findByText('PAC 地址已保存')).toBeTruthy();
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '保存 PAC 地址' }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]).toEqual({ pac_url: null });
  });
});

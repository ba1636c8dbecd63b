import { Module } from '@lease/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { admin } from '../../../../test/fixtures.ts';
import MerchantConfigPage from '../../../merchant/config/MerchantConfigPage.tsx';
import { renderRoute } from '../../../../test/renderRoute.tsx';
import { answerFetch } from '../../../../test/fakeNetwork.ts';

const URL = '/api/store/global-http-proxy';

function renderTab(user = admin(), saved: string | null = null) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url !== URL) return new Response('', { status: 404 });
    if (init?.method === 'PUT') return Response.json({ pac_url: JSON.parse(String(init.body)).pac_url });
    return Response.json({ pac_url: saved });
  });
  answerFetch(fetchMock);
  renderRoute({ path: '/console/merchant/config', Component: MerchantConfigPage }, { at: '/console/merchant/config?tab=global-http-proxy', user });
  return () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init!.body)));
}

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

import { DEFAULT_LEASE_POLICY } from '@lease/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../test/fakeNetwork.ts';
import { LeasePolicyTab } from './LeasePolicyTab.tsx';

describe('LeasePolicyTab', { timeout: 30_000 }, () => {
  it('saves the store’s policy as it was loaded and changed, refusing an unknown time zone', async () => {
    const sent: unknown[] = [];
    answerFetch(
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/lease/policy' && init?.method === 'PUT') {
          const body = JSON.parse(String(init.body));
          sent.push(body);
          return Response.json(body);
        }
        if (url === '/api/lease/policy') return Response.json({ ...DEFAULT_LEASE_POLICY, grace_days: 5 });
        return new Response('', { status: 404 });
      }),
    );
    render(
      <ConfigProvider locale={zhCN}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <LeasePolicyTab />
        </QueryClientProvider>
      </ConfigProvider>,
    );
    const zone = await screen.findByPlaceholderText('Asia/Shanghai');
    fireEvent.click(screen.getByRole('radio', { name: '自动释放设备' }));
    fireEvent.change(zone, { target: { value: 'Mars/Olympus' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('时区有误，如 Asia/Shanghai')).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.change(zone, { target: { value: 'Asia/Urumqi' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent).toEqual([{ ...DEFAULT_LEASE_POLICY, grace_days: 5, release_on_payoff: 'auto', time_zone: 'Asia/Urumqi' }]));
  });
});

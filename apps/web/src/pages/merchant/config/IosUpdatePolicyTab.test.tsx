import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../test/fakeNetwork.ts';
import { IosUpdatePolicyTab } from './IosUpdatePolicyTab.tsx';

describe('IosUpdatePolicyTab', { timeout: 30_000 }, () => {
  it('turns the store’s deferral on with its days, kept within 1-90', async () => {
    const sent: unknown[] = [];
    answerFetch(
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/store/ios-update-policy' && init?.method === 'POST') {
          const body = JSON.parse(String(init.body));
          sent.push(body);
          return Response.json(body);
        }
        if (url === '/api/store/ios-update-policy') return Response.json({ deferral_days: null });
        return new Response('', { status: 404 });
      }),
    );
    render(
      <ConfigProvider locale={zhCN}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <IosUpdatePolicyTab />
        </QueryClientProvider>
      </ConfigProvider>,
    );
    fireEvent.click(await screen.findByRole('radio', { name: '延迟' }));
    const days = await screen.findByRole('spinbutton');
    fireEvent.change(days, { target: { value: '91' } });
    fireEvent.blur(days);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent).toEqual([{ deferral_days: 90 }]));
    fireEvent.change(days, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ deferral_days: 30 }));
  });
});

import type { ReportOverview } from '@lease/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../test/fakeNetwork.ts';
import { ReportPanel } from './ReportPanel.tsx';

const overview = (over: Partial<ReportOverview> = {}): ReportOverview => ({
  available: true,
  month: { basic: 3, advanced: 1, total: 4, failed: 1 },
  rcs_count: 10,
  used_rcs_count: 3,
  rcs_left: 7,
  balance_fen: 12_345,
  abnormal_count: 2,
  sandbox: true,
  risk_watch: null,
  ...over,
});

const show = (data: ReportOverview) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <ReportPanel data={data} loading={false} /> }])} />
    </QueryClientProvider>,
  );

describe('home ReportPanel', () => {
  it("shows the store's real report figures, marked when they come from the sandbox", () => {
    show(overview());
    expect(screen.getByText('4 份（基础版 3 · 进阶版 1）')).toBeTruthy();
    expect(screen.getByText('¥123.45')).toBeTruthy();
    expect(screen.getByText('7 / 10 次')).toBeTruthy();
    expect(screen.getByText('2 笔')).toBeTruthy();
    expect(screen.getByText('沙箱数据')).toBeTruthy();
    expect(screen.queryByText('暂未开放')).toBeNull();
  });

  it('shows a clerk without the report permission no figures, not even the RCS counts', () => {
    show(overview({ available: false, sandbox: false, rcs_count: 0, used_rcs_count: 0, rcs_left: 0, balance_fen: 0 }));
    expect(screen.queryByText('0 / 0 次')).toBeNull();
    expect(screen.queryByText('风控查询剩余')).toBeNull();
    expect(screen.getByText('你没有查看报告的权限，报告数量、余额和风控查询次数不显示。')).toBeTruthy();
  });

  it('warns when the early-access watch found a hirer newly on a blacklist, with the phone it concerns', async () => {
    answerFetch(
      vi.fn(async (url: string) =>
        url.startsWith('/api/report/risk-alerts')
          ? Response.json({
              list: [
                {
                  id: 'a1',
                  platform: 'android',
                  device_id: 'd1',
                  device_name: 'Redmi Note 13',
                  hirer_name: '赵六',
                  hirer_phone_number: '139****0004',
                  reason: '行业共享黑名单：逾期未还',
                  sandbox: true,
                  date_created: '2026-11-20T02:00:00.000Z',
                },
              ],
              total: 1,
            })
          : new Response('', { status: 404 }),
      ),
    );
    show(overview({ risk_watch: { last_run_at: '2026-11-20T02:00:00.000Z', watched_hirers: 5, new_alerts_7d: 1 } }));
    expect(screen.getByText('5 位租机人 · 近 7 天新增预警 1 条')).toBeTruthy();
    expect(screen.getByText('有在租租机人新近命中黑名单，请留意。')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Redmi Note 13' })).getAttribute('href')).toBe('/console/device/android/d1');
    expect(screen.getByText(/行业共享黑名单：逾期未还/)).toBeTruthy();
  });

  it('says nothing of a watch the store has not bought', () => {
    show(overview());
    expect(screen.queryByText(/在租风险复查/)).toBeNull();
  });
});

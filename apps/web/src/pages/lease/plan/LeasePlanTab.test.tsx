import { Perm, type LeasePlanDetail } from '@lease/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../test/fakeNetwork.ts';
import { LeasePlanTab } from './LeasePlanTab.tsx';

const DEVICE = '0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b';

const plan = {
  id: '5d0c1a52-7c1e-4f43-9d4e-1b2a3c4d5e6f',
  platform: 'android',
  device_id: DEVICE,
  device_label: 'Redmi Note 13',
  serial_number: 'R13X0001',
  hirer_name: '王五',
  hirer_phone_masked: '139****0003',
  start_date: '2026-01-05',
  periods: 2,
  period: 'monthly',
  day_of_month: 5,
  amount_fen: 30000,
  deposit_fen: 0,
  total_fen: 60000,
  paid_fen: 60000,
  grace_days: 3,
  status: 'paid_off',
  paid_periods: 2,
  next_due_date: null,
  paid_through: '2026-03-04',
  amount_overdue_fen: 0,
  days_overdue: 0,
  promise_until: null,
  lock_status: 0,
  locked_for_arrears: false,
  release_offered: true,
  last_reminder_at: null,
  last_contact_note: '',
  last_contact_at: null,
  remark: '',
  date_created: '2026-01-05T02:00:00.000Z',
  due_dates: ['2026-02-05', '2026-03-05'],
  policy: {},
  policy_override: {},
  schedule: [
    { index: 1, due_date: '2026-02-05', amount_fen: 30000, paid_fen: 30000, state: 'paid' },
    { index: 2, due_date: '2026-03-05', amount_fen: 30000, paid_fen: 30000, state: 'paid' },
  ],
  ledger: [
    {
      id: 'l1',
      source: 'correction',
      amount_fen: -5000,
      method: null,
      reference: '',
      note: '重复登记',
      paid_at: '2026-03-01T02:00:00.000Z',
      clerk_name: '张三',
      date_created: '2026-03-01T02:00:00.000Z',
    },
  ],
  actions: [],
} as unknown as LeasePlanDetail;

function renderTab(answer: { plan: LeasePlanDetail | null }, perms: string[] = [Perm.ADMIN], onRelease = vi.fn()) {
  const fetchMock = answerFetch(
    vi.fn(async (url: string) => {
      if (url === `/api/lease/device/android/${DEVICE}`) return Response.json(answer);
      if (url === '/api/lease/plans/preview')
        return Response.json({ status: 'locked', amount_overdue_fen: 60000, days_overdue: 12, will_lock: true, due_dates: [] });
      if (url === '/api/lease/plans') return Response.json({ ...plan, release_offered: false, status: 'locked' });
      return new Response('', { status: 404 });
    }),
  );
  render(
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <LeasePlanTab platform="android" deviceId={DEVICE} perms={perms} release={{ label: '结清释放（解除监管）', check: { allowed: true }, onRelease }} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return fetchMock;
}

describe('LeasePlanTab', { timeout: 30_000 }, () => {
  it('offers release once the plan is paid off, and shows a correction with its reason', async () => {
    const onRelease = vi.fn();
    renderTab({ plan }, [Perm.ADMIN], onRelease);
    expect(await screen.findByText('分期已结清，可一键释放设备')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '结清释放（解除监管）' }));
    expect(onRelease).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('tab', { name: /还款记录/ }));
    expect(await screen.findByText('更正原因：重复登记')).toBeTruthy();
    expect(screen.getByText('-¥50.00')).toBeTruthy();
  });

  it('asks before creating a plan that locks the phone at once, then sends it in 分', async () => {
    const fetchMock = renderTab({ plan: null });
    fireEvent.click(await screen.findByRole('button', { name: '创建分期计划' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getAllByPlaceholderText('如 1200 或 99.50')[0], { target: { value: '300' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /创\s*建/ }));
    expect(await screen.findByText('该租机人已逾期 12 天，欠款 ¥600.00，创建后设备将立即被锁定，确定创建？')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/lease/plans')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '确定创建' }));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([u]) => u === '/api/lease/plans')).toHaveLength(1));
    const body = JSON.parse(String((fetchMock.mock.calls.find(([u]) => u === '/api/lease/plans')![1] as RequestInit).body));
    expect(body).toMatchObject({ device_id: DEVICE, platform: 'android', period: 'monthly', periods: 12, amount_fen: 30000, deposit_fen: 0, policy: null });
  });

  it('offers a clerk with only the view permission no changes', async () => {
    renderTab({ plan: null }, [Perm.LEASE_PLAN_VIEW]);
    expect(await screen.findByText('此设备还没有分期计划')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '创建分期计划' })).toBeNull();
  });
});

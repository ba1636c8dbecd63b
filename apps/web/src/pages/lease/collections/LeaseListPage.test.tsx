import { Perm, type LeasePlanItem } from '@lease/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../test/fakeNetwork.ts';
import { admin, clerk } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/renderRoute.tsx';
import { AllPlansPage, CollectionsPage } from './LeaseListPage.tsx';

const plan: LeasePlanItem = {
  id: '5d0c1a52-7c1e-4f43-9d4e-1b2a3c4d5e6f',
  platform: 'ios',
  device_id: '0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b',
  device_label: 'iPhone 13',
  serial_number: 'F2LXK0ABCD12',
  hirer_name: '李四',
  hirer_phone_masked: '138****0002',
  start_date: '2026-01-05',
  periods: 12,
  period: 'monthly',
  day_of_month: 5,
  amount_fen: 50000,
  deposit_fen: 0,
  total_fen: 600000,
  paid_fen: 100000,
  grace_days: 3,
  status: 'overdue',
  paid_periods: 2,
  next_due_date: '2026-04-05',
  paid_through: '2026-03-04',
  amount_overdue_fen: 50000,
  days_overdue: 6,
  promise_until: null,
  lock_status: 0,
  locked_for_arrears: false,
  release_offered: false,
  last_reminder_at: null,
  last_contact_note: '电话未接',
  last_contact_at: '2026-03-10T02:00:00.000Z',
  remark: '',
  date_created: '2026-01-05T02:00:00.000Z',
};

const calls = (prefix: string) =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([url]) => String(url).startsWith(prefix))
    .map(([url, init]) => ({ url: String(url), init: init as RequestInit | undefined }));

async function renderPage(path: string, user = admin(), Page = CollectionsPage) {
  answerFetch(
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/lease/plans?')) return Response.json({ list: [plan], total: 1 });
      if (url === `/api/lease/plans/${plan.id}/payments`) return Response.json({ ...plan, schedule: [], ledger: [], actions: [] });
      if (url === '/api/lease/batch') return Response.json({ done: 0, failed: [{ plan_id: plan.id, message: '设备已脱离管理' }] });
      return new Response(JSON.stringify({ init }), { status: 404 });
    }),
  );
  const { router } = renderRoute({ path: '/console/lease/:view', Component: Page }, { at: path, user });
  await act(async () => {});
  return router;
}

describe('CollectionsPage', () => {
  it('asks for the collections view in the URL and shows each plan’s standing', async () => {
    await renderPage('/console/lease/collections?status=overdue&sort=days_overdue&page_num=1');
    expect(await screen.findByText('F2LXK0ABCD12')).toBeTruthy();
    expect(calls('/api/lease/plans')[0].url).toBe('/api/lease/plans?page_num=1&page_size=20&status=overdue&sort=days_overdue&collections=1');
    expect(screen.getByRole('link', { name: 'iPhone 13' }).getAttribute('href')).toBe(`/console/device/ios/${plan.device_id}`);
    expect(screen.getByText('138****0002')).toBeTruthy();
    expect(screen.getAllByText('逾期宽限中').length).toBeGreaterThan(0);
    expect(screen.getByText('¥500.00')).toBeTruthy();
    expect(screen.getByText('6 天')).toBeTruthy();
    expect(screen.getByText('电话未接')).toBeTruthy();
  });

  it('writes applied filters to the URL, back on the first page', async () => {
    const router = await renderPage('/console/lease/collections?page_num=2');
    fireEvent.change(await screen.findByPlaceholderText('序列号 / IMEI / 租机人 / 手机号'), { target: { value: '李四' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(router.state.location.search).toBe(`?keyword=${encodeURIComponent('李四')}`));
    await waitFor(() => expect(calls('/api/lease/plans').at(-1)?.url).toContain('keyword='));
  });

  it('records a payment in exact 分 with an Idempotency-Key', async () => {
    await renderPage('/console/lease/collections');
    fireEvent.click(await screen.findByRole('button', { name: '登记还款' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('如 1200 或 99.50'), { target: { value: '1.15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /登\s*记/ }));
    await waitFor(() => expect(calls(`/api/lease/plans/${plan.id}/payments`)).toHaveLength(1));
    const sent = calls(`/api/lease/plans/${plan.id}/payments`)[0].init!;
    expect(JSON.parse(String(sent.body))).toMatchObject({ amount_fen: 115, method: 'wechat' });
    expect(new Headers(sent.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses an amount with three decimals before sending', async () => {
    await renderPage('/console/lease/collections');
    fireEvent.click(await screen.findByRole('button', { name: '登记还款' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('如 1200 或 99.50'), { target: { value: '1.155' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /登\s*记/ }));
    expect(await within(dialog).findByText('金额最多两位小数（精确到分）')).toBeTruthy();
    expect(calls(`/api/lease/plans/${plan.id}/payments`)).toHaveLength(0);
  });

  it('locks the ticked plans after a confirmation and names the ones that failed', async () => {
    await renderPage('/console/lease/collections');
    await screen.findByText('F2LXK0ABCD12');
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    fireEvent.click(await screen.findByRole('button', { name: '批量锁定' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定锁定' }));
    await waitFor(() => expect(calls('/api/lease/batch')).toHaveLength(1));
    expect(JSON.parse(String(calls('/api/lease/batch')[0].init!.body))).toEqual({ plan_ids: [plan.id], action: 'lock' });
    expect(await screen.findByText('iPhone 13 F2LXK0ABCD12：设备已脱离管理')).toBeTruthy();
  });

  it('shows a clerk with only the view permission no collection actions; the plain list asks without collections', async () => {
    await renderPage('/console/lease/plans?status=paid_off', clerk({ permission: [Perm.LEASE_PLAN_VIEW] }), AllPlansPage);
    await screen.findByText('F2LXK0ABCD12');
    expect(calls('/api/lease/plans')[0].url).toBe('/api/lease/plans?page_num=0&page_size=20&status=paid_off');
    expect(screen.queryByRole('button', { name: '登记还款' })).toBeNull();
    expect(screen.queryByRole('button', { name: '发送提醒' })).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
});

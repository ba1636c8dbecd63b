import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { admin } from '../../../../test/fixtures.ts';
import IosListPage from './IosListPage.tsx';
import { renderRoute } from '../../../../test/renderRoute.tsx';
import { answerFetch } from '../../../../test/fakeNetwork.ts';

const row = {
  id: '0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b',
  serial_number: 'F2LXK0ABCD12',
  udid: null,
  model: 'iPhone14,5',
  model_name: 'iPhone 13',
  product_name: 'iPhone',
  color: '',
  storage_capacity: 128,
  os_version: '17.5',
  imei_1: '353209720000001',
  imei_2: '',
  hirer_name: '李四',
  hirer_phone_number: '138****0002',
  remark: '',
  for_clerk: null,
  enrollment_status: 1,
  lock_status: 0,
  supervise_status: 1,
  abm_status: 0,
  activation_lock_status: 0,
  recycled_status: 0,
  battery_level: 0.5,
  registration_time: '2026-01-05T02:00:00.000Z',
  last_active_time: null,
  is_simulated: true,
  enroll_link: 'http://x/enroll/abc',
  progress: null,
};

const listCalls = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([url]) => String(url))
    .filter((u) => u.startsWith('/api/device/ios/list'));

async function renderList(path: string, total = 1) {
  answerFetch(
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/device/ios/list')) return Response.json({ list: total ? [row] : [], total });
      if (url.startsWith('/api/device/ios/helper/clerks')) return Response.json([]);
      return new Response('', { status: 404 });
    }),
  );
  const { router } = renderRoute({ path: '/console/device/ios/list', Component: IosListPage }, { at: path, user: admin() });
  await act(async () => {});
  return router;
}

describe('IosListPage', () => {
  it('asks the server for the view in the URL and fills the filters from it', async () => {
    await renderList('/console/device/ios/list?imei=3532&registration_time=20260101&registration_time=20260131&page_num=1');
    await screen.findByText('iPhone 13');
    expect(listCalls()[0]).toBe(
      '/api/device/ios/list?page_num=1&page_size=20&imei=3532&registration_time=20260101&registration_time=20260131&sort_index=registration_time&sort_direction=descend',
    );
    // The filter bar's code loads on its own (a phone shows it only after 筛选).
    expect(await screen.findByDisplayValue('3532')).toBeTruthy();
    expect(screen.getByDisplayValue('2026-01-01')).toBeTruthy();
    expect(screen.getByText('模拟设备')).toBeTruthy();
    expect(screen.getByText('共 1 条')).toBeTruthy();
  });

  it('writes applied filters to the URL and starts again from the first page', async () => {
    const router = await renderList('/console/device/ios/list?page_num=3&page_size=50');
    fireEvent.change(await screen.findByPlaceholderText('序列号'), { target: { value: 'f2lx' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?page_size=50&serial_number=F2LX'));
    await waitFor(() => expect(listCalls().at(-1)).toContain('serial_number=F2LX'));
  });

  it('tells a store without devices how to add the first phone', async () => {
    await renderList('/console/device/ios/list', 0);
    expect(await screen.findByText('门店还没有 Apple 设备')).toBeTruthy();
    expect(screen.getByRole('button', { name: '登记第一台设备' })).toBeTruthy();
  });
});

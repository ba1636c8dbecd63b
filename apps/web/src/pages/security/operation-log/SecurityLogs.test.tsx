import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../test/fakeNetwork.ts';
import { admin } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/renderRoute.tsx';
import { PlatformOperationLog } from './PlatformOperationLog.tsx';
import ReportViewLogPage from './ReportViewLogPage.tsx';

const screenSize = vi.hoisted(() => ({ phone: false }));
vi.mock('../../../lib/useIsPhone.ts', () => ({ useIsPhone: () => screenSize.phone }));

afterEach(() => {
  screenSize.phone = false;
});

const DEVICE = '0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b';
const operation = {
  id: 'op-1',
  action: 'lock',
  action_label: '锁定设备',
  status: 2,
  result: '',
  detail: {},
  clerk_name: '张店员',
  device_id: DEVICE,
  scheduled_at: null,
  date_created: '2026-03-01T02:00:00Z',
  date_updated: '2026-03-01T02:00:00Z',
  device_serial: 'F2LXK0ABCD12',
  device_hirer: '王小明',
  device_model: 'iPhone 15',
  platform: 'ios',
};

function serve() {
  return answerFetch(
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/device/ios/operation-log')) return Response.json({ list: [operation], total: 1 });
      if (url.startsWith('/api/store/report-view-log'))
        return Response.json({
          list: [
            { id: 'v-1', clerk_id: 'c-1', clerk_name: '李店员', report_id: 'r-1', report_name: '赵六', level: 'basic', date_created: '2026-03-02T03:00:00Z' },
          ],
          total: 1,
        });
      if (url.startsWith('/api/device/ios/helper/clerks')) return Response.json([]);
      return Response.json({});
    }),
  );
}

describe('store operation log', () => {
  it('shows the hirer and model beside the serial and searches by device or hirer', async () => {
    const fetchMock = serve();
    renderRoute({ path: '/log', element: <PlatformOperationLog platform="ios" /> }, { at: '/log', user: admin() });
    expect(await screen.findByText('F2LXK0ABCD12')).toBeTruthy();
    expect(screen.getByText('iPhone 15 · 租机人 王小明')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('搜索设备或租机人'), { target: { value: ' 王小明 ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes(`device_keyword=${encodeURIComponent('王小明')}`))).toBe(true));
  });

  it('lists entries as cards on a phone, without a table', async () => {
    screenSize.phone = true;
    serve();
    renderRoute({ path: '/log', element: <PlatformOperationLog platform="ios" /> }, { at: '/log', user: admin() });
    const list = await screen.findByRole('list', { name: '操作记录' });
    const card = within(list).getAllByRole('listitem')[0];
    expect(within(card).getByText('F2LXK0ABCD12')).toBeTruthy();
    expect(within(card).getByText('锁定设备')).toBeTruthy();
    expect(document.querySelector('.ant-table')).toBeNull();
  });
});

describe('ReportViewLogPage', () => {
  it('lists who viewed which report and when, filterable by clerk and day', async () => {
    const fetchMock = serve();
    renderRoute({ path: '/views', element: <ReportViewLogPage /> }, { at: '/views?start_date=20260301', user: admin() });
    expect(await screen.findByText('赵六')).toBeTruthy();
    expect(screen.getByText('李店员')).toBeTruthy();
    expect(screen.getByText('基础版')).toBeTruthy();
    expect(screen.queryByText('状态')).toBeNull();
    const asked = fetchMock.mock.calls.map(([url]) => String(url)).find((u) => u.startsWith('/api/store/report-view-log'));
    expect(asked).toContain('start_date=20260301');
  });

  it("shows one report's views from the report page's link, links the report, and lets the filter go", async () => {
    const reportId = '7d1f3c2a-5b6e-4f70-8a91-b2c3d4e5f601';
    const fetchMock = serve();
    renderRoute({ path: '/views', element: <ReportViewLogPage /> }, { at: `/views?report_id=${reportId}`, user: admin() });
    expect(await screen.findByText(/仅显示一份报告的查看记录/)).toBeTruthy();
    const asked = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/store/report-view-log'));
    expect(asked()[0]).toContain(`report_id=${reportId}`);
    expect((await screen.findByRole('link', { name: '赵六' })).getAttribute('href')).toBe('/console/report/basic/r-1');
    fireEvent.click(screen.getByRole('button', { name: '显示全部报告' }));
    await waitFor(() => expect(asked().some((u) => !u.includes('report_id'))).toBe(true));
  });

  it('lists report views as cards on a phone', async () => {
    screenSize.phone = true;
    serve();
    renderRoute({ path: '/views', element: <ReportViewLogPage /> }, { at: '/views', user: admin() });
    const list = await screen.findByRole('list', { name: '报告查看记录' });
    const card = within(list).getAllByRole('listitem')[0];
    expect(within(card).getByText('李店员')).toBeTruthy();
    expect(within(card).getByText('查看时间')).toBeTruthy();
    expect(document.querySelector('table')).toBeNull();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/renderRoute.tsx';
import { answerReportApi, postedTo, rcsRecord } from '../report.fixture.ts';
import { awaitingHirer } from './rcsSearch.ts';
import RcsPage from './RcsPage.tsx';

function renderPage(at: string, handler?: Parameters<typeof answerReportApi>[0]) {
  const fetchMock = answerReportApi(handler);
  const { router } = renderRoute({ path: '/console/report/rcs', Component: RcsPage }, { at, user: admin() });
  return { fetchMock, router };
}

const posted = postedTo;

describe('RcsPage', { timeout: 30_000 }, () => {
  it('shows the counts left and both report links once the provider called back', async () => {
    const done = { date_updated: '2026-11-20T03:00:00.000Z', url: 'https://vendor.example/wx/1' };
    const { fetchMock } = renderPage('/console/report/rcs?name=李四', (url) =>
      url.startsWith('/api/store/rcs/list')
        ? Response.json({
            list: [
              rcsRecord({ last_wechat_report: done, last_alipay_report: { ...done, url: 'https://vendor.example/ali/1' } }),
              rcsRecord({ id: 'r2', name: '张三' }),
            ],
            total: 2,
          })
        : undefined,
    );
    expect((await screen.findByRole('link', { name: '查看微信报告' })).getAttribute('href')).toBe('https://vendor.example/wx/1');
    expect(screen.getByRole('link', { name: '查看支付宝报告' }).getAttribute('href')).toBe('https://vendor.example/ali/1');
    expect(screen.getAllByText('等待授权')).toHaveLength(2);
    expect(screen.getByTestId('rcs-left').textContent).toBe('7');
    expect(fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.startsWith('/api/store/rcs/list'))).toBe(
      `/api/store/rcs/list?page_num=0&page_size=20&name=${encodeURIComponent('李四')}`,
    );
  });

  it('checks the id number, then shows the QR code and link for the hirer', async () => {
    const { fetchMock } = renderPage('/console/report/rcs', (url, init) =>
      url === '/api/store/rcs/request' && init?.method === 'POST' ? Response.json(rcsRecord()) : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: '发起风控查询' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('与证件一致'), { target: { value: '李四' } });
    fireEvent.change(within(dialog).getByPlaceholderText('身份证号'), { target: { value: '12345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '生成授权码' }));
    expect(await within(dialog).findByText('身份证格式有误', undefined, { timeout: 5000 })).toBeTruthy();
    // A Hong Kong identity card is accepted.
    fireEvent.change(within(dialog).getByPlaceholderText('身份证号'), { target: { value: 'A123456(7)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '生成授权码' }));
    await waitFor(() => expect(posted(fetchMock, '/api/store/rcs/request')).toEqual([{ name: '李四', id_card: 'A123456(7)' }]));
    expect((await within(dialog).findByTestId('rcs-auth-url')).textContent).toContain('http://127.0.0.1:3000/rcs/sandbox/order-1');
    expect(dialog.querySelector('canvas, svg')).toBeTruthy();
  });

  it('keeps asking only while a recent order waits for the hirer', () => {
    const now = Date.parse('2026-11-20T12:00:00.000Z');
    const done = { date_updated: '2026-11-20T03:00:00.000Z', url: 'https://x' };
    expect(awaitingHirer(rcsRecord({ date_created: '2026-11-20T02:00:00.000Z' }), now)).toBe(true);
    expect(awaitingHirer(rcsRecord({ date_created: '2026-11-18T02:00:00.000Z' }), now)).toBe(false);
    expect(awaitingHirer(rcsRecord({ date_created: '2026-11-20T02:00:00.000Z', last_wechat_report: done, last_alipay_report: done }), now)).toBe(false);
  });
});

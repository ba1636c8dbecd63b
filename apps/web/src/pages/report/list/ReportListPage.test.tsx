import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/renderRoute.tsx';
import { answerReportApi, balanceAnswer, listItem, postedTo } from '../report.fixture.ts';
import { AdvancedReportPage, BasicReportPage } from './ReportListPage.tsx';

function renderPage(at: string, handler?: Parameters<typeof answerReportApi>[0], Page = BasicReportPage, path = '/console/report/basic') {
  const fetchMock = answerReportApi(handler);
  const { router } = renderRoute({ path, Component: Page }, { at, user: admin() });
  return { fetchMock, router };
}

const calls = (fetchMock: ReturnType<typeof answerReportApi>, prefix: string) =>
  fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith(prefix));
const posted = postedTo;

describe('ReportListPage', { timeout: 30_000 }, () => {
  it("asks for the page's level and the URL's filters, and lists reports masked with their risk", async () => {
    const { fetchMock } = renderPage('/console/report/basic?name=王小明&status=success&date_from=2026-11-01&date_to=2026-11-30&page_num=1&level=advanced');
    expect(await screen.findByText('110***********123X')).toBeTruthy();
    expect(calls(fetchMock, '/api/report/list')[0]).toBe(
      `/api/report/list?page_num=1&page_size=20&name=${encodeURIComponent('王小明')}&status=success&date_from=2026-11-01&date_to=2026-11-30&level=basic`,
    );
    expect(screen.getByDisplayValue('王小明')).toBeTruthy();
    expect(screen.getByText('中风险 · 55 分')).toBeTruthy();
    expect(screen.getAllByText('沙箱数据').length).toBeGreaterThan(0);
    expect(await screen.findByTestId('report-balance')).toHaveProperty('textContent', '¥100.00');
    expect(screen.getAllByText('¥8.50')).toHaveLength(2);
  });

  it('refuses a non-Chinese name filter with the spec message and keeps the URL', async () => {
    const { router } = renderPage('/console/report/basic');
    fireEvent.change(await screen.findByPlaceholderText('姓名'), { target: { value: 'Tom' } });
    fireEvent.click(screen.getByRole('button', { name: /^查\s*询$/ }));
    expect(await screen.findByText('姓名只允许使用中文字符', undefined, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('adds a report only with a valid id number and the authorisation confirmed, with one key per dialog', async () => {
    const { fetchMock } = renderPage(
      '/console/report/advanced',
      (url, init) => (url === '/api/report/add' && init?.method === 'POST' ? Response.json(listItem({ level: 'advanced' })) : undefined),
      AdvancedReportPage,
      '/console/report/advanced',
    );
    fireEvent.click(await screen.findByRole('button', { name: '新建报告' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('与身份证一致'), { target: { value: '王小明' } });
    // Last digit wrong: GB 11643 says X.
    fireEvent.change(within(dialog).getByPlaceholderText('18 位身份证号'), { target: { value: '110105194912310021' } });
    fireEvent.change(within(dialog).getByPlaceholderText('租机人本人实名手机号'), { target: { value: '13800000000' } });
    const ok = await within(dialog).findByRole('button', { name: /确认查询（¥25.50）/ });
    fireEvent.click(ok);
    expect(await within(dialog).findByText('身份证格式有误')).toBeTruthy();
    expect(await within(dialog).findByText('请确认已取得租机人的查询授权')).toBeTruthy();

    fireEvent.change(within(dialog).getByPlaceholderText('18 位身份证号'), { target: { value: '11010519491231002x' } });
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(ok);
    await waitFor(() => expect(posted(fetchMock, '/api/report/add')).toHaveLength(1));
    const [body] = posted(fetchMock, '/api/report/add');
    expect(body).toMatchObject({ name: '王小明', id_card: '11010519491231002X', phone_number: '13800000000', level: 'advanced', authorised: true });
    expect(body.idempotency_key).toMatch(/^[\w-]{8,64}$/);
  });

  it('will not submit a report the balance cannot pay for', async () => {
    renderPage('/console/report/basic', (url) => (url === '/api/report/balance' ? Response.json(balanceAnswer(500)) : undefined));
    fireEvent.click(await screen.findByRole('button', { name: '新建报告' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('余额不足：当前余额 ¥5.00，本次需 ¥8.50')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('button', { name: /确认查询/ })
        .hasAttribute('disabled'),
    ).toBe(true);
  });

  it('refreshes a report after saying what it costs', async () => {
    const { fetchMock } = renderPage('/console/report/basic', (url, init) =>
      url === '/api/report/refresh' && init?.method === 'POST' ? Response.json(listItem()) : undefined,
    );
    // The price comes with the price list: wait for it before asking.
    await waitFor(() => expect(screen.getByRole('button', { name: '刷新' }).hasAttribute('disabled')).toBe(false), { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    expect(await screen.findByText(/将重新查询 王小明 的信用数据，扣费 ¥8.50/, undefined, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(document.querySelector<HTMLElement>('.ant-popconfirm .ant-btn-primary')!);
    await waitFor(() => expect(posted(fetchMock, '/api/report/refresh')).toHaveLength(1), { timeout: 5000 });
    // The key the server requires for a refresh (a retried click must not charge twice).
    expect(posted(fetchMock, '/api/report/refresh')[0]).toMatchObject({ id: listItem().id, idempotency_key: expect.stringMatching(/^[\w-]{8,64}$/) });
  });

  it('lists refunded failures on the abnormal tab', async () => {
    renderPage('/console/report/basic?tab=abnormal', (url) =>
      url.startsWith('/api/report/abnormal-list')
        ? Response.json({
            list: [
              {
                id: 'l1',
                report_id: listItem().id,
                name: '赵六',
                id_card: '110***********0011',
                level: 'basic',
                amount_fen: 850,
                reason: '数据源暂时无法查询',
                date_created: '2026-11-20T02:00:00.000Z',
              },
            ],
            total: 1,
          })
        : undefined,
    );
    expect(await screen.findByText('数据源暂时无法查询')).toBeTruthy();
    expect(screen.getByRole('link', { name: '赵六' }).getAttribute('href')).toBe(`/console/report/basic/${listItem().id}`);
  });
});

import type { UserInfo } from '@lease/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../test/fakeNetwork.ts';
import { admin, clerk } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/renderRoute.tsx';
import { detailAnswer, helperAnswer, REPORT_ID } from '../report.fixture.ts';
import ReportViewPage from './ReportViewPage.tsx';

const views = {
  list: [
    { id: 'v-2', clerk_id: 'c-2', clerk_name: '李店员', report_id: REPORT_ID, report_name: '王小明', level: 'basic', date_created: '2026-03-02T03:00:00Z' },
    { id: 'v-1', clerk_id: 'c-1', clerk_name: '王管理员', report_id: REPORT_ID, report_name: '王小明', level: 'basic', date_created: '2026-03-01T02:00:00Z' },
  ],
  total: 7,
};

function renderView(answer: Response, user: UserInfo = admin()) {
  const fetchMock = answerFetch(
    vi.fn(async (url: string) => {
      if (url === `/api/report/preview?id=${REPORT_ID}`) return answer.clone();
      if (url === '/api/report/helper') return Response.json(helperAnswer);
      if (url.startsWith('/api/store/report-view-log')) return Response.json(views);
      return new Response('', { status: 404 });
    }),
  );
  renderRoute({ path: '/console/report/basic/:id', Component: ReportViewPage }, { at: `/console/report/basic/${REPORT_ID}`, user });
  return fetchMock;
}

describe('ReportViewPage', { timeout: 30_000 }, () => {
  it('reads like a credit report: conclusion first, full id and phone, then the sections, marked as sandbox data', async () => {
    renderView(Response.json(detailAnswer()));
    expect(await screen.findByText('王小明 的基础版信用报告')).toBeTruthy();
    expect(screen.getByTestId('report-risk').textContent).toBe('中风险');
    expect(screen.getByText('手机号非本人实名')).toBeTruthy();
    expect(screen.getByText('11010519491231002X')).toBeTruthy();
    expect(screen.getByText('13800000000')).toBeTruthy();
    expect(screen.getByText(/本报告由离线沙箱生成（沙箱数据）/)).toBeTruthy();
    expect(screen.getByText('一、身份核验')).toBeTruthy();
    expect(screen.getByText('(2025)京0105执1234号')).toBeTruthy();
    expect(screen.getByText('¥12,500.00')).toBeTruthy();
    expect(screen.getByText('失信被执行人记录（0 条）')).toBeTruthy();
    // Basic reports have no multi-lender or overdue section.
    expect(screen.queryByText(/多头借贷/)).toBeNull();
    expect(screen.getByRole('link', { name: 'iPhone 13' }).getAttribute('href')).toBe('/console/device/ios/0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b');
    expect(screen.getByText(/王管理员 于 .* 确认已取得本人授权/)).toBeTruthy();
  });

  it("shows the admin who viewed this report's full data and when, linking to the filtered log", async () => {
    const fetchMock = renderView(Response.json(detailAnswer()));
    const list = await screen.findByRole('list', { name: '查看记录' });
    expect(await within(list).findByText('李店员')).toBeTruthy();
    expect(within(list).getByText('王管理员')).toBeTruthy();
    const asked = fetchMock.mock.calls.map(([url]) => String(url)).find((u) => u.startsWith('/api/store/report-view-log'));
    expect(asked).toContain(`report_id=${REPORT_ID}`);
    expect(screen.getByRole('link', { name: '全部 7 条' }).getAttribute('href')).toBe(`/console/security/operation-log/report-view?report_id=${REPORT_ID}`);
  });

  it('shows a clerk without admin rights no view record and never asks for it', async () => {
    const fetchMock = renderView(Response.json(detailAnswer()), clerk({ permission: [] }));
    expect(await screen.findByText('王小明 的基础版信用报告')).toBeTruthy();
    expect(screen.queryByText('查看记录')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/store/report-view-log'))).toBe(false);
  });

  it('says a failed query was refunded and offers no sections', async () => {
    renderView(
      Response.json(
        detailAnswer({ status: 'failed', failure_reason: '数据源暂时无法查询', sections: null, risk_level: null, risk_score: null, sandbox: false }),
      ),
    );
    expect(await screen.findByText('查询失败：数据源暂时无法查询')).toBeTruthy();
    expect(screen.getByText('本次费用已退回门店余额，可稍后刷新重新查询。')).toBeTruthy();
    expect(screen.queryByText('风险结论')).toBeNull();
    expect(screen.queryByText('沙箱数据')).toBeNull();
  });

  it("answers another store's or a deleted report with 报告不存在", async () => {
    renderView(Response.json({ statusCode: 404, code: 'NOT_FOUND', message: '报告不存在' }, { status: 404 }));
    expect(await screen.findByText('报告不存在')).toBeTruthy();
  });
});

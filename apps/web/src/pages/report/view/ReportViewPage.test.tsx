import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../test/fakeNetwork.ts';
import { admin } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/renderRoute.tsx';
import { detailAnswer, helperAnswer, REPORT_ID } from '../report.fixture.ts';
import ReportViewPage from './ReportViewPage.tsx';

function renderView(answer: Response) {
  const fetchMock = answerFetch(
    vi.fn(async (url: string) => {
      if (url === `/api/report/preview?id=${REPORT_ID}`) return answer.clone();
      if (url === '/api/report/helper') return Response.json(helperAnswer);
      return new Response('', { status: 404 });
    }),
  );
  renderRoute({ path: '/console/report/basic/:id', Component: ReportViewPage }, { at: `/console/report/basic/${REPORT_ID}`, user: admin() });
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

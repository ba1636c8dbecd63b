import type { RcsRecord, ReportBalance, ReportDetail, ReportHelper, ReportListItem } from '@lease/shared';
import { vi } from 'vitest';
import { answerFetch } from '../../test/fakeNetwork.ts';

/** Sample answers of the report API for the page tests (the shapes of packages/shared schemas/report.ts). */
export const REPORT_ID = '7d1f3c2a-5b6e-4f70-8a91-b2c3d4e5f601';

export const helperAnswer: ReportHelper = {
  discount_rate: '0.8500',
  prices: [
    { level: 'basic', label: '基础版', list_price_fen: 1000, price_fen: 850, available: true },
    { level: 'advanced', label: '进阶版', list_price_fen: 3000, price_fen: 2550, available: true },
    { level: 'professional', label: '专业版', list_price_fen: 8000, price_fen: 6800, available: false },
  ],
  blacklist_list_price_fen: 200,
  blacklist_price_fen: 170,
  sandbox: true,
  retention_days: 365,
};

export const balanceAnswer = (balance_fen = 10_000): ReportBalance => ({
  balance_fen,
  discount_rate: '0.8500',
  rcs_count: 10,
  used_rcs_count: 3,
  sandbox: true,
});

export const listItem = (over: Partial<ReportListItem> = {}): ReportListItem => ({
  id: REPORT_ID,
  name: '王小明',
  id_card: '110***********123X',
  phone_number: '138****0000',
  level: 'basic',
  status: 'success',
  risk_level: 'medium',
  risk_score: 55,
  price_fen: 850,
  sandbox: true,
  failure_reason: null,
  clerk_name: '王管理员',
  linked_device_count: 1,
  date_created: '2026-11-20T02:00:00.000Z',
  date_updated: '2026-11-20T02:00:00.000Z',
  ...over,
});

export const detailAnswer = (over: Partial<ReportDetail> = {}): ReportDetail => ({
  ...listItem(),
  id_card: '11010519491231002X',
  phone_number: '13800000000',
  authorisation: { confirmed_by: '王管理员', confirmed_at: '2026-11-20T02:00:00.000Z' },
  sections: {
    identity: { name_id_match: true, phone_name_match: false, carrier: '中国移动', summary: '姓名与身份证号一致，手机号非本人实名' },
    multi_lender: null,
    court: {
      enforcement: [{ case_no: '(2025)京0105执1234号', court: '北京市朝阳区人民法院', date: '2025-03-01', amount_fen: 1_250_000, status: '执行中' }],
      dishonest: [],
    },
    overdue: null,
    phone_tenure: { months: 26, status: '正常在用' },
    risk: { score: 55, level: 'medium', factors: ['手机号非本人实名', '有 1 条被执行记录'] },
  },
  linked_devices: [{ platform: 'ios', id: '0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b', name: 'iPhone 13' }],
  ...over,
});

export const rcsRecord = (over: Partial<RcsRecord> = {}): RcsRecord => ({
  id: '3e1f3c2a-5b6e-4f70-8a91-b2c3d4e5f602',
  name: '李四',
  id_card: '110***********123X',
  last_wechat_report: null,
  last_alipay_report: null,
  report_url: null,
  auth_url: 'http://127.0.0.1:3000/rcs/sandbox/order-1',
  sandbox: true,
  clerk_name: '王管理员',
  date_created: new Date().toISOString(),
  ...over,
});

type Handler = (url: string, init?: RequestInit) => Response | undefined;

/**
 * answerReportApi answers the report area's calls for a page test: the test's handler first, then the balance,
 * the price list and empty lists; anything else is a 404. Returns the fetch mock to read what the page sent.
 */
export function answerReportApi(handler: Handler = () => undefined) {
  return answerFetch(
    vi.fn(async (url: string, init?: RequestInit) => {
      const answer = handler(url, init);
      if (answer) return answer;
      if (url === '/api/report/balance') return Response.json(balanceAnswer());
      if (url === '/api/report/helper') return Response.json(helperAnswer);
      if (url.startsWith('/api/report/list')) return Response.json({ list: [listItem()], total: 1 });
      if (url.startsWith('/api/report/abnormal-list') || url.startsWith('/api/store/rcs/list')) return Response.json({ list: [], total: 0 });
      return new Response('', { status: 404 });
    }),
  );
}

/** postedTo are the JSON bodies the page POSTed to `url`. */
export const postedTo = (fetchMock: ReturnType<typeof answerReportApi>, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && init?.method === 'POST').map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);

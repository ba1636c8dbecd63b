import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../test/fakeNetwork.ts';
import { admin } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/renderRoute.tsx';
import { helperAnswer } from '../report.fixture.ts';
import { BlacklistDialog } from './BlacklistDialog.tsx';

describe('BlacklistDialog', { timeout: 30_000 }, () => {
  it('checks by an 18-character id number (type 0) or a phone (type 1) and shows the hit with its price', async () => {
    const fetchMock = answerFetch(
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/report/helper') return Response.json(helperAnswer);
        if (url === '/api/report/blacklist-check' && init?.method === 'POST')
          return Response.json({
            type: 1,
            value: '138****0000',
            hit: true,
            records: [{ source: '行业共享黑名单', reason: '租赁设备逾期未还', date: '2026-05-01' }],
            price_fen: 170,
            balance_fen: 9830,
            sandbox: true,
          });
        return new Response('', { status: 404 });
      }),
    );
    renderRoute({ path: '/', Component: () => <BlacklistDialog onClose={() => {}} /> }, { at: '/', user: admin() });
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('18 位身份证号'), { target: { value: '1101051949' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: /查询（¥1.70）/ }));
    expect(await within(dialog).findByText('身份证格式有误', undefined, { timeout: 5000 })).toBeTruthy();

    fireEvent.click(within(dialog).getByLabelText('手机号'));
    fireEvent.change(await within(dialog).findByPlaceholderText('11 位手机号'), { target: { value: '13800000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /查询（¥1.70）/ }));
    expect(await within(dialog).findByText('138****0000 命中黑名单')).toBeTruthy();
    expect(within(dialog).getByText('租赁设备逾期未还')).toBeTruthy();
    expect(within(dialog).getByText('本次扣费 ¥1.70，余额 ¥98.30')).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([u]) => u === '/api/report/blacklist-check').map(([, i]) => JSON.parse(String(i!.body)))).toEqual([
        { type: 1, phone_number: '13800000000' },
      ]),
    );
  });
});

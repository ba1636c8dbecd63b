import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { clerk } from '../../../test/fixtures.ts';
import { answerFetch } from '../../../test/fakeNetwork.ts';
import { renderRoute } from '../../../test/renderRoute.tsx';
import ChangePasswordPage from './ChangePasswordPage.tsx';

const URL_ = '/api/user/lost-modal-content';

function renderPage(put: (body: Record<string, string>) => Response) {
  let saved = { message: '请联系门店处理', phone_number: '4008001234', footnote: '' };
  const fetchMock = answerFetch(
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url !== URL_) return new Response('', { status: 404 });
      if (init?.method === 'PUT') {
        const res = put(JSON.parse(String(init.body)));
        if (res.ok) saved = await res.clone().json();
        return res;
      }
      return Response.json(saved);
    }),
  );
  renderRoute({ path: '/console/security/password', Component: ChangePasswordPage }, { at: '/console/security/password', user: clerk() });
  return fetchMock;
}

const puts = (fetchMock: ReturnType<typeof renderPage>) =>
  fetchMock.mock.calls.filter(([u, init]) => u === URL_ && init?.method === 'PUT').map(([, init]) => JSON.parse(String(init!.body)));

describe('账号安全 → 锁屏提示', { timeout: 30_000 }, () => {
  it('shows the clerk’s own lock-screen text and saves the edit with PUT /api/user/lost-modal-content', async () => {
    const fetchMock = renderPage((body) => Response.json(body));
    fireEvent.click(await screen.findByRole('tab', { name: '锁屏提示' }));
    const message = await screen.findByDisplayValue('请联系门店处理');
    expect(screen.getByDisplayValue('4008001234')).toBeTruthy();
    fireEvent.change(message, { target: { value: ' 本机已锁定，请联系门店 ' } });
    fireEvent.change(screen.getByPlaceholderText('如：门店名称或地址'), { target: { value: '华强北店' } });
    fireEvent.click(screen.getByRole('button', { name: '保存锁屏提示' }));
    await waitFor(() => expect(puts(fetchMock)).toEqual([{ message: '本机已锁定，请联系门店', phone_number: '4008001234', footnote: '华强北店' }]));
  });

  it('refuses a phone nobody can dial before sending, and shows the server’s refusal at its field', async () => {
    const fetchMock = renderPage(() =>
      Response.json(
        { statusCode: 400, code: 'VALIDATION_FAILED', message: '脚注最多 100 个字符', errors: [{ field: 'footnote', message: '脚注最多 100 个字符' }] },
        { status: 400 },
      ),
    );
    fireEvent.click(await screen.findByRole('tab', { name: '锁屏提示' }));
    const phone = await screen.findByDisplayValue('4008001234');
    fireEvent.change(phone, { target: { value: '075512' } });
    fireEvent.click(screen.getByRole('button', { name: '保存锁屏提示' }));
    expect(await screen.findByText('联系电话应为手机号、400/800 号码或带区号的固定电话')).toBeTruthy();
    expect(puts(fetchMock)).toHaveLength(0);
    fireEvent.change(phone, { target: { value: '13800001111' } });
    fireEvent.click(screen.getByRole('button', { name: '保存锁屏提示' }));
    expect(await screen.findByText('脚注最多 100 个字符')).toBeTruthy();
    expect(puts(fetchMock)).toHaveLength(1);
  });
});

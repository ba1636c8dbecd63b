import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerFetch } from '../../test/fakeNetwork.ts';
import { renderRoute } from '../../test/renderRoute.tsx';
import DevPage from './DevPage.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const status = (sms: { impl: string; live: boolean }) => ({ adapters: [{ name: 'sms', label: '短信网关', ...sms }], database: 'pglite' });
const noExpiry = (url: string) => (url.startsWith('/api/system/expiry-warnings') ? json(200, { list: [] }) : undefined);

describe('DevPage', { timeout: 30_000 }, () => {
  it('says codes stay in the outbox and shows it while no gateway is live', async () => {
    answerFetch(
      (url) =>
        noExpiry(url) ??
        (url.startsWith('/api/dev/test')
          ? json(200, status({ impl: '短信发件箱（离线，不真实发送）', live: false }))
          : json(200, {
              list: [
                { id: 1, phone_number: '13800000000', content: '【租机宝】您的验证码为 123456', purpose: 'register', date_created: new Date().toISOString() },
              ],
              total: 1,
            })),
    );
    renderRoute({ path: '/system/dev', Component: DevPage }, { at: '/system/dev' });
    expect(await screen.findByText(/短信未真实发送/)).toBeTruthy();
    expect(await screen.findByText('短信发件箱')).toBeTruthy();
  });

  it('names the live gateway and shows no outbox', async () => {
    const fetchMock = answerFetch((url) => noExpiry(url) ?? json(200, status({ impl: '腾讯云短信（https://sms.tencentcloudapi.com）', live: true })));
    renderRoute({ path: '/system/dev', Component: DevPage }, { at: '/system/dev' });
    expect(await screen.findByText(/短信由真实网关发送：腾讯云短信/)).toBeTruthy();
    expect(await screen.findByText(/均在 30 天以上有效/)).toBeTruthy();
    expect(screen.queryByText('短信发件箱')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/dev/sms-outbox'))).toBe(false);
  });

  it('tells anyone but the demo store’s admin why the tools are closed', async () => {
    answerFetch(() => json(403, { statusCode: 403, code: 'PERMISSION_DENIED', message: '开发者工具仅对演示门店的管理员开放' }));
    renderRoute({ path: '/system/dev', Component: DevPage }, { at: '/system/dev' });
    expect(await screen.findByText(/开发者工具仅对演示门店的管理员开放。请使用演示门店的管理员账号登录/)).toBeTruthy();
    expect(screen.queryByText('短信发件箱')).toBeNull();
  });

  it('stays on the page, signed in or not, when the server refuses a visitor (401)', async () => {
    localStorage.setItem('auth', JSON.stringify({ access_token: 'a', refresh_token: 'r', expires: Date.now() + 60_000 }));
    answerFetch(() => json(401, { statusCode: 401, code: 'UNAUTHORIZED', message: '请先登录' }));
    renderRoute({ path: '/system/dev', Component: DevPage }, { at: '/system/dev' });
    expect(await screen.findByText(/请先登录。请使用演示门店的管理员账号登录/)).toBeTruthy();
    expect(localStorage.getItem('auth')).not.toBeNull();
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerFetch } from '../../test/fakeNetwork.ts';
import { renderRoute } from '../../test/renderRoute.tsx';
import DevPage from './DevPage.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const status = (sms: { impl: string; live: boolean }) => ({ adapters: [{ name: 'sms', label: '短信网关', ...sms }], database: 'pglite' });

describe('DevPage', { timeout: 30_000 }, () => {
  it('says codes stay in the outbox and shows it while no gateway is live', async () => {
    answerFetch((url) =>
      url.startsWith('/api/dev/test')
        ? json(200, status({ impl: '短信发件箱（离线，不真实发送）', live: false }))
        : json(200, { list: [{ id: 1, phone_number: '13800000000', content: '【租机宝】您的验证码为 123456', purpose: 'register', date_created: new Date().toISOString() }], total: 1 }),
    );
    renderRoute({ path: '/system/dev', Component: DevPage }, { at: '/system/dev' });
    expect(await screen.findByText(/短信未真实发送/)).toBeTruthy();
    expect(await screen.findByText('短信发件箱')).toBeTruthy();
  });

  it('names the live gateway and shows no outbox', async () => {
    const fetchMock = answerFetch(() => json(200, status({ impl: '腾讯云短信（https://sms.tencentcloudapi.com）', live: true })));
    renderRoute({ path: '/system/dev', Component: DevPage }, { at: '/system/dev' });
    expect(await screen.findByText(/短信由真实网关发送：腾讯云短信/)).toBeTruthy();
    expect(screen.queryByText('短信发件箱')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/dev/sms-outbox'))).toBe(false);
  });

  it('tells anyone but the demo store’s admin why the tools are closed', async () => {
    answerFetch(() => json(403, { statusCode: 403, code: 'PERMISSION_DENIED', message: '开发者工具仅对演示门店的管理员开放' }));
    renderRoute({ path: '/system/dev', Component: DevPage }, { at: '/system/dev' });
    expect(await screen.findByText(/开发者工具仅对演示门店的管理员开放。请使用演示门店的管理员账号登录/)).toBeTruthy();
    expect(screen.queryByText('短信发件箱')).toBeNull();
  });
});

import type { ApiKeyInfo, WebhookDeliveryItem } from '@lease/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { describe, expect, it, vi } from 'vitest';
import { ApiSettings } from './ApiSettings.tsx';
import { answerFetch } from '../../../test/fakeNetwork.ts';

type Handler = (url: string, init?: RequestInit) => Response | undefined;

const info = (values: Partial<ApiKeyInfo> = {}): ApiKeyInfo => ({
  enabled: false,
  api_key: null,
  api_secret_key_masked: null,
  secret_generated_at: null,
  callback_url: '',
  ip_white_list: '',
  offline_hours: null,
  your_ip: '203.0.113.7',
  date_created: null,
  date_updated: null,
  ...values,
});

const delivery = (values: Partial<WebhookDeliveryItem> = {}): WebhookDeliveryItem => ({
  id: '00000000-0000-4000-8000-000000000001',
  type: 'device.locked',
  platform: 'ios',
  device_id: '00000000-0000-4000-8000-0000000000aa',
  serial_number: 'F2LXK0AAAA01',
  status: 'failed',
  attempts: 6,
  last_status_code: 500,
  last_error: '接收方返回 HTTP 500',
  next_attempt_at: null,
  delivered_at: null,
  date_created: '2026-01-02T03:04:05.000Z',
  attempt_list: [],
  ...values,
});

function renderSettings(handler: Handler) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.split('?')[0];
    const answer = handler(path, init);
    if (answer) return answer;
    if (path === '/api/store/sms-verify-switch') return Response.json({ enabled: false });
    if (path === '/api/store/api-key/webhook-deliveries') return Response.json({ list: [], total: 0 });
    return new Response('', { status: 404 });
  });
  answerFetch(fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={client}>
        <ApiSettings />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return fetchMock;
}

const posted = (fetchMock: ReturnType<typeof renderSettings>, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && init?.method === 'POST').map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : null));

describe('ApiSettings', { timeout: 30_000 }, () => {
  it('generates a key: preview warning, password, then the secret once with a copy button', async () => {
    let current = info({ api_key: 'ak_old', api_secret_key_masked: 'sk_************abcd', enabled: true });
    const secret = 'sk_ThisIsTheOnlyTimeYouSeeMe0123456789abcdefgh';
    const fetchMock = renderSettings((url) => {
      if (url === '/api/store/api-key/info') return Response.json(current);
      if (url === '/api/store/api-key/preview')
        return Response.json({ has_key: true, api_key: 'ak_old', enabled: true, effects: ['现有 API Key（ak_old）及其密钥将立即失效'], pending_deliveries: 0 });
      if (url === '/api/store/api-key/generate') {
        current = info({ api_key: 'ak_new', api_secret_key_masked: 'sk_************efgh', enabled: true });
        return Response.json({ api_key: 'ak_new', api_secret_key: secret, secret_generated_at: '2026-01-02T03:04:05.000Z' });
      }
      return undefined;
    });

    fireEvent.click(await screen.findByRole('button', { name: '重新生成密钥' }));
    const preview = await screen.findByRole('dialog');
    expect(await within(preview).findByText('现有 API Key（ak_old）及其密钥将立即失效')).toBeTruthy();
    fireEvent.click(within(preview).getByRole('button', { name: '继续生成' }));

    const confirm = await screen.findByRole('dialog', { name: '确认生成密钥' });
    fireEvent.change(within(confirm).getByPlaceholderText('敏感操作，需要验证你的身份'), { target: { value: 'Passw0rd!x' } });
    fireEvent.click(within(confirm).getByRole('button', { name: '确认生成' }));

    const shown = await screen.findByRole('dialog', { name: '密钥已生成' });
    expect(within(shown).getByText('密钥只显示这一次')).toBeTruthy();
    expect(within(shown).getByText(secret)).toBeTruthy();
    expect(within(shown).getByLabelText('复制密钥', { exact: false })).toBeTruthy();
    const close = within(shown).getByRole('button', { name: '我已保存，关闭' }) as HTMLButtonElement;
    expect(close.disabled).toBe(true);
    fireEvent.click(within(shown).getByRole('checkbox'));
    fireEvent.click(close);

    await waitFor(() => expect(screen.queryByText(secret)).toBeNull());
    expect(await screen.findByText('ak_new')).toBeTruthy();
    expect(posted(fetchMock, '/api/store/api-key/generate')).toEqual([{ password: 'Passw0rd!x' }]);
  });

  it('validates the callback URL and whitelist with the shared rules before saving', async () => {
    const fetchMock = renderSettings((url) => (url === '/api/store/api-key/info' ? Response.json(info({ api_key: 'ak_x' })) : undefined));
    fireEvent.change(await screen.findByPlaceholderText('https://erp.example.com/lease/webhook'), { target: { value: 'ftp://example.com' } });
    fireEvent.change(screen.getByPlaceholderText('如：203.0.113.10,2001:db8::10'), { target: { value: '1.2.3' } });
    fireEvent.click(screen.getByRole('button', { name: '保存设置' }));
    expect(await screen.findByText('回调地址应为 http:// 或 https:// 开头的网址')).toBeTruthy();
    expect(await screen.findByText('IP 地址格式有误：1.2.3')).toBeTruthy();
    expect(posted(fetchMock, '/api/store/api-key/update')).toEqual([]);
  });

  it('shows a private-address refusal from the server at the callback field', async () => {
    renderSettings((url) => {
      if (url === '/api/store/api-key/info') return Response.json(info({ api_key: 'ak_x' }));
      if (url === '/api/store/api-key/update') {
        const message = '回调地址不能指向本机、内网或保留地址';
        return Response.json({ statusCode: 400, code: 'VALIDATION_FAILED', message, errors: [{ field: 'callback_url', message }] }, { status: 400 });
      }
      return undefined;
    });
    fireEvent.change(await screen.findByPlaceholderText('https://erp.example.com/lease/webhook'), { target: { value: 'http://192.168.1.5/hook' } });
    fireEvent.click(screen.getByRole('button', { name: '保存设置' }));
    expect(await screen.findByText('回调地址不能指向本机、内网或保留地址')).toBeTruthy();
  });

  it('lists deliveries with status tags and re-sends a failed one', async () => {
    const fetchMock = renderSettings((url) => {
      if (url === '/api/store/api-key/info') return Response.json(info({ api_key: 'ak_x', enabled: true }));
      if (url === '/api/store/api-key/webhook-deliveries')
        return Response.json({
          list: [
            delivery(),
            delivery({
              id: '00000000-0000-4000-8000-000000000002',
              status: 'delivered',
              type: 'device.unlocked',
              last_status_code: 200,
              last_error: '',
              delivered_at: '2026-01-02T03:05:00.000Z',
            }),
          ],
          total: 2,
        });
      if (url === '/api/store/api-key/webhook-deliveries/resend') return Response.json({ ok: true });
      return undefined;
    });
    expect(await screen.findByText('接收方返回 HTTP 500')).toBeTruthy();
    expect(screen.getByText('设备已锁定')).toBeTruthy();
    // Status tags in the rows (the filter above the table carries the same words).
    expect(screen.getAllByText('发送失败').some((el) => el.closest('.ant-tag'))).toBe(true);
    expect(screen.getAllByText('已送达').some((el) => el.closest('.ant-tag'))).toBe(true);
    const buttons = screen.getAllByRole('button', { name: '重新发送' });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]);
    await waitFor(() => expect(posted(fetchMock, '/api/store/api-key/webhook-deliveries/resend')).toEqual([{ id: '00000000-0000-4000-8000-000000000001' }]));
  });
});

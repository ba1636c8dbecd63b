import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { admin } from '../../../test/fixtures.ts';
import MerchantConfigPage from './MerchantConfigPage.tsx';
import { discountText } from './storeInfoView.ts';
import { renderRoute } from '../../../test/renderRoute.tsx';
import { answerFetch } from '../../../test/fakeNetwork.ts';

type Handler = (url: string, init?: RequestInit) => Response | undefined;

function renderPage(path: string, handler: Handler, user = admin()) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => handler(url, init) ?? new Response('', { status: 404 }));
  answerFetch(fetchMock);
  renderRoute({ path: '/console/merchant/config', Component: MerchantConfigPage }, { at: path, user });
  return fetchMock;
}

const bodyOf = (fetchMock: ReturnType<typeof renderPage>, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && init?.method === 'PUT').map(([, init]) => JSON.parse(String(init!.body)));

describe('MerchantConfigPage', { timeout: 30_000 }, () => {
  it('has one tab per settings area, the Apple white list only with the Apple module', async () => {
    renderPage('/console/merchant/config?tab=security', (url) => (url === '/api/store/sms-verify-switch' ? Response.json({ enabled: false }) : undefined));
    for (const label of ['门店信息', '安全设置', '锁屏提示默认内容', 'Apple 应用白名单']) expect(screen.getByRole('tab', { name: label })).toBeTruthy();
  });

  it('hides the Apple white list tab from a store without the Apple module', () => {
    renderPage('/console/merchant/config', () => undefined, admin({ available_modules: ['android'] }));
    expect(screen.queryByRole('tab', { name: 'Apple 应用白名单' })).toBeNull();
  });

  it('turns the SMS switch off with the password and an SMS code, showing a wrong password at its field', async () => {
    let attempts = 0;
    const fetchMock = renderPage('/console/merchant/config?tab=security', (url, init) => {
      if (url === '/api/store/sms-verify-switch' && init?.method === 'PUT') {
        attempts++;
        if (attempts === 1) return Response.json({ statusCode: 403, code: 'SECPWD_MISMATCH', message: '密码错误' }, { status: 403 });
        return Response.json({ enabled: false });
      }
      if (url === '/api/store/sms-verify-switch') return Response.json({ enabled: true });
      if (url === '/api/store/info') return Response.json({});
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: '关闭短信验证' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('短信验证码')).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('敏感操作，需要验证你的身份'), { target: { value: 'Wrong#2026' } });
    fireEvent.change(within(dialog).getByPlaceholderText('6 位数字验证码'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认关闭' }));
    expect(await within(dialog).findByText('密码错误')).toBeTruthy();

    fireEvent.change(within(dialog).getByPlaceholderText('敏感操作，需要验证你的身份'), { target: { value: 'Passw0rd!x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认关闭' }));
    await screen.findByRole('button', { name: '开启短信验证' });
    expect(bodyOf(fetchMock, '/api/store/sms-verify-switch')).toEqual([
      { password: 'Wrong#2026', sms_code: '123456', enabled: false },
      { password: 'Passw0rd!x', sms_code: '123456', enabled: false },
    ]);
  });

  it('turns the switch on with the password alone', async () => {
    renderPage('/console/merchant/config?tab=security', (url) => (url === '/api/store/sms-verify-switch' ? Response.json({ enabled: false }) : undefined));
    fireEvent.click(await screen.findByRole('button', { name: '开启短信验证' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText('短信验证码')).toBeNull();
  });

  it('saves the store’s default lock-screen text trimmed, with PUT /api/store/lost-modal-content', async () => {
    const fetchMock = renderPage('/console/merchant/config?tab=lost-modal', (url, init) => {
      if (url !== '/api/store/lost-modal-content') return undefined;
      if (init?.method === 'PUT') return Response.json(JSON.parse(String(init.body)));
      return Response.json({ message: '请联系门店处理', phone_number: '4008001234', footnote: '' });
    });
    fireEvent.change(await screen.findByDisplayValue('请联系门店处理'), { target: { value: ' 本机已锁定 ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存默认内容' }));
    await waitFor(() =>
      expect(bodyOf(fetchMock, '/api/store/lost-modal-content')).toEqual([{ message: '本机已锁定', phone_number: '4008001234', footnote: '' }]),
    );
  });

  it('adds an app to the white list as a draft and saves it with the password', async () => {
    const fetchMock = renderPage('/console/merchant/config?tab=apple-white-list', (url, init) => {
      if (url === '/api/user/apple-app-restriction-white-list' && init?.method === 'PUT') {
        const { list } = JSON.parse(String(init.body)) as { list: unknown[] };
        return Response.json({ list });
      }
      if (url === '/api/user/apple-app-restriction-white-list') return Response.json({ list: [] });
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: /添加应用/ }));
    const add = await screen.findByRole('dialog');
    fireEvent.change(within(add).getByPlaceholderText('如：微信'), { target: { value: '微信' } });
    fireEvent.change(within(add).getByPlaceholderText('com.example.app'), { target: { value: 'not a bundle' } });
    fireEvent.click(within(add).getByRole('button', { name: /^添\s*加$/ }));
    expect(await within(add).findByText('Bundle ID 格式有误，如 com.tencent.xin')).toBeTruthy();
    fireEvent.change(within(add).getByPlaceholderText('com.example.app'), { target: { value: 'com.tencent.xin' } });
    fireEvent.click(within(add).getByRole('button', { name: /^添\s*加$/ }));
    expect(await screen.findByText('有未保存的修改')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '保存白名单' }));
    const confirm = await screen.findByRole('dialog', { name: '保存 Apple 应用白名单' });
    fireEvent.change(within(confirm).getByPlaceholderText('敏感操作，需要验证你的身份'), { target: { value: 'Passw0rd!x' } });
    fireEvent.click(within(confirm).getByRole('button', { name: '确认保存' }));
    await waitFor(() => expect(screen.queryByText('有未保存的修改')).toBeNull());
    expect(bodyOf(fetchMock, '/api/user/apple-app-restriction-white-list')).toEqual([
      { password: 'Passw0rd!x', list: [{ app_name: '微信', bundle_id: 'com.tencent.xin', icon: '' }] },
    ]);
  });
});

describe('report key tab', { timeout: 30_000 }, () => {
  it('says whether the key is set, never shows it, and replaces it', async () => {
    let configured = false;
    const fetchMock = renderPage('/console/merchant/config?tab=hx-report', (url, init) => {
      if (url === '/api/store/hx-report/set-secret-key' && init?.method === 'POST') {
        configured = true;
        return Response.json({ ok: true });
      }
      if (url === '/api/store/hx-report/config-status')
        return Response.json({ configured, date_updated: configured ? '2026-11-20T02:00:00.000Z' : null, provider: 'sandbox' });
      return undefined;
    });
    expect(await screen.findByText('未设置')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存密钥' }));
    expect(await screen.findByText('请输入密钥')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('粘贴服务商提供的密钥'), { target: { value: 'sk-store-secret-1' } });
    fireEvent.click(screen.getByRole('button', { name: '保存密钥' }));
    expect(await screen.findByText('已设置')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/store/hx-report/set-secret-key').map(([, i]) => JSON.parse(String(i!.body)))).toEqual([
      { secret_key: 'sk-store-secret-1' },
    ]);
    expect((screen.getByPlaceholderText('粘贴服务商提供的密钥') as HTMLInputElement).value).toBe('');
    expect(document.body.textContent).not.toContain('sk-store-secret-1');
    expect(screen.getByRole('button', { name: '更换密钥' })).toBeTruthy();
  });

  it('is offered only to a store with a report module', () => {
    renderPage('/console/merchant/config', () => undefined, admin({ available_modules: ['apple'] }));
    expect(screen.queryByRole('tab', { name: '报告密钥' })).toBeNull();
  });
});

describe('discountText', () => {
  it('says a rate the way a shop does', () => {
    expect(discountText('1.0000')).toBe('无折扣');
    expect(discountText('0.8500')).toBe('8.5 折');
    expect(discountText('0.9')).toBe('9 折');
    expect(discountText('x')).toBe('—');
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../app/feedback.ts';
import EnrollPage from './EnrollPage.tsx';
import { answerFetch } from '../../test/fakeNetwork.ts';

const INVALID = '链接无效，请联系门店重新获取登记链接';
const EXPIRED = '登记链接已过期，请联系门店重新获取';
const baseinfo = { store_name: '测试门店', serial_number: 'F2LXK0ABCD12', enrolled: false, hirer_on_file: false, can_submit: true };
const fail = (status: number, code: string, message: string) => Response.json({ statusCode: status, code, message }, { status });

function renderPage(handler: (url: string, init?: RequestInit) => Response) {
  answerFetch(vi.fn(async (url: string, init?: RequestInit) => handler(url, init)));
  const router = createMemoryRouter([{ path: '/enroll/:snEncrypt', Component: EnrollPage }], { initialEntries: ['/enroll/abc123'] });
  render(
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('EnrollPage', () => {
  it('shows a failed link in a dialog with 好的, not a toast', async () => {
    const warning = vi.spyOn(toast, 'warning');
    const error = vi.spyOn(toast, 'error');
    renderPage(() => fail(404, 'NOT_FOUND', INVALID));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(INVALID)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /^好\s*的$/ })).toBeTruthy();
    expect(screen.getAllByText(INVALID)).toHaveLength(1);
    expect(warning).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('shows a refused submit in the same dialog', async () => {
    const warning = vi.spyOn(toast, 'warning');
    renderPage((url) => (url.startsWith('/api/enroll/baseinfo') ? Response.json(baseinfo) : fail(409, 'CONFLICT', '提交过于频繁，请稍后再试')));
    fireEvent.change(await screen.findByPlaceholderText('租机人姓名'), { target: { value: '李四' } });
    fireEvent.click(screen.getByRole('button', { name: '提交信息' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('提交过于频繁，请稍后再试')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /^好\s*的$/ })).toBeTruthy();
    expect(warning).not.toHaveBeenCalled();
  });

  it('sends the hirer and then offers the profile for this link', async () => {
    renderPage((url) => (url.startsWith('/api/enroll/baseinfo') ? Response.json(baseinfo) : Response.json({ ok: true })));
    expect(await screen.findByText('F2LXK0ABCD12')).toBeTruthy();
    expect(screen.queryByText('安装设备管理描述文件', { selector: 'span' })).toBeNull();
    fireEvent.change(screen.getByPlaceholderText('租机人姓名'), { target: { value: ' 李四 ' } });
    fireEvent.change(screen.getByPlaceholderText('选填'), { target: { value: '13800000002' } });
    fireEvent.click(screen.getByRole('button', { name: '提交信息' }));
    const link = await screen.findByRole('link', { name: '安装设备管理描述文件' });
    expect(link.getAttribute('href')).toBe('/api/enroll/profile?code=abc123');
    const submit = vi.mocked(fetch).mock.calls.find(([url]) => url === '/api/enroll/submit');
    expect(JSON.parse(String(submit?.[1]?.body))).toEqual({ code: 'abc123', hirer_name: '李四', hirer_phone_number: '13800000002' });
  });

  it('does not offer the profile to a phone that has enrolled', async () => {
    renderPage(() => Response.json({ ...baseinfo, hirer_on_file: true, enrolled: true, can_submit: false }));
    expect(await screen.findByText('这台设备已接入管理，无需再安装描述文件。')).toBeTruthy();
    await act(async () => {});
    await waitFor(() => expect(screen.queryByRole('link', { name: '安装设备管理描述文件' })).toBeNull());
  });

  it('says an expired link is expired, in Chinese, and offers nothing', async () => {
    renderPage(() => fail(404, 'NOT_FOUND', EXPIRED));
    expect(await screen.findByText('登记链接已过期')).toBeTruthy();
    expect(within(await screen.findByRole('dialog')).getByText(EXPIRED)).toBeTruthy();
    expect(screen.queryByPlaceholderText('租机人姓名')).toBeNull();
  });

  it('shows no form once the store has set the hirer, only the profile to install', async () => {
    renderPage(() => Response.json({ ...baseinfo, hirer_on_file: true, can_submit: false }));
    expect(await screen.findByText('门店已为这台设备填写了租机人信息，如需修改请联系门店。')).toBeTruthy();
    expect(screen.queryByPlaceholderText('租机人姓名')).toBeNull();
    expect(screen.getByRole('link', { name: '安装设备管理描述文件' })).toBeTruthy();
  });

  it('asks again after a refused submit, so the page shows where the phone stands', async () => {
    let refused = false;
    renderPage((url) => {
      if (url.startsWith('/api/enroll/baseinfo'))
        return Response.json(refused ? { ...baseinfo, enrolled: true, hirer_on_file: true, can_submit: false } : baseinfo);
      refused = true;
      return fail(409, 'CONFLICT', '这台设备已接入管理，登记信息不能再通过链接修改；如需修改请联系门店');
    });
    fireEvent.change(await screen.findByPlaceholderText('租机人姓名'), { target: { value: '李四' } });
    fireEvent.click(screen.getByRole('button', { name: '提交信息' }));
    expect(within(await screen.findByRole('dialog')).getByText(/登记信息不能再通过链接修改/)).toBeTruthy();
    expect(await screen.findByText('这台设备已接入管理，无需再安装描述文件。')).toBeTruthy();
    await waitFor(() => expect(screen.queryByPlaceholderText('租机人姓名')).toBeNull());
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AndroidLockDialog } from './AndroidLockDialog.tsx';
import { PasscodeDialog } from './PasscodeDialog.tsx';
import WallpaperDialog from './WallpaperDialog.tsx';
import { answerFetch } from '../../../../test/fakeNetwork.ts';
import { admin } from '../../../../test/fixtures.ts';

const DEVICE = { id: '0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b', name: '荣耀 PGT-AN10', ident: '861234560000001' };
const BASE = `/api/device/android/${DEVICE.id}/operation`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let saved = { message: '', phone_number: '', footnote: '' };
let smsSwitch = false;

beforeEach(() => {
  saved = { message: '', phone_number: '', footnote: '' };
  smsSwitch = false;
  answerFetch(
    vi.fn(async (url: string) => {
      if (url === '/api/user/lost-modal-content') return Response.json(saved);
      if (url === '/api/store/sms-verify-switch') return Response.json({ enabled: smsSwitch });
      if (url.startsWith('/api/wallpaper/list')) return Response.json({ list: [], total: 0 });
      if (url === '/api/user/me') return Response.json(admin());
      if (url === `${BASE}/lock`) return Response.json({ operation_log_id: 'op-1', status: 0, replayed: false });
      if (url === `${BASE}/get-unlock-passcode`)
        return Response.json({ passcode: '0712345678', purpose: 'unlock', challenge: '12345678', grant_days: 7, operation_log_id: 'op-2' });
      return new Response('', { status: 404 });
    }),
  );
});

const calls = (url: string) => vi.mocked(fetch).mock.calls.filter(([u]) => u === url);

async function show(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </ConfigProvider>,
  );
  await act(async () => {});
}

describe('AndroidLockDialog', () => {
  it('refuses an empty message with 未填写锁定提示内容 and a phone nobody can dial', async () => {
    await show(<AndroidLockDialog device={DEVICE} onClose={vi.fn()} />);
    fireEvent.change(screen.getByPlaceholderText(/固定电话/), { target: { value: '075512' } });
    fireEvent.click(screen.getByRole('button', { name: /锁定设备/ }));
    expect(await screen.findByText('未填写锁定提示内容')).toBeTruthy();
    expect(await screen.findByText('联系电话应为手机号、400/800 号码或带区号的固定电话')).toBeTruthy();
    expect(calls(`${BASE}/lock`)).toHaveLength(0);
  });

  it('starts from the saved lock text with its 400 number, and sends once with an Idempotency-Key', async () => {
    saved = { message: '请联系门店还款', phone_number: '4008001234', footnote: '' };
    const onClose = vi.fn();
    await show(<AndroidLockDialog device={DEVICE} onClose={onClose} />);
    await waitFor(() => expect(screen.getByDisplayValue('请联系门店还款')).toBeTruthy());
    expect(screen.getByDisplayValue('4008001234')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /锁定设备/ }));
    await waitFor(() => expect(calls(`${BASE}/lock`)).toHaveLength(1));
    const [, init] = calls(`${BASE}/lock`)[0];
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(UUID);
    expect(JSON.parse(String(init?.body))).toEqual({ message: '请联系门店还款', phone_number: '4008001234' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

describe('PasscodeDialog', () => {
  it('sends the challenge with the password and shows the code large, with the one-time note', async () => {
    await show(<PasscodeDialog device={DEVICE} purpose="unlock" onClose={vi.fn()} />);
    fireEvent.change(screen.getByPlaceholderText('例如 1234 5678'), { target: { value: '1234 5678' } });
    fireEvent.change(screen.getByPlaceholderText('敏感操作，需要验证你的身份'), { target: { value: 'Passw0rd!x' } });
    fireEvent.click(screen.getByRole('button', { name: /生成解锁码/ }));
    expect(await screen.findByText('07 1234 5678')).toBeTruthy();
    expect(screen.getByText(/此码只能使用一次/)).toBeTruthy();
    const [, init] = calls(`${BASE}/get-unlock-passcode`)[0];
    expect(JSON.parse(String(init?.body))).toEqual({ challenge: '1234 5678', grant_days: 0, password: 'Passw0rd!x' });
  });

  it('asks for an SMS code when the store’s switch is on, and a challenge of 8 digits', async () => {
    smsSwitch = true;
    await show(<PasscodeDialog device={DEVICE} purpose="deregulate" onClose={vi.fn()} />);
    expect(await screen.findByPlaceholderText('6 位数字验证码')).toBeTruthy();
    expect(screen.queryByText('解锁有效期')).toBeNull();
    fireEvent.change(screen.getByPlaceholderText('例如 1234 5678'), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: /生成解除监管码/ }));
    expect(await screen.findByText('挑战码为设备锁屏上显示的 8 位数字')).toBeTruthy();
    // One message under the field: the error, not the error and a help text.
    expect(screen.getByPlaceholderText('例如 1234 5678').closest('.ant-form-item')?.querySelectorAll('.ant-form-item-explain > div')).toHaveLength(1);
    expect(await screen.findByText('请输入短信验证码')).toBeTruthy();
    expect(calls(`${BASE}/get-deregulate-passcode`)).toHaveLength(0);
  });
});

describe('WallpaperDialog', () => {
  it('says that leaving 允许租机人自行更换壁纸 unticked forbids changing it, whatever the phone allowed before', async () => {
    await show(<WallpaperDialog device={DEVICE} onClose={vi.fn()} onDone={vi.fn()} />);
    expect(screen.getByRole('checkbox', { name: '允许租机人自行更换壁纸' })).toHaveProperty('checked', false);
    expect(screen.getByText('不勾选：设置后租机人不能自行更换壁纸（此前允许的也改为禁止）。')).toBeTruthy();
  });
});

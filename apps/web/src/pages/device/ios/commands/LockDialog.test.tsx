import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dayjs } from '../../../../lib/time.ts';
import { LockDialog } from './LockDialog.tsx';
import { scheduleError, toLockRequest } from './lockRequest.ts';
import { QUEUED_TEXT } from './useDeviceCommand.ts';
import { answerFetch } from '../../../../test/fakeNetwork.ts';

const DEVICE = { id: '0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b', model_name: 'iPhone 13', serial_number: 'F2LXK0ABCD12' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let saved = { message: '', phone_number: '', footnote: '' };

function serveFakeApi() {
  answerFetch(
    vi.fn(async (url: string) => {
      if (url === '/api/user/lost-modal-content') return Response.json(saved);
      if (url === '/api/device/ios/command/lock') return Response.json({ operation_log_id: 'op-1', status: 0, replayed: false });
      return new Response('', { status: 404 });
    }),
  );
}

const lockCalls = () => vi.mocked(fetch).mock.calls.filter(([url]) => url === '/api/device/ios/command/lock');

async function renderDialog() {
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={client}>
        <LockDialog device={DEVICE} onClose={onClose} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  await act(async () => {});
  return { onClose };
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: /锁定设备/ }));

beforeEach(() => {
  saved = { message: '', phone_number: '', footnote: '' };
  serveFakeApi();
});

describe('LockDialog', () => {
  it('requires the lock-screen message', async () => {
    await renderDialog();
    submit();
    expect(await screen.findByText('请输入锁屏提示')).toBeTruthy();
    expect(lockCalls()).toHaveLength(0);
  });

  it('opens with the cursor in the lock-screen message, not on the close button', async () => {
    await renderDialog();
    const box = screen.getByPlaceholderText('例如：此设备已被锁定，请联系门店处理');
    await waitFor(() => expect(document.activeElement).toBe(box));
  });

  it('starts from the clerk’s saved lock-screen content', async () => {
    saved = { message: '请联系门店还款', phone_number: '4008001234', footnote: '某某租机' };
    await renderDialog();
    await waitFor(() => expect(screen.getByDisplayValue('请联系门店还款')).toBeTruthy());
    expect(screen.getByDisplayValue('4008001234')).toBeTruthy();
  });

  it('asks for no confirmation tick: locking is undone by unlocking', async () => {
    saved = { ...saved, message: '请联系门店' };
    await renderDialog();
    await waitFor(() => expect(screen.getByDisplayValue('请联系门店')).toBeTruthy());
    expect(screen.queryByRole('checkbox')).toBeNull();
    submit();
    await waitFor(() => expect(lockCalls()).toHaveLength(1));
  });

  it('requires a time for 预约锁定', async () => {
    saved = { ...saved, message: '请联系门店' };
    await renderDialog();
    await waitFor(() => expect(screen.getByDisplayValue('请联系门店')).toBeTruthy());
    fireEvent.click(screen.getByRole('radio', { name: '预约锁定' }));
    expect(await screen.findByText('预约时间（北京时间）')).toBeTruthy();
    submit();
    expect(await screen.findByText('请选择预约锁定时间')).toBeTruthy();
    expect(lockCalls()).toHaveLength(0);
  });

  it('sends the body once with an Idempotency-Key, and says the phone acts when online', async () => {
    saved = { message: '请联系门店', phone_number: '4008001234', footnote: '' };
    const { onClose } = await renderDialog();
    await waitFor(() => expect(screen.getByDisplayValue('请联系门店')).toBeTruthy());
    fireEvent.change(screen.getByPlaceholderText('选填，显示在锁屏底部'), { target: { value: ' 某某租机 ' } });
    submit();
    await waitFor(() => expect(lockCalls()).toHaveLength(1));
    const [, init] = lockCalls()[0];
    const headers = new Headers(init?.headers);
    expect(init?.method).toBe('POST');
    expect(headers.get('Idempotency-Key')).toMatch(UUID);
    expect(JSON.parse(String(init?.body))).toEqual({
      device_id: DEVICE.id,
      message: '请联系门店',
      phone_number: '4008001234',
      footnote: '某某租机',
      when: 'now',
    });
    expect(await screen.findByText(QUEUED_TEXT)).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

describe('lock request rules', () => {
  const now = new Date('2026-03-01T10:00:00Z').getTime();

  it('needs a scheduled time in the future', () => {
    expect(scheduleError(null, now)).toBe('请选择预约锁定时间');
    // The picker's wall clock is China time: 17:59 in Beijing is 09:59Z, whatever the test machine's zone.
    expect(scheduleError(dayjs(new Date(2026, 2, 1, 17, 59)), now)).toBe('预约时间需晚于当前时间');
    expect(scheduleError(dayjs(new Date(2026, 2, 1, 18, 30)), now)).toBeNull();
  });

  it('sends an ISO time for 预约 (the picked time read as China time) and now otherwise', () => {
    const at = dayjs(new Date(2026, 2, 2, 16, 0)); // 16:00 in Beijing
    const base = { message: ' 锁定 ', when: 'scheduled' as const, at };
    expect(toLockRequest('d', base)).toEqual({ device_id: 'd', message: '锁定', phone_number: '', footnote: '', when: '2026-03-02T08:00:00.000Z' });
    expect(toLockRequest('d', { ...base, when: 'now' }).when).toBe('now');
    expect(() => toLockRequest('d', { ...base, at: null })).toThrow();
  });
});

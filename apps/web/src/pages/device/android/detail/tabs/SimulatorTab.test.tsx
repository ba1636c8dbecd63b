import type { AndroidSimulatorView } from '@lease/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../../../test/fakeNetwork.ts';
import { SimulatorTab } from './SimulatorTab.tsx';

const ID = '0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b';
const LOCKED: AndroidSimulatorView = {
  connected: true,
  lock_screen: {
    locked: true,
    reason: 'command',
    message: '请联系门店还款',
    phone: '400-820-8820',
    challenge: '40917263',
    device_tail: '8f9a0b',
    blocked_for_ms: 0,
  },
};

/** renderTab answers the tab's one call with `answer` (a view, or an HTTP status with the server's error body). */
async function renderTab(answer: AndroidSimulatorView | number) {
  const fetch = answerFetch(
    vi.fn(async (url: string) => {
      if (url !== `/api/device/android/${ID}/simulator`) return new Response('', { status: 500 });
      if (typeof answer === 'number') {
        return Response.json({ statusCode: answer, code: 'NOT_FOUND', message: '这台设备不是本服务器运行的模拟设备' }, { status: answer });
      }
      return Response.json(answer);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={client}>
        <SimulatorTab deviceId={ID} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  await act(async () => {});
  await act(async () => {});
  return fetch;
}

describe('SimulatorTab (模拟设备)', () => {
  it('shows what the locked simulated phone shows: the message, the phone number and the 8-digit challenge', async () => {
    await renderTab(LOCKED);
    expect(await screen.findByText('40917263')).toBeTruthy();
    expect(screen.getByText('已锁定')).toBeTruthy();
    expect(screen.getByText('门店锁定')).toBeTruthy();
    expect(screen.getByText('请联系门店还款')).toBeTruthy();
    expect(screen.getByText('400-820-8820')).toBeTruthy();
    expect(screen.getByText('在线（WebSocket）')).toBeTruthy();
    expect(screen.getByText(/离线解锁码/)).toBeTruthy();
  });

  it('shows an unlocked phone without a challenge', async () => {
    await renderTab({ connected: false, lock_screen: { ...LOCKED.lock_screen, locked: false, reason: 'none', message: '', phone: '', challenge: null } });
    expect(await screen.findByText('未锁定')).toBeTruthy();
    expect(screen.getByText('离线')).toBeTruthy();
    expect(screen.queryByText('挑战码')).toBeNull();
  });

  it('says why there is nothing to show when the server has no simulator for it (dev tools off, or npm run sim)', async () => {
    await renderTab(404);
    expect(await screen.findByText('看不到这台模拟设备的屏幕')).toBeTruthy();
    expect(screen.getByText(/开发者工具/)).toBeTruthy();
    expect(screen.queryByText('挑战码')).toBeNull();
  });
});

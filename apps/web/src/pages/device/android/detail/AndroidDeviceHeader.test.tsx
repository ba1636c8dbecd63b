import { type AndroidDeviceDetail, EnrollmentStatus, LockStatus, RegulateStatus } from '@lease/shared';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin } from '../../../../test/fixtures.ts';
import { meQuery } from '../../../../api/user.ts';
import { AndroidDeviceHeader } from './AndroidDeviceHeader.tsx';

const screenSize = vi.hoisted(() => ({ phone: false }));
vi.mock('../../../../lib/useIsPhone.ts', () => ({ useIsPhone: () => screenSize.phone }));

// The header reads only the identity and state fields.
const device = {
  id: '0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b',
  brand_label: '华为',
  model: 'ALN-AL00',
  imei_1: '861234567890123',
  serial_number: 'X',
  channel: 0,
  enrollment_status: EnrollmentStatus.ENROLLED,
  lock_status: LockStatus.UNLOCKED,
  regulate_status: RegulateStatus.REGULATED,
  archived: false,
  is_simulated: true,
  hirer_risk: null,
  progress: null,
} as unknown as AndroidDeviceDetail;

function renderHeader() {
  const onDialog = vi.fn();
  const client = new QueryClient();
  client.setQueryData(meQuery.queryKey, admin());
  render(
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={client}>
        <AndroidDeviceHeader device={device} perms={admin().permission} onDialog={onDialog} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return onDialog;
}

afterEach(() => {
  screenSize.phone = false;
});

describe('AndroidDeviceHeader', { timeout: 30_000 }, () => {
  it('names the phone by its marketing name and keeps 归档 under 更多 on a desktop', async () => {
    const onDialog = renderHeader();
    expect(await screen.findByText('华为 Mate 60 Pro')).toBeTruthy();
    expect(screen.getByRole('button', { name: /离线解锁码/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^归\s*档$/ })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /更\s*多/ })));
    // The menu's code loads when the header is drawn (components/lazyMenuDropdown.tsx); a busy test worker takes seconds.
    await act(async () => {
      await import('../../../../components/MenuDropdown.tsx');
    });
    await act(async () => fireEvent.click(await screen.findByRole('menuitem', { name: /归\s*档/ })));
    expect(onDialog).toHaveBeenCalledWith('archive');
  });

  it('on a phone keeps lock and locate, everything else in the bottom sheet', async () => {
    screenSize.phone = true;
    const onDialog = renderHeader();
    await screen.findByText('华为 Mate 60 Pro');
    expect(screen.queryByRole('button', { name: /离线解锁码/ })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /更\s*多/ })));
    const sheet = await screen.findByRole('dialog');
    for (const name of [/离线解锁码/, /解除监管/, /设置壁纸/, /归\s*档/]) expect(within(sheet).getAllByRole('button', { name }).length).toBeGreaterThan(0);
    await act(async () => fireEvent.click(within(sheet).getAllByRole('button', { name: /离线解锁码/ })[0]!));
    expect(onDialog).toHaveBeenCalledWith('unlock-passcode');
  });
});

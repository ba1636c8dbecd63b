import type { IosDeviceDetail } from '@lease/shared';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../../../../api/user.ts';
import { admin } from '../../../../test/fixtures.ts';
import { DeviceHeader } from './DeviceHeader.tsx';
import { iosDetail as detail } from './iosDetail.fixture.ts';
import { LockScreenFact } from './DeviceFacts.tsx';

// The header's layout follows the screen: the test says which one.
const screenSize = vi.hoisted(() => ({ phone: false }));
vi.mock('../../../../lib/useIsPhone.ts', () => ({ useIsPhone: () => screenSize.phone }));

function renderHeader(device: IosDeviceDetail, onCommand = vi.fn()) {
  const client = new QueryClient();
  const user = admin();
  client.setQueryData(meQuery.queryKey, user);
  render(
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={client}>
        <DeviceHeader device={device} perms={user.permission} onCommand={onCommand} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return onCommand;
}

afterEach(() => {
  screenSize.phone = false;
});

describe('DeviceHeader', { timeout: 30_000 }, () => {
  it('on a desktop shows the buttons and the grouped menus', () => {
    renderHeader(detail());
    expect(screen.getByRole('button', { name: /播放提示音/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /安全与释放/ })).toBeTruthy();
  });

  it('on a phone keeps lock, locate and 更多, the rest in a bottom sheet with the reason of a greyed entry written out', async () => {
    screenSize.phone = true;
    const onCommand = renderHeader(detail());
    expect(screen.getByRole('button', { name: /锁\s*定/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /获取定位/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /播放提示音/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /安全与释放/ })).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: /更\s*多/ })));
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).getByText('更多操作')).toBeTruthy();
    expect(within(sheet).getByRole('group', { name: '安全与释放' })).toBeTruthy();
    // Sound plays only in lost mode: greyed, with Apple's reason under it (no hover on a phone).
    const sound = within(sheet).getByRole('button', { name: /播放提示音/ }) as HTMLButtonElement;
    expect(sound.disabled).toBe(true);
    expect(sound.parentElement?.textContent).toMatch(/丢失模式|锁定/);

    await act(async () => fireEvent.click(within(sheet).getByRole('button', { name: /设置壁纸/ })));
    expect(onCommand).toHaveBeenCalledWith('set-wallpaper');
  });

  it('shows the store’s lock when the phone left Lost Mode, and offers unlock to end it', async () => {
    const lock_intent = { message: '租金逾期', phone_number: '', footnote: '', since: '2026-01-01T00:00:00Z' };
    const onCommand = renderHeader(detail({ lock_intent, lost_mode_reported: false }));
    expect(screen.getByText(/门店已锁定此设备，但设备报告未处于丢失模式/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /解\s*锁/ })));
    expect(onCommand).toHaveBeenCalledWith('unlock');
  });
});

describe('LockScreenFact', () => {
  it('shows the message, the contact and the footnote the hirer sees', () => {
    render(<LockScreenFact screen={{ message: '租金逾期，请联系门店', phone_number: '4008001234', footnote: '华强北店' }} />);
    const fact = screen.getByTestId('lock-screen');
    expect(fact.textContent).toContain('租金逾期，请联系门店');
    expect(fact.textContent).toContain('联系电话：4008001234');
    expect(fact.textContent).toContain('华强北店');
  });
});

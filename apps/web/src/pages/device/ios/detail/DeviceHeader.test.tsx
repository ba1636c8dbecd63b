import { type IosDeviceDetail, LockStatus, SuperviseStatus } from '@lease/shared';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../../../../api/user.ts';
import { admin } from '../../../../test/fixtures.ts';
import { DeviceHeader } from './DeviceHeader.tsx';
import { LockScreenFact } from './DeviceFacts.tsx';

// The header's layout follows the screen: the test says which one.
const screenSize = vi.hoisted(() => ({ phone: false }));
vi.mock('../../../../lib/useIsPhone.ts', () => ({ useIsPhone: () => screenSize.phone }));

const detail = (overrides: Partial<IosDeviceDetail> = {}): IosDeviceDetail => ({
  id: '0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b',
  serial_number: 'F2LXK0ABCD12',
  udid: null,
  model: 'iPhone15,2',
  model_name: 'iPhone 14 Pro',
  product_name: 'iPhone',
  color: '',
  storage_capacity: 128,
  os_version: '17.5.1',
  imei_1: '',
  imei_2: '',
  hirer_name: '',
  hirer_phone_number: '',
  remark: '',
  for_clerk: null,
  enrollment_status: 1,
  lock_status: LockStatus.UNLOCKED,
  supervise_status: SuperviseStatus.SUPERVISED,
  abm_status: 0,
  activation_lock_status: 0,
  recycled_status: 0,
  battery_level: 0.8,
  registration_time: '2026-01-01T00:00:00Z',
  last_active_time: null,
  is_simulated: true,
  enroll_link: '',
  progress: null,
  hirer_risk: null,
  market: '',
  meid: '',
  sim_1: null,
  sim_2: null,
  last_active_location: null,
  app_list: [],
  system_restriction: {},
  app_restriction_enable: false,
  app_restriction_type: 0,
  app_restriction_list: [],
  available_os_updates: [],
  os_update_status: 0,
  global_proxy_status: 0,
  dns_setting_status: 0,
  enterprise_app_trust_until: null,
  os_update_progress: null,
  activation_lock_set: false,
  need_os_update: false,
  diff_system_restriction_keys: [],
  facts_updated_at: null,
  mdm_check: null,
  ...overrides,
});

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

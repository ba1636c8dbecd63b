import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type IosDeviceDetail, type IosWallpaperState, OsUpdateStatus } from '@lease/shared';
import { meQuery } from '../../../../api/user.ts';
import { admin } from '../../../../test/fixtures.ts';
import { OsUpdateDialog } from './OsUpdateDialog.tsx';
import { OsUpdateTab, OsUpdateTabLabel } from './OsUpdateTab.tsx';
import { SetWallpaperDialog } from './SetWallpaperDialog.tsx';
import { answerFetch } from '../../../../test/fakeNetwork.ts';
import { iosDetail } from '../detail/iosDetail.fixture.ts';

const ID = '0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b';
const DEVICE = { id: ID, model_name: 'iPhone 14 Pro', serial_number: 'F2LXK0ABCD12' };
const tile = (id: string, name: string, type: number) => ({
  id,
  type,
  name,
  width: 1170,
  height: 2532,
  size: 812_000,
  thumbnail: 'data:image/jpeg;base64,/9j/',
  date_created: '2026-01-01T00:00:00Z',
});
const WALLPAPERS = [tile('a0000000-0000-4000-8000-000000000001', '还款提醒', 1), tile('a0000000-0000-4000-8000-000000000002', '门店海报', 2)];
const UPDATES = [
  { ProductKey: 'iOSUpdate21G93', HumanReadableName: 'iOS 17.6.1', Version: '17.6.1', Build: '21G93', DownloadSize: 655_000_000, InstallSize: 2_600_000_000 },
  {
    ProductKey: 'iOSUpdate22B91',
    HumanReadableName: 'iOS 18.1.1',
    Version: '18.1.1',
    Build: '22B91',
    DownloadSize: 3_300_000_000,
    InstallSize: 7_100_000_000,
    IsCritical: true,
  },
];

/** The shared detail, with the fields these dialogs read: the phone's UDID, pending updates. */
const detail = (overrides: Partial<IosDeviceDetail> = {}): IosDeviceDetail =>
  iosDetail({
    udid: '00008120-0000000000000001',
    product_name: 'iPhone15,2',
    available_os_updates: UPDATES,
    os_update_status: OsUpdateStatus.IDLE,
    need_os_update: true,
    ...overrides,
  });

const sent: { url: string; body: Record<string, unknown>; key: string | null }[] = [];
let wallpaperState: IosWallpaperState = { allow_modify: true, lock_screen: null, home_screen: null };
let device = detail();

async function renderWith(element: ReactNode) {
  sent.length = 0;
  answerFetch(
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/wallpaper/list')) return Response.json({ list: WALLPAPERS, total: WALLPAPERS.length });
      if (url.startsWith('/api/device/ios/helper/wallpaper')) return Response.json(wallpaperState);
      if (url.startsWith(`/api/device/ios/${ID}`)) return Response.json(device);
      if (url.startsWith('/api/device/ios/command/')) {
        sent.push({ url, body: JSON.parse(String(init?.body)), key: new Headers(init?.headers).get('Idempotency-Key') });
        return Response.json({ operation_log_id: 'op-1', status: 0, replayed: false });
      }
      return new Response('', { status: 404 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQuery.queryKey, admin());
  render(
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={client}>{element}</QueryClientProvider>
    </ConfigProvider>,
  );
  await act(async () => {});
}

afterEach(() => {
  device = detail();
  wallpaperState = { allow_modify: true, lock_screen: null, home_screen: null };
});

const tick = (label: string) => fireEvent.click(screen.getByRole('checkbox', { name: label }));

describe('SetWallpaperDialog', { timeout: 30_000 }, () => {
  it('starts the switch from the phone (hirer may change it) and changes no restriction unless the clerk says so', async () => {
    await renderWith(<SetWallpaperDialog device={DEVICE} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('radio', { name: '门店海报' }));
    // The picture's own use (home screen) becomes the default place.
    await waitFor(() => expect(screen.getByRole('radio', { name: '主屏幕壁纸' })).toHaveProperty('checked', true));
    await waitFor(() => expect(screen.getByRole('switch', { name: '允许租机人更换壁纸' }).getAttribute('aria-checked')).toBe('true'));
    expect(screen.getByText(/不变：租机人仍可自行更换壁纸/)).toBeTruthy();
    expect(screen.getByText(/不改变设备的限制/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '锁屏与主屏幕' }));
    fireEvent.click(screen.getByRole('button', { name: /设置壁纸/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      url: '/api/device/ios/command/set-wallpaper',
      body: { device_id: ID, wallpaper_id: WALLPAPERS[1].id, where: 3, allow_modify: true },
    });
    expect(sent[0].key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says plainly that turning the switch off pushes the wallpaper lock, and sends it', async () => {
    await renderWith(<SetWallpaperDialog device={DEVICE} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('radio', { name: '还款提醒' }));
    const sw = screen.getByRole('switch', { name: '允许租机人更换壁纸' });
    await waitFor(() => expect(sw.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(sw);
    expect((await screen.findAllByText(/将禁止租机人更换壁纸/)).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: /设置壁纸/ }));
    await waitFor(() => expect(sent[0]?.body).toMatchObject({ wallpaper_id: WALLPAPERS[0].id, where: 1, allow_modify: false }));
  });

  it('starts with the first picture chosen and asks no tick (a wallpaper is changed back as easily), and shows what is set now', async () => {
    wallpaperState = {
      allow_modify: false,
      lock_screen: { wallpaper_id: WALLPAPERS[0].id, name: '还款提醒', thumbnail: null, set_at: '2026-01-02T00:00:00Z' },
      home_screen: null,
    };
    await renderWith(<SetWallpaperDialog device={DEVICE} onClose={() => {}} />);
    expect(await screen.findByText('锁屏：还款提醒')).toBeTruthy();
    expect(screen.getByText('主屏幕：未由门店设置')).toBeTruthy();
    expect(screen.getByText('租机人不可更换')).toBeTruthy();
    // The phone keeps the lock: the switch starts off, and sending keeps it.
    await waitFor(() => expect(screen.getByRole('switch', { name: '允许租机人更换壁纸' }).getAttribute('aria-checked')).toBe('false'));
    expect(screen.getByText(/不变：租机人仍不能更换壁纸/)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('radio')[0]!.getAttribute('aria-checked')).toBe('true'));
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /设置壁纸/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ wallpaper_id: WALLPAPERS[0].id, allow_modify: false });
  });
});

describe('OsUpdateDialog', { timeout: 30_000 }, () => {
  it('lists the offered updates with sizes and schedules the chosen one', async () => {
    await renderWith(<OsUpdateDialog device={DEVICE} onClose={() => {}} />);
    expect(await screen.findByText('版本号 22B91 · 下载 3.1 GB · 安装需 6.6 GB')).toBeTruthy();
    expect(screen.getByText('版本号 21G93 · 下载 625 MB · 安装需 2.4 GB')).toBeTruthy();
    expect(screen.getByText('重要更新')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /iOS 18\.1\.1/ }));
    fireEvent.click(screen.getByRole('radio', { name: '立即安装' }));
    expect(await screen.findByText(/设备下载完成后立即安装并自动重启/)).toBeTruthy();
    tick('我确认为此设备安排系统更新');
    fireEvent.click(screen.getByRole('button', { name: /立即安装/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      url: '/api/device/ios/command/schedule-os-update',
      body: { device_id: ID, product_key: 'iOSUpdate22B91', install_action: 'InstallASAP' },
    });
  });

  it('offers to ask the phone when it reported no updates, and sends no schedule', async () => {
    device = detail({ available_os_updates: [], need_os_update: false });
    await renderWith(<OsUpdateDialog device={DEVICE} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: '查询可用更新' }));
    await waitFor(() => expect(sent.map((s) => s.url)).toEqual(['/api/device/ios/command/get-available-os-updates']));
    tick('我确认为此设备安排系统更新');
    fireEvent.click(screen.getByRole('button', { name: /仅下载/ }));
    expect(await screen.findByText('设备没有可安装的更新，请先查询可用更新')).toBeTruthy();
    expect(sent).toHaveLength(1);
  });
});

describe('OsUpdateTab', { timeout: 30_000 }, () => {
  it('shows the running update’s progress and opens the dialog preset from a row', async () => {
    device = detail({
      os_update_status: OsUpdateStatus.DOWNLOADING,
      os_update_progress: {
        product_key: 'iOSUpdate21G93',
        version: '17.6.1',
        install_action: 'DownloadOnly',
        phase: 'downloading',
        percent: 50,
        updated_at: '2026-01-01T00:00:00Z',
      },
    });
    await renderWith(<OsUpdateTab device={device} perms={admin().permission} />);
    expect(screen.getByText('iOS 17.6.1（仅下载）：下载中')).toBeTruthy();
    expect(screen.getByText('50%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /刷新更新进度/ }));
    await waitFor(() => expect(sent.map((s) => s.url)).toEqual(['/api/device/ios/command/get-os-update-status']));
    const row = screen.getByText('iOS 18.1.1').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '立即安装' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: /iOS 18\.1\.1/ })).toHaveProperty('checked', true));
    expect(within(dialog).getByRole('radio', { name: '立即安装' })).toHaveProperty('checked', true);
  });

  it('marks the tab when an update is available', async () => {
    await renderWith(<OsUpdateTabLabel need />);
    expect(screen.getByText('可更新')).toBeTruthy();
  });
});

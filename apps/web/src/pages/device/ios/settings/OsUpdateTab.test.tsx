import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { describe, expect, it, vi } from 'vitest';
import { type IosDeviceDetail, type IosOsUpdateInfo, OsUpdateStatus, SuperviseStatus } from '@lease/shared';
import { meQuery } from '../../../../api/user.ts';
import { admin } from '../../../../test/fixtures.ts';
import { answerFetch } from '../../../../test/fakeNetwork.ts';
import { OsUpdateTab } from './OsUpdateTab.tsx';

const ID = '0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b';

/** An iOS 18 phone (declarative path) downloading an enforced iOS 18.6.2, its store holding updates back 30 days. */
const device = {
  id: ID,
  serial_number: 'F2LXK0ABCD12',
  model: 'iPhone15,2',
  model_name: 'iPhone 14 Pro',
  os_version: '18.1',
  enrollment_status: 1,
  recycled_status: 0,
  supervise_status: SuperviseStatus.SUPERVISED,
  available_os_updates: [{ ProductKey: 'iOSUpdate22G100', HumanReadableName: 'iOS 18.6.2', Version: '18.6.2', Build: '22G100' }],
  need_os_update: true,
  os_update_status: OsUpdateStatus.DOWNLOADING,
  os_update_progress: {
    product_key: 'iOSUpdate22G100',
    version: '18.6.2',
    build: '22G100',
    install_action: 'InstallASAP',
    phase: 'downloading',
    percent: null,
    path: 'ddm',
    deadline: '2026-03-01T16:30:00',
    updated_at: '2026-03-01T08:00:00Z',
  },
} as unknown as IosDeviceDetail;

const info: IosOsUpdateInfo = {
  path: 'ddm',
  path_note: 'iOS 17 起通过声明式设备管理（DDM）更新：下发目标版本和截止时间，设备自行下载安装并上报状态',
  deferral: { store_days: 30, follow_store: true, device_days: null, effective_days: 30, applies: true, note: '新版本发布 30 天后才会出现在设备上' },
  list_source: { live: false, label: '离线版本列表（未连接 Apple 服务）', fetched_at: null },
  install_state: 'downloading',
  pending_version: '18.6.2',
  failure_reason: null,
};

describe('OsUpdateTab on an iOS 17+ phone', { timeout: 30_000 }, () => {
  it('shows the install state, the deadline, the deferral and the offline list, and saves the phone’s own deferral', async () => {
    const sent: { url: string; body: unknown }[] = [];
    answerFetch(
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.startsWith('/api/device/ios/helper/os-update-policy') && init?.method === 'POST') {
          sent.push({ url, body: JSON.parse(String(init.body)) });
          return Response.json({ operation_log_id: 'op-1', status: 2, replayed: false });
        }
        if (url.startsWith('/api/device/ios/helper/os-update-policy')) return Response.json(info);
        if (url.startsWith(`/api/device/ios/${ID}`)) return Response.json(device);
        return new Response('', { status: 404 });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(meQuery.queryKey, admin());
    render(
      <ConfigProvider locale={zhCN}>
        <QueryClientProvider client={client}>
          <OsUpdateTab device={device} perms={admin().permission} />
        </QueryClientProvider>
      </ConfigProvider>,
    );
    expect(await screen.findByText('下载中，待装 iOS 18.6.2')).toBeTruthy();
    expect(screen.getByText('下载完成后安装，最迟 2026-03-01 16:30（北京时间）自动安装')).toBeTruthy();
    expect(screen.getByText('延迟 30 天（跟随门店）')).toBeTruthy();
    expect(screen.getByText('可用版本来自离线版本列表（未连接 Apple 服务），可能不是 Apple 最新发布的版本')).toBeTruthy();
    expect(screen.getByText(/iOS 17 起通过声明式设备管理/)).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: '单独设置' }));
    const days = await screen.findByRole('spinbutton', { name: '延迟天数' });
    fireEvent.change(days, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: '保存延迟设置' }));
    await waitFor(() =>
      expect(sent).toEqual([{ url: '/api/device/ios/helper/os-update-policy', body: { device_id: ID, follow_store: false, deferral_days: 10 } }]),
    );
  });
});

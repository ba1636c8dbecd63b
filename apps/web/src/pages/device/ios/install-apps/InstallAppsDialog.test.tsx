import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../../api/index.ts';
import { installAppsTimeoutMs } from '../../../../api/iosNetwork.ts';
import { InstallAppsDialog, summaryText } from './InstallAppsDialog.tsx';
import { renderRoute } from '../../../../test/renderRoute.tsx';
import { answerFetch } from '../../../../test/fakeNetwork.ts';

const DEVICE = { id: '0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b', model_name: 'iPhone 15', serial_number: 'F2LXK0ABCD12' };
const app = (app_name: string, bundle_id: string, track_id: string | null) => ({
  id: bundle_id,
  platform: 'apple',
  sort: 0,
  app_name,
  bundle_id,
  group: '',
  icon: '',
  version: '',
  seller: '',
  track_id,
  date_created: '2026-01-01T00:00:00Z',
});
const LIBRARY = [app('QQ', 'com.tencent.mqq', '444934666'), app('钉钉', 'com.laiwang.DingTalk', null), app('微信', 'com.tencent.xin', '414478124')];

function renderDialog(library = LIBRARY) {
  answerFetch(
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/appstore/list')) return Response.json({ list: library, total: library.length });
      if (url.startsWith(`/api/device/ios/${DEVICE.id}`))
        return Response.json({ id: DEVICE.id, app_list: [{ app_name: '微信', bundle_id: 'com.tencent.xin' }] });
      if (url === '/api/device/ios/command/install-apps') {
        return Response.json({
          list: [
            { app_name: 'QQ', bundle_id: 'com.tencent.mqq', status: 'queued', operation_log_id: 'op-1', replayed: false },
            { app_name: '钉钉', bundle_id: 'com.laiwang.DingTalk', status: 'refused', reason: '此应用正在安装中，请等待设备响应' },
          ],
        });
      }
      if (url === '/api/device/ios/operation-log/op-1') return Response.json({ id: 'op-1', status: 2, result: '「QQ」设备正在下载安装' });
      return new Response('', { status: 404 });
    }),
  );
  renderRoute({ path: '/', element: <InstallAppsDialog device={DEVICE} onClose={vi.fn()} /> }, { at: '/' });
}

const sent = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([url]) => url === '/api/device/ios/command/install-apps')
    .map(([, init]) => JSON.parse(String(init?.body)));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('InstallAppsDialog', () => {
  it('greys out apps the phone has, sends the picked ones with 10 s per app, and shows each app’s own result', async () => {
    const post = vi.spyOn(api, 'post');
    renderDialog();
    const wechat = await screen.findByRole('checkbox', { name: '选择 微信' });
    await waitFor(() => expect(wechat.hasAttribute('disabled')).toBe(true));
    expect(screen.getByText('已安装')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: '选择 QQ' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 钉钉' }));
    const ok = screen.getByRole('button', { name: '安装 2 个应用' });
    expect(ok.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: '我确认在此设备上安装所选应用' }));
    fireEvent.click(ok);

    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toEqual({
      device_id: DEVICE.id,
      apps: [
        { app_name: 'QQ', bundle_id: 'com.tencent.mqq', itunes_store_id: '444934666' },
        { app_name: '钉钉', bundle_id: 'com.laiwang.DingTalk' },
      ],
    });
    const [, , options] = post.mock.calls.find(([url]) => url === '/api/device/ios/command/install-apps')!;
    expect(options?.timeoutMs).toBe(20_000);
    expect(options?.headers?.['Idempotency-Key']).toBeTruthy();

    expect(await screen.findByText('此应用正在安装中，请等待设备响应')).toBeTruthy();
    expect(await screen.findByText('「QQ」设备正在下载安装')).toBeTruthy();
    expect(await screen.findByText('已下发 1 个应用的安装指令，等待设备执行；1 个未下发')).toBeTruthy();
  });

  it('points to the app library when the store has no Apple apps', async () => {
    renderDialog([]);
    expect((await screen.findByRole('link', { name: '应用库' })).getAttribute('href')).toBe('/console/appstore');
  });

  it('gives the request 10 s per app and words the summary', () => {
    expect(installAppsTimeoutMs(1)).toBe(10_000);
    expect(installAppsTimeoutMs(10)).toBe(100_000);
    expect(summaryText([{ app_name: 'a', bundle_id: 'a.b', status: 'refused', reason: 'x' }])).toBe('所选应用均未下发，原因见列表');
  });
});

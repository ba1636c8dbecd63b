import type { IosRestrictionState } from '@lease/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CommandConfirmProps } from '../commands/CommandConfirmDialog.tsx';
import { AppRestrictionDialog } from './AppRestrictionDialog.tsx';
import { EnterpriseTrustDialog } from './EnterpriseTrustDialog.tsx';
import { stateOf } from './restrictionState.fixture.ts';
import { SystemRestrictionDialog } from './SystemRestrictionDialog.tsx';
import { answerFetch } from '../../../../test/fakeNetwork.ts';

const DEVICE = { id: '0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b', model_name: 'iPhone 15', serial_number: 'F2LXK0ABCD12' };
const STATE_URL = `/api/device/ios/helper/restriction-state?device_id=${DEVICE.id}`;

function serve(state: IosRestrictionState) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url === STATE_URL) return Response.json(state);
    if (url === `/api/device/ios/helper/installed-app-list?device_id=${DEVICE.id}`)
      return Response.json([
        { app_name: '微信', bundle_id: 'com.tencent.xin' },
        { app_name: '抖音', bundle_id: 'com.ss.iphone.ugc.Aweme' },
      ]);
    if (url.startsWith('/api/appstore/list?platform=apple'))
      return Response.json({
        total: 1,
        list: [
          {
            id: 'a1',
            platform: 'apple',
            app_name: '高德地图',
            bundle_id: 'com.autonavi.amap',
            icon: '',
            group: '',
            sort: 0,
            version: '',
            seller: '',
            track_id: null,
            date_created: '',
          },
        ],
      });
    if (url.startsWith('/api/device/ios/command/')) return Response.json({ operation_log_id: 'op-1', status: 0, replayed: false });
    return new Response('', { status: 404 });
  });
  answerFetch(fetchMock);
  return fetchMock;
}

/** sent is what the dialog posted to one command, with its Idempotency-Key. */
function sent(fetchMock: ReturnType<typeof serve>, name: string) {
  return fetchMock.mock.calls
    .filter(([url]) => url === `/api/device/ios/command/${name}`)
    .map(([, init]) => ({ body: JSON.parse(String(init?.body)) as Record<string, unknown>, key: new Headers(init?.headers).get('Idempotency-Key') }));
}

async function open(Dialog: ComponentType<CommandConfirmProps>, ready: string) {
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={client}>
        <Dialog device={DEVICE} onClose={onClose} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  await screen.findByText(ready);
  return { onClose };
}

// Some 25 antd switches with tooltips render slowly in happy-dom on a shared machine.
describe('SystemRestrictionDialog', { timeout: 30_000 }, () => {
  it('starts from the device’s restrictions, marks where they differ from the store default and warns what an unsupervised phone ignores', async () => {
    const fetchMock = serve(
      stateOf({
        supervised: false,
        requested: { ...stateOf().requested, system_restriction: { allowScreenShot: false } },
        store_default: { allowEraseContentAndSettings: false },
      }),
    );
    const { onClose } = await open(SystemRestrictionDialog, '与门店默认不同：2 项（已标出）');
    expect(screen.getByRole('switch', { name: '禁止截屏和录屏' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getAllByText('与门店默认不同')).toHaveLength(2);

    fireEvent.click(screen.getByRole('switch', { name: '禁止抹掉所有内容和设置' }));
    expect(await screen.findByText('本机未监管，以下 1 项需监管的限制下发后不会生效：禁止抹掉所有内容和设置')).toBeTruthy();
    expect(screen.getByText('与门店默认不同：1 项（已标出）')).toBeTruthy();

    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '下发系统限制' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = sent(fetchMock, 'set-system-restriction');
    expect(call.body).toEqual({ device_id: DEVICE.id, system_restriction: { allowEraseContentAndSettings: false, allowScreenShot: false } });
    expect(call.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the wallpaper lock of 设置壁纸 as on and fixed, counts it, and never claims 全部解除', async () => {
    const fetchMock = serve(stateOf({ requested: { ...stateOf().requested, wallpaper_allow_modify: false } }));
    await open(SystemRestrictionDialog, '由壁纸设置控制');
    const lock = screen.getByRole('switch', { name: '禁止更换壁纸' });
    expect(lock.getAttribute('aria-checked')).toBe('true');
    expect(lock.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByText(/所有限制都已关闭/)).toBeNull();
    expect(screen.getByText(/开启的 1 项在手机上生效/)).toBeTruthy();
    // Turning another on counts both.
    fireEvent.click(screen.getByRole('switch', { name: '禁止截屏和录屏' }));
    expect(await screen.findByText(/开启的 2 项在手机上生效/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下发系统限制' }));
    await waitFor(() => expect(sent(fetchMock, 'set-system-restriction')).toHaveLength(1));
    // The lock stays the wallpaper's: the device's own map carries only what was chosen here.
    expect(sent(fetchMock, 'set-system-restriction')[0].body.system_restriction).toEqual({ allowScreenShot: false });
  });

  it('恢复门店默认 sends sync-store-default-system-restriction after its own confirmation', async () => {
    const fetchMock = serve(stateOf({ store_default: { allowEraseContentAndSettings: false, allowFindMyDevice: false } }));
    const { onClose } = await open(SystemRestrictionDialog, '与门店默认不同：2 项（已标出）');
    fireEvent.click(screen.getByRole('button', { name: '恢复门店默认' }));
    expect(await screen.findByText('将按门店默认系统限制（2 项）重新下发到这台设备。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '恢复并下发' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(fetchMock, 'sync-store-default-system-restriction').map((c) => c.body)).toEqual([{ device_id: DEVICE.id }]);
    expect(sent(fetchMock, 'set-system-restriction')).toHaveLength(0);
  });
});

describe('AppRestrictionDialog', { timeout: 30_000 }, () => {
  it('needs a type when enabled, then sends a white list picked from the phone’s installed apps and the app library', async () => {
    const fetchMock = serve(stateOf({ global_white_list: [{ app_name: '支付宝', bundle_id: 'com.alipay.iphoneclient', icon: '' }] }));
    const { onClose } = await open(AppRestrictionDialog, '应用限制');
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.click(screen.getByRole('button', { name: /下发应用限制/ }));
    expect(await screen.findByText('开启应用限制时请选择限制类型')).toBeTruthy();
    expect(sent(fetchMock, 'set-app-restriction')).toHaveLength(0);

    fireEvent.click(screen.getByText('白名单'));
    expect(await screen.findByText(/手机上只显示、只能打开名单中的应用/)).toBeTruthy();
    // The phone can never lose its essential apps or the store's white list.
    for (const name of ['电话', '信息', '通讯录', '设置', '支付宝']) expect(screen.getByText(name)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /下发应用限制/ }));
    expect(await screen.findByText('白名单模式请至少添加一个应用')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /添加应用/ }));
    // Both modals carry antd's test id as their label, so the picker is found by its tabs.
    await screen.findByRole('tab', { name: '本机已安装' });
    const picker = screen.getAllByRole('dialog').find((d) => within(d).queryByRole('tab', { name: '本机已安装' }))!;
    fireEvent.click(await within(picker).findByRole('button', { name: '添加 微信' }));
    expect(within(picker).getByRole('button', { name: '添加 微信' }).textContent).toContain('已添加');
    fireEvent.click(within(picker).getByRole('tab', { name: '应用库' }));
    fireEvent.click(await within(picker).findByRole('button', { name: '添加 高德地图' }));
    fireEvent.click(within(picker).getByRole('button', { name: /完\s*成/ }));
    await waitFor(() => expect(screen.getByText('com.autonavi.amap')).toBeTruthy());
    expect(screen.getByText('com.tencent.xin')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /下发应用限制/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(fetchMock, 'set-app-restriction').map((c) => c.body)).toEqual([
      {
        device_id: DEVICE.id,
        enable: true,
        type: 2,
        list: [
          { app_name: '微信', bundle_id: 'com.tencent.xin' },
          { app_name: '高德地图', bundle_id: 'com.autonavi.amap' },
        ],
      },
    ]);
  });

  it('warns that an unsupervised phone ignores app lists', async () => {
    serve(
      stateOf({
        supervised: false,
        requested: { ...stateOf().requested, app_restriction: { enable: true, type: 1, list: [{ app_name: '抖音', bundle_id: 'com.ss.iphone.ugc.Aweme' }] } },
      }),
    );
    await open(AppRestrictionDialog, '应用限制');
    expect(await screen.findByText('本机未监管：应用黑名单和白名单只在已监管的设备上生效，下发后不会起作用。')).toBeTruthy();
    expect(screen.getByText('com.ss.iphone.ugc.Aweme')).toBeTruthy();
  });
});

describe('EnterpriseTrustDialog', { timeout: 30_000 }, () => {
  it('says trust given stays, and sends the chosen minutes', async () => {
    const fetchMock = serve(stateOf());
    const { onClose } = await open(EnterpriseTrustDialog, '按 Apple 的规定，恢复限制不会撤销这段时间内已经给出的信任，只是之后无法再信任新的开发者。');
    expect(screen.getByText(/接下来 30 分钟内/)).toBeTruthy();
    fireEvent.click(screen.getByText('60 分钟'));
    expect(await screen.findByText(/接下来 60 分钟内/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /临时放开/ }));
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(fetchMock, 'temporary-allow-enterprise-app-trust').map((c) => c.body)).toEqual([{ device_id: DEVICE.id, minutes: 60 }]);
  });
});

import type { StoreMdmHost } from '@lease/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { admin } from '../../../test/fixtures.ts';
import { answerFetch } from '../../../test/fakeNetwork.ts';
import { renderRoute } from '../../../test/renderRoute.tsx';
import MerchantConfigPage from './MerchantConfigPage.tsx';
import { logoProblem, toMdmHostRequest } from './mdmHostForm.ts';

const URL_ = '/api/store/mdm-host';
const STORE = '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const settings = (over: Partial<StoreMdmHost> = {}): StoreMdmHost => ({
  mdm_host: '',
  mdm_host_url: 'https://mdm.zujibao.com',
  payload_prefix: '',
  payload_identifier: `com.zujibao.mdm.${STORE}`,
  mdm_api_key_set: false,
  site_title: '',
  hide_login_page_logo: false,
  logo: null,
  enrolled_apple_devices: 0,
  ...over,
});

function renderTab(current: StoreMdmHost, put: (body: Record<string, unknown>) => Response) {
  const fetchMock = answerFetch(
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url !== URL_) return new Response('', { status: 404 });
      if (init?.method === 'PUT') return put(JSON.parse(String(init.body)));
      return Response.json(current);
    }),
  );
  renderRoute({ path: '/console/merchant/config', Component: MerchantConfigPage }, { at: '/console/merchant/config?tab=mdm-host', user: admin() });
  return fetchMock;
}

const puts = (fetchMock: ReturnType<typeof renderTab>) =>
  fetchMock.mock.calls.filter(([u, init]) => u === URL_ && init?.method === 'PUT').map(([, init]) => JSON.parse(String(init!.body)));

describe('mdmHostForm', () => {
  it('keeps the saved key and logo unless changed, clears the key when asked', () => {
    const v = { mdm_host: ' mdm.shop.com ', payload_prefix: '', mdm_api_key: '', clear_api_key: false, site_title: 'A 店', hide_login_page_logo: false };
    expect(toMdmHostRequest(v, { value: 'data:image/png;base64,AA==', changed: false })).toEqual({
      mdm_host: 'mdm.shop.com',
      payload_prefix: '',
      site_title: 'A 店',
      hide_login_page_logo: false,
    });
    expect(toMdmHostRequest({ ...v, clear_api_key: true }, { value: null, changed: true })).toMatchObject({ mdm_api_key: '', logo: null });
    expect(toMdmHostRequest({ ...v, mdm_api_key: ' k1 ', clear_api_key: true }, { value: null, changed: false }).mdm_api_key).toBe('k1');
  });

  it('takes a PNG or JPEG up to 64 KB as the logo', () => {
    expect(logoProblem({ type: 'image/png', size: 2048 })).toBeNull();
    expect(logoProblem({ type: 'image/jpeg', size: 64 * 1024 })).toBeNull();
    expect(logoProblem({ type: 'image/gif', size: 10 })).toMatch(/PNG 或 JPEG/);
    expect(logoProblem({ type: 'image/png', size: 64 * 1024 + 1 })).toMatch(/64 KB/);
  });
});

describe('门店设置 → 专属域名', { timeout: 30_000 }, () => {
  it('checks the host before sending, then saves host, prefix and title', async () => {
    const fetchMock = renderTab(settings(), (body) =>
      Response.json(settings({ mdm_host: String(body.mdm_host), mdm_host_url: `https://${body.mdm_host}`, site_title: String(body.site_title) })),
    );
    const host = await screen.findByPlaceholderText('如 mdm.example.com，不含 https:// 和路径');
    expect(screen.getByText(`描述文件标识：com.zujibao.mdm.${STORE}`)).toBeTruthy();
    fireEvent.change(host, { target: { value: 'https://mdm.shop.com' } });
    fireEvent.click(screen.getByRole('button', { name: '保存设置' }));
    expect(await screen.findByText(/域名格式有误/)).toBeTruthy();
    expect(puts(fetchMock)).toHaveLength(0);

    fireEvent.change(host, { target: { value: 'mdm.shop.com' } });
    fireEvent.change(screen.getByPlaceholderText('如 com.example.mdm，留空使用平台默认'), { target: { value: 'com.shop.mdm' } });
    fireEvent.change(screen.getByLabelText('站点标题'), { target: { value: '某某租机' } });
    fireEvent.click(screen.getByRole('button', { name: '保存设置' }));
    await waitFor(() =>
      expect(puts(fetchMock)).toEqual([{ mdm_host: 'mdm.shop.com', payload_prefix: 'com.shop.mdm', site_title: '某某租机', hide_login_page_logo: false }]),
    );
    expect(await screen.findByText('当前登记地址：https://mdm.shop.com。留空则使用平台默认域名。')).toBeTruthy();
  });

  it('shows a host another store holds at the host field', async () => {
    renderTab(settings(), () =>
      Response.json(
        { statusCode: 400, code: 'VALIDATION_FAILED', message: '该域名已被其他门店使用', errors: [{ field: 'mdm_host', message: '该域名已被其他门店使用' }] },
        { status: 400 },
      ),
    );
    fireEvent.change(await screen.findByPlaceholderText('如 mdm.example.com，不含 https:// 和路径'), { target: { value: 'mdm.taken.com' } });
    fireEvent.click(screen.getByRole('button', { name: '保存设置' }));
    expect(await screen.findByText('该域名已被其他门店使用')).toBeTruthy();
  });

  it('locks host and prefix while Apple phones are enrolled, and never shows the saved key', async () => {
    renderTab(settings({ mdm_host: 'mdm.shop.com', mdm_api_key_set: true, enrolled_apple_devices: 3 }), () => Response.json(settings()));
    const host = (await screen.findByDisplayValue('mdm.shop.com')) as HTMLInputElement;
    expect(host.disabled).toBe(true);
    expect((screen.getByPlaceholderText('如 com.example.mdm，留空使用平台默认') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/门店有 3 台 Apple 设备/)).toBeTruthy();
    expect(screen.getByText('已设置（不显示）；留空保持不变')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: '清除已保存的 API Key' })).toBeTruthy();
  });
});

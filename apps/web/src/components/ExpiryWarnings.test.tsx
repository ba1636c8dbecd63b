import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { HttpsNotice } from '../pages/device/ios/components/HttpsNotice.tsx';
import { answerFetch } from '../test/fakeNetwork.ts';
import { ExpiryWarnings } from './ExpiryWarnings.tsx';

async function show(node: ReactNode, answers: Record<string, unknown>) {
  const fetched = answerFetch(vi.fn(async (url: string) => (url in answers ? Response.json(answers[url]) : new Response('', { status: 404 }))));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </ConfigProvider>,
  );
  // Settle only once the answer has been read, so an empty render means "nothing to show", not "not loaded yet".
  await vi.waitFor(() => expect(fetched).toHaveBeenCalled());
  for (let i = 0; i < 3; i++) await act(async () => {});
  return view;
}

const RENEWAL = {
  kind: 'identity-renewal',
  expires_at: '2027-01-01T00:00:00.000Z',
  days_left: 12,
  message: '2 台Apple 设备未响应设备身份证书续期，最早一台将在 12 天后过期；请让设备联网开机，过期后将无法再被管理。',
  devices: [
    { id: 'a', serial_number: 'F2LAAAA1' },
    { id: 'b', serial_number: 'F2LAAAA2' },
  ],
};

describe('ExpiryWarnings', () => {
  it('shows each warning with its phones, and nothing on the home page when all is well', async () => {
    const view = await show(<ExpiryWarnings />, {
      '/api/system/expiry-warnings': {
        list: [RENEWAL, { kind: 'mdm-ca', expires_at: '2027-01-01T00:00:00.000Z', days_left: -1, message: '设备管理 CA 证书已于 1 天前过期' }],
        total: 2,
      },
    });
    expect(await view.findByText('有设备未完成身份证书续期')).toBeTruthy();
    expect(view.getByText('设备序列号：F2LAAAA1、F2LAAAA2')).toBeTruthy();
    expect(view.getByText('设备管理 CA 证书即将过期')).toBeTruthy();
  });

  it('is empty on the home page and says so on the dev page when nothing ends within 30 days', async () => {
    const home = await show(<ExpiryWarnings />, { '/api/system/expiry-warnings': { list: [], total: 0 } });
    expect(home.container.textContent).toBe('');
    home.unmount();
    const dev = await show(<ExpiryWarnings showAllClear />, { '/api/system/expiry-warnings': { list: [], total: 0 } });
    expect(await dev.findByText(/均在 30 天以上有效/)).toBeTruthy();
  });
});

describe('ExpiryWarnings when the list cannot be read', () => {
  it('says so on the dev page and shows nothing on the home page', async () => {
    const home = await show(<ExpiryWarnings />, {});
    expect(home.container.textContent).toBe('');
    home.unmount();
    const dev = await show(<ExpiryWarnings showAllClear />, {});
    expect(await dev.findByText('证书到期提醒暂时无法加载')).toBeTruthy();
  });
});

describe('HttpsNotice', () => {
  it('says plainly that real iPhones cannot enrol when the server is not https, and stays silent otherwise', async () => {
    const plain = await show(<HttpsNotice />, { '/api/system/client-config': { flow_bill_url: null, amap_key: null, ios_enrolment_https: false } });
    expect(await plain.findByText('服务器地址不是 https，真实 iPhone 无法安装描述文件')).toBeTruthy();
    plain.unmount();
    const tls = await show(<HttpsNotice />, { '/api/system/client-config': { flow_bill_url: null, amap_key: null, ios_enrolment_https: true } });
    expect(tls.container.textContent).toBe('');
  });
});

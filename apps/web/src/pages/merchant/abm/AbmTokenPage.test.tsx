import type { AbmDeviceItem, AbmServerInfo } from '@lease/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import AntdScope from '../../../app/AntdScope.tsx';
import AbmTokenPage from './AbmTokenPage.tsx';
import { expiryNotice } from './abmView.ts';
import { answerFetch } from '../../../test/fakeNetwork.ts';

const notUploaded: AbmServerInfo = {
  uploaded: false,
  has_public_key: false,
  server_name: null,
  server_uuid: null,
  org_name: null,
  org_id: null,
  access_token_expiry: null,
  expires_in_days: null,
  uploaded_at: null,
  last_sync_at: null,
  last_sync_error: null,
  next_sync_at: null,
  device_count: 0,
  profile_uuid: null,
  dep_origin: 'https://mdmenrollment.apple.com',
};
const connected = (values: Partial<AbmServerInfo> = {}): AbmServerInfo => ({
  ...notUploaded,
  uploaded: true,
  has_public_key: true,
  server_name: '华强北租机 MDM',
  server_uuid: 'A1B2',
  org_name: '深圳租机宝科技有限公司',
  org_id: '1234567',
  access_token_expiry: '2027-06-30T10:00:00.000Z',
  expires_in_days: 300,
  uploaded_at: '2026-07-01T10:00:00.000Z',
  last_sync_at: '2026-07-01T10:05:00.000Z',
  device_count: 1,
  profile_uuid: '0123456789ABCDEF0123456789ABCDEF',
  ...values,
});
const device: AbmDeviceItem = {
  serial_number: 'F2LABM000001',
  model: 'iPhone 15',
  description: 'IPHONE 15 PINK 128GB-CHN',
  color: 'PINK',
  device_family: 'iPhone',
  os: 'iOS',
  profile_status: 'assigned',
  profile_uuid: '0123456789ABCDEF0123456789ABCDEF',
  profile_assign_time: '2026-07-01T10:05:00.000Z',
  device_assigned_date: '2026-06-30T09:00:00.000Z',
  device_assigned_by: 'it@example.cn',
  op_type: 'added',
  op_date: null,
  device_id: 'd0000000-0000-4000-8000-000000000001',
  abm_status: 1,
  date_updated: '2026-07-01T10:05:00.000Z',
};

type Handler = (path: string, init?: RequestInit) => Response | undefined;

async function renderPage(handler: Handler) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => handler(url.split('?')[0], init) ?? new Response('', { status: 404 }));
  answerFetch(fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <AbmTokenPage /> }], { initialEntries: ['/'] });
  // As the console mounts it: AntdScope and no antd <App>, whose message a page would find empty without it.
  render(
    <AntdScope>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AntdScope>,
  );
  await act(async () => {});
  return fetchMock;
}

describe('AbmTokenPage', { timeout: 30_000 }, () => {
  it('shows 未上传 and the three steps before a token exists, without a device list', async () => {
    await renderPage((path) => (path === '/api/system/abm-server/info' ? Response.json(notUploaded) : undefined));
    expect(await screen.findByText('未上传')).toBeTruthy();
    expect(screen.getByText('下载公钥', { selector: '.ant-steps-item-title, .ant-steps-item-title *' })).toBeTruthy();
    expect(screen.getByText('在 Apple 商务管理中上传并下载服务器令牌')).toBeTruthy();
    expect(screen.getByText('上传 .p7m')).toBeTruthy();
    expect(screen.getByRole('button', { name: /上传服务器令牌（\.p7m）/ })).toBeTruthy();
    expect(screen.queryByText('ABM 设备')).toBeNull();
  });

  it('uploads the chosen .p7m as base64 and shows the server’s Chinese refusal in place', async () => {
    const bodies: unknown[] = [];
    await renderPage((path, init) => {
      if (path === '/api/system/abm-server/info') return Response.json(notUploaded);
      if (path === '/api/system/abm-server/upload-p7m') {
        bodies.push(JSON.parse(String(init?.body)));
        return Response.json({ statusCode: 400, code: 'VALIDATION_FAILED', message: '该服务器令牌不是用本门店的公钥加密的' }, { status: 400 });
      }
      return undefined;
    });
    await screen.findByText('未上传');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['MIME-Version: 1.0\r\n'], 'Store_Token_smime.p7m')] } });
    expect(await screen.findByText('该服务器令牌不是用本门店的公钥加密的')).toBeTruthy();
    expect(bodies).toEqual([{ file_name: 'Store_Token_smime.p7m', content_base64: btoa('MIME-Version: 1.0\r\n') }]);
  });

  it('shows the connected token, warns before it expires, lists devices with their ABM status, and syncs on demand', async () => {
    const fetchMock = await renderPage((path, init) => {
      if (path === '/api/system/abm-server/info') return Response.json(connected({ expires_in_days: 12 }));
      if (path === '/api/system/abm-server/devices') return Response.json({ list: [device], total: 1 });
      if (path === '/api/system/abm-server/sync' && init?.method === 'POST')
        return Response.json({ fetched: 1, added: 1, modified: 0, deleted: 0, assigned: 1 });
      return undefined;
    });
    expect(await screen.findByText('华强北租机 MDM')).toBeTruthy();
    expect(screen.getByText('服务器令牌将在 12 天后过期，请尽快在 Apple 商务管理中下载新令牌并重新上传。')).toBeTruthy();
    expect(await screen.findByText('F2LABM000001')).toBeTruthy();
    expect(screen.getByText('已分配')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'F2LABM000001' }).getAttribute('href')).toBe(`/console/device/ios/${device.device_id}`);
    fireEvent.click(screen.getByRole('button', { name: /立即同步/ }));
    expect(await screen.findByText('同步完成：新增 1 台，变更 0 台，移出 0 台，分配配置 1 台')).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.some(([u, i]) => u === '/api/system/abm-server/sync' && i?.method === 'POST')).toBe(true));
  });

  it('says an expired token stopped everything', () => {
    expect(expiryNotice({ uploaded: true, expires_in_days: -1 })?.type).toBe('error');
    expect(expiryNotice({ uploaded: true, expires_in_days: 29 })?.type).toBe('warning');
    expect(expiryNotice({ uploaded: true, expires_in_days: 30 })).toBeNull();
    expect(expiryNotice({ uploaded: false, expires_in_days: null })).toBeNull();
  });
});

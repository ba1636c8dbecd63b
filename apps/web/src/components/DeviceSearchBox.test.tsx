import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../test/fakeNetwork.ts';
import DeviceSearchBox from './DeviceSearchBox.tsx';

const ITEM = {
  platform: 'android',
  id: '00000000-0000-4000-8000-000000000001',
  serial_number: 'ANDSEARCH001',
  imei: '860000000002468',
  model_name: '荣耀 PGT-AN10',
  hirer_name: '刘租客',
  hirer_phone_number: '136****2468',
  remark: '',
  lock_status: 2,
  enrollment_status: 1,
  matched: 'phone',
};

function show(answer: unknown) {
  const fetched = answerFetch(vi.fn(async () => Response.json(answer)));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <DeviceSearchBox />
        </MemoryRouter>
      </QueryClientProvider>
    </ConfigProvider>,
  );
  const type = (text: string) => fireEvent.change(view.getByRole('combobox', { name: '搜索设备' }), { target: { value: text } });
  return { view, fetched, type };
}

describe('DeviceSearchBox', () => {
  it('asks once the typing settles and shows each phone with its platform, masked phone and lock state', async () => {
    const { view, fetched, type } = show({ list: [ITEM], more: false });
    type('24');
    type('246');
    type('2468');
    expect(await view.findByText('刘租客', {}, { timeout: 3000 })).toBeTruthy();
    expect(view.getByText('Android')).toBeTruthy();
    expect(view.getByText('136****2468')).toBeTruthy();
    expect(view.getByText('已锁定')).toBeTruthy();
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(String(fetched.mock.calls[0][0])).toContain('/api/search/devices?q=2468');
  });

  it('says when nothing matched, and asks for 4 digits without asking the server', async () => {
    const { view, fetched, type } = show({ list: [], more: false });
    type('138');
    expect(await view.findByText(/数字请至少输入 4 位/, {}, { timeout: 3000 })).toBeTruthy();
    expect(fetched).not.toHaveBeenCalled();
    type('无此人');
    expect(await view.findByText('未找到匹配的设备', {}, { timeout: 3000 })).toBeTruthy();
  });
});

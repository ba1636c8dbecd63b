import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mapProviderStore } from '../../../../../auth/storage.ts';
import { fakeAmap, holdScripts } from '../../../../../test/amap.ts';
import { LocationTab } from './LocationTab.tsx';
import { answerFetch } from '../../../../../test/fakeNetwork.ts';

// The layout follows the screen: the test says which one.
const screenSize = vi.hoisted(() => ({ phone: false }));
vi.mock('../../../../../lib/useIsPhone.ts', () => ({ useIsPhone: () => screenSize.phone }));

const LAST = { latitude: 39.908_692, longitude: 116.397_477, accuracy: 30, at: '2026-01-05T02:00:00.000Z' };
const NOTE = '未开通地图显示，仅显示坐标';
const MAP = { name: '设备位置地图' };

async function renderTab(amapKey: string | null, opts: { last?: typeof LAST | null; pending?: boolean; logged?: object[] } = {}) {
  answerFetch(
    vi.fn(async (url: string) => {
      if (url === '/api/system/client-config') return Response.json({ flow_bill_url: null, amap_key: amapKey });
      if (url.startsWith('/api/device/ios/location-log')) return Response.json({ list: opts.logged ?? [], total: opts.logged?.length ?? 0 });
      if (url.startsWith('/api/helper/amap/geocode-regeo')) {
        return Response.json(
          amapKey
            ? { address: '广东省深圳市福田区华强北街道', gcj02: { lat: 22.54, lng: 114.06 }, provider: 'amap' }
            : { address: null, gcj02: { lat: 22.54, lng: 114.06 }, provider: 'offline' },
        );
      }
      return new Response('', { status: 404 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={client}>
        <LocationTab
          deviceId="d-1"
          last={opts.last === undefined ? LAST : opts.last}
          pending={opts.pending}
          locateCheck={{ allowed: true, permitted: true }}
          onLocate={() => {}}
        />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  await act(async () => {});
  await act(async () => {});
}

afterEach(() => {
  screenSize.phone = false;
  delete window.AMap;
  vi.restoreAllMocks();
});

describe('LocationTab', () => {
  it('says a locate is on its way instead of 暂无位置, and shows the newest logged point when the record has none', async () => {
    await renderTab(null, { last: null, pending: true });
    expect(await screen.findByText('已请求定位，等待设备上报位置。')).toBeTruthy();
    expect(screen.queryByText(/暂无位置/)).toBeNull();
    cleanup();
    await renderTab(null, {
      last: null,
      pending: true,
      logged: [{ latitude: 22.5431, longitude: 114.0579, accuracy: 10, measured_at: '2026-01-05T02:00:00.000Z', date_created: '2026-01-05T02:00:01.000Z' }],
    });
    expect(await screen.findByText('已请求新的定位，设备上报后更新；下面是上次的位置。')).toBeTruthy();
    expect((await screen.findAllByText('22.543100, 114.057900')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/暂无位置/)).toBeNull();
  });

  it('shows only the coordinates, with a note, when no AMap key is configured', async () => {
    const { AMap, calls } = fakeAmap();
    window.AMap = AMap;
    await renderTab(null);
    expect(await screen.findByText(NOTE)).toBeTruthy();
    expect(screen.getByText('39.908692, 116.397477')).toBeTruthy();
    expect(screen.queryByRole('region', MAP)).toBeNull();
    expect(calls.maps).toHaveLength(0);
    expect(await screen.findByText('暂不提供地址，仅显示坐标')).toBeTruthy();
  });

  it('shows the address the server’s geocoder found', async () => {
    const { AMap } = fakeAmap();
    window.AMap = AMap;
    await renderTab('amap-key');
    expect(await screen.findByText('广东省深圳市福田区华强北街道')).toBeTruthy();
  });

  it('draws the map above the coordinates when a key is configured', async () => {
    const { AMap, calls } = fakeAmap();
    window.AMap = AMap;
    await renderTab('amap-key');
    const map = await screen.findByRole('region', MAP);
    expect(calls.maps.map((m) => m.container)).toEqual([map]);
    expect(screen.getByText('39.908692, 116.397477')).toBeTruthy();
    expect(screen.queryByText(NOTE)).toBeNull();
  });

  it('keeps the coordinates view when the stored map provider is not AMap', async () => {
    mapProviderStore.set('baidu');
    const { AMap, calls } = fakeAmap();
    window.AMap = AMap;
    await renderTab('amap-key');
    expect(await screen.findByText('39.908692, 116.397477')).toBeTruthy();
    expect(screen.queryByRole('region', MAP)).toBeNull();
    expect(calls.maps).toHaveLength(0);
  });

  it('keeps the coordinates when the map fails to load', async () => {
    const scripts = holdScripts();
    await renderTab('amap-key');
    await screen.findByRole('region', MAP);
    expect(scripts).toHaveLength(1);
    await act(async () => {
      scripts[0].dispatchEvent(new Event('error'));
    });
    expect(screen.getByText('地图加载失败，已显示坐标')).toBeTruthy();
    expect(screen.getByText('39.908692, 116.397477')).toBeTruthy();
  });

  it('on a phone leads with a full-width map button, then the latest location and the history as cards, no table', async () => {
    screenSize.phone = true;
    await renderTab(null, {
      logged: [
        { latitude: 22.5431, longitude: 114.0579, accuracy: 10, measured_at: '2026-01-05T02:00:00.000Z', date_created: '2026-01-05T02:00:01.000Z' },
        { latitude: 22.5401, longitude: 114.0501, accuracy: null, measured_at: '2026-01-04T02:00:00.000Z', date_created: '2026-01-04T02:00:01.000Z' },
      ],
    });
    const history = await screen.findByRole('list', { name: '定位记录' });
    expect(document.querySelector('table, .ant-descriptions')).toBeNull();
    // The first control of the tab is the big button, to AMap at the converted (GCJ-02) point of the latest location.
    const big = screen.getAllByRole('link', { name: /在高德地图中查看/ })[0];
    expect(big.className).toContain('ant-btn-block');
    expect(big.compareDocumentPosition(screen.getByRole('button', { name: /获取定位/ })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(big.getAttribute('href')).toMatch(/^https:\/\/uri\.amap\.com\/marker\?position=116\.\d{6},39\.\d{6}$/);
    expect(big.getAttribute('href')).not.toContain('116.397477,39.908692');
    const latest = screen.getByRole('region', { name: '最近位置' });
    expect([...latest.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['地址', '定位时间', '精度', 'GCJ-02', 'WGS-84']);
    expect(latest.textContent).toContain('±30 米');
    expect(await within(latest).findByText('暂不提供地址，仅显示坐标')).toBeTruthy();
    // Each logged point is a card with its time, accuracy and coordinates, and its own map link.
    const cards = within(history).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0].textContent).toContain('22.543100, 114.057900');
    expect(cards[0].textContent).toContain('±10 米');
    expect(cards[1].textContent).toContain('精度—');
    expect(within(cards[1]).getByRole('link', { name: '在高德地图中查看' })).toBeTruthy();
  });
});

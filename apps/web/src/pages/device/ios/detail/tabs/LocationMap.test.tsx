import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wgs84ToGcj02 } from '../../../../../lib/geo.ts';
import { fakeAmap, holdScripts } from '../../../../../test/amap.ts';
import { LocationMap } from './LocationMap.tsx';

// Tiananmen as a phone reports it (WGS-84); inside China, so GCJ-02 differs by a few hundred metres.
const WGS = { lat: 39.908_692, lng: 116.397_477 };

afterEach(() => {
  delete window.AMap;
  vi.restoreAllMocks();
});

async function renderLoaded(accuracy: number | null = 30) {
  const amap = fakeAmap();
  window.AMap = amap.AMap;
  const view = render(<LocationMap amapKey="key" lat={WGS.lat} lng={WGS.lng} accuracy={accuracy} />);
  await act(async () => {});
  return { ...amap, ...view };
}

describe('LocationMap', () => {
  it('centres the map, the marker and the accuracy circle on the GCJ-02 point', async () => {
    const { calls } = await renderLoaded(30);
    const gcj = wgs84ToGcj02(WGS);
    expect(gcj.lng).not.toBeCloseTo(WGS.lng, 3);
    expect(calls.maps).toHaveLength(1);
    expect(calls.maps[0].container).toBe(screen.getByRole('region', { name: '设备位置地图' }));
    expect(calls.maps[0].options.center).toEqual([gcj.lng, gcj.lat]);
    expect(calls.markers).toEqual([{ position: [gcj.lng, gcj.lat] }]);
    expect(calls.circles).toEqual([expect.objectContaining({ center: [gcj.lng, gcj.lat], radius: 30 })]);
    expect(calls.added).toHaveLength(2);
  });

  it('draws no circle when the accuracy is unknown', async () => {
    const { calls } = await renderLoaded(null);
    expect(calls.markers).toHaveLength(1);
    expect(calls.circles).toHaveLength(0);
  });

  it('destroys the map when the point changes and when it unmounts', async () => {
    const { calls, rerender, unmount } = await renderLoaded();
    rerender(<LocationMap amapKey="key" lat={31.2304} lng={121.4737} />);
    await act(async () => {});
    expect(calls.destroyed).toBe(1);
    const gcj = wgs84ToGcj02({ lat: 31.2304, lng: 121.4737 });
    expect(calls.maps.at(-1)?.options.center).toEqual([gcj.lng, gcj.lat]);
    unmount();
    expect(calls.destroyed).toBe(2);
  });

  it('shows an alert instead of the map when the API cannot load', async () => {
    const scripts = holdScripts();
    render(<LocationMap amapKey="bad" lat={WGS.lat} lng={WGS.lng} />);
    await act(async () => {});
    expect(screen.queryByText('地图加载失败，已显示坐标')).toBeNull();
    await act(async () => {
      scripts[0].dispatchEvent(new Event('error'));
    });
    expect(screen.getByText('地图加载失败，已显示坐标')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '设备位置地图' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { FleetHealth } from '@lease/shared';
import { bytesText, commandsChartOption, pushReasonLabel, storesChartOption } from './fleetHealthFormat.ts';

const health = {
  devices: {
    apple: 3,
    android: 1,
    stores: 2,
    by_store: [
      { store_id: 'a', store_name: '一个名字很长很长的门店', apple: 3, android: 0 },
      { store_id: 'b', store_name: '小店', apple: 0, android: 1 },
    ],
  },
  commands_24h: { queued: 2, sent: 0, acknowledged: 5, failed: 1, expired: 0 },
} as unknown as FleetHealth;

describe('fleet health formatting', () => {
  it('reads sizes, reasons and chart data', () => {
    expect(bytesText(12.5 * 1024 ** 2)).toBe('12.5 MB');
    expect(bytesText(3 * 1024 ** 3)).toBe('3.00 GB');
    expect(pushReasonLabel('Unregistered')).toContain('令牌失效');
    expect(pushReasonLabel('SomethingNew')).toBe('SomethingNew');
    const stores = storesChartOption(health);
    // Busiest store on top: ECharts draws a category axis bottom-up.
    expect(stores.yAxis.data).toEqual(['小店', '一个名字很长很长…']);
    expect(stores.series[0].data).toEqual([0, 3]);
    // Empty slices are left out of the pie.
    expect(commandsChartOption(health).series[0].data.map((d) => d.name)).toEqual(['排队中', '已完成', '执行失败']);
  });
});

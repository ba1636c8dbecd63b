import type { MultiLenderSection, OverdueSection } from '@lease/shared';
import { COLORS } from '../../../home/charts/chartOptions.ts';
import { yuan } from '../../reportView.ts';

const grid = { left: 8, right: 16, top: 24, bottom: 8, containLabel: true } as const;

/** scoreOption: the 0-100 risk score (higher is riskier) on a dial whose bands are the three risk levels. */
export function scoreOption(score: number) {
  return {
    series: [
      {
        type: 'gauge',
        min: 0,
        max: 100,
        startAngle: 200,
        endAngle: -20,
        radius: '95%',
        center: ['50%', '60%'],
        axisLine: {
          lineStyle: {
            width: 14,
            color: [
              [0.4, COLORS.green],
              [0.7, COLORS.orange],
              [1, COLORS.red],
            ],
          },
        },
        pointer: { width: 5, length: '60%' },
        axisTick: { show: false },
        splitLine: { length: 10, distance: -14, lineStyle: { color: '#fff', width: 2 } },
        axisLabel: { distance: 18, fontSize: 11 },
        detail: { valueAnimation: false, fontSize: 28, offsetCenter: [0, '35%'], formatter: '{value} 分' },
        data: [{ value: score, name: '风险分' }],
        title: { offsetCenter: [0, '62%'], fontSize: 12 },
      },
    ],
  };
}

/** multiLenderOption: institutions applied to within 7/30/90 days, and applications by lender type. */
export function multiLenderOption(m: MultiLenderSection) {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid,
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: m.by_type.map((t) => t.type) },
    series: [
      { type: 'bar', name: '申请次数', color: COLORS.blue, barMaxWidth: 20, data: m.by_type.map((t) => t.count), label: { show: true, position: 'right' } },
    ],
  };
}

/** overdueOption: overdue events per month over the last 12 months, amounts in the tooltip. */
export function overdueOption(o: OverdueSection) {
  return {
    tooltip: {
      trigger: 'axis',
      formatter: (items: { dataIndex: number }[]) => {
        const m = o.months[items[0]?.dataIndex ?? 0];
        return m ? `${m.month}<br/>逾期 ${m.count} 次，金额 ${yuan(m.amount_fen)}` : '';
      },
    },
    grid,
    xAxis: { type: 'category', data: o.months.map((m) => m.month.slice(2)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', name: '逾期次数', color: COLORS.red, barMaxWidth: 18, data: o.months.map((m) => m.count) }],
  };
}

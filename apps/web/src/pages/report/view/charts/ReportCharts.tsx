// The report's pictures, one lazy chunk with echarts (as the home charts), never in the console's first load.
import type { MultiLenderSection, OverdueSection } from '@lease/shared';
import { GaugeChart } from 'echarts/charts';
import { use } from 'echarts/core';
import { useMemo } from 'react';
import { EChart } from '../../../home/charts/EChart.tsx';
import { multiLenderOption, overdueOption, scoreOption } from './reportChartOptions.ts';

use([GaugeChart]);

export function ScoreGauge({ score }: { score: number }) {
  const option = useMemo(() => scoreOption(score), [score]);
  return <EChart option={option} height={200} label={`风险分 ${score}（0-100，越高风险越大）`} />;
}

export function MultiLenderChart({ data }: { data: MultiLenderSection }) {
  const option = useMemo(() => multiLenderOption(data), [data]);
  return <EChart option={option} height={Math.max(140, 40 + data.by_type.length * 32)} label="按机构类型统计的借贷申请次数" />;
}

export function OverdueChart({ data }: { data: OverdueSection }) {
  const option = useMemo(() => overdueOption(data), [data]);
  return <EChart option={option} height={200} label="近 12 个月每月逾期次数" />;
}

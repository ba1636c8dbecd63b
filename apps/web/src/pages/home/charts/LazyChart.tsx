import { lazy, Suspense } from 'react';
import type { EChartProps } from './EChart.tsx';

// echarts is the largest library of the console: it loads after the home's figures have rendered.
const EChart = lazy(() => import('./EChart.tsx').then((m) => ({ default: m.EChart })));

/** LazyChart holds the chart's exact height while echarts loads, so nothing below it moves (CLS). */
export function LazyChart(props: EChartProps) {
  return (
    <Suspense fallback={<div aria-busy="true" aria-label={props.label} style={{ height: props.height }} />}>
      <EChart {...props} />
    </Suspense>
  );
}

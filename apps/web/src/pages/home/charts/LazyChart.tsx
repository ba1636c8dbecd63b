import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { whenNearScreen } from './drawQueue.ts';
import type { EChartProps } from './EChart.tsx';

// echarts is the largest library of the console: it loads with the first chart that comes near the screen.
const EChart = lazy(() => import('./EChart.tsx').then((m) => ({ default: m.EChart })));

/**
 * LazyChart holds the chart's exact height while echarts (or the option) loads, so nothing below it moves (CLS). The download
 * starts once the chart's box comes near the screen, which is after the figures above it have been painted: on
 * a phone the home's charts sit below the first screen, and a clerk who only reads the figures never pays for
 * echarts (a 160 KB download and ~100 ms of a mid-range phone's main thread to start it).
 */
export function LazyChart(props: Omit<EChartProps, 'option'> & { option: EChartProps['option'] | undefined }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => whenNearScreen(box.current!, () => setNear(true)), []);
  const placeholder = (ref?: typeof box) => <div ref={ref} role="img" aria-busy="true" aria-label={props.label} style={{ height: props.height }} />;
  // Until the option is built (useChartOptions) the chart's box waits as it does for echarts.
  if (!near || !props.option) return placeholder(box);
  return (
    <Suspense fallback={placeholder()}>
      <EChart {...props} option={props.option} />
    </Suspense>
  );
}

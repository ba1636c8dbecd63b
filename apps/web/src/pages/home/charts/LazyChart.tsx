import { lazy, Suspense, useEffect, useState } from 'react';
import type { EChartProps } from './EChart.tsx';

// echarts is the largest library of the console: it loads after the home's figures have rendered.
const EChart = lazy(() => import('./EChart.tsx').then((m) => ({ default: m.EChart })));

/**
 * LazyChart holds the chart's exact height while echarts loads, so nothing below it moves (CLS). The
 * download starts only after the figures have been painted (a frame after mounting), never with them.
 */
export function LazyChart(props: EChartProps) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true), 0)));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  const placeholder = <div aria-busy="true" aria-label={props.label} style={{ height: props.height }} />;
  if (!painted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <EChart {...props} />
    </Suspense>
  );
}

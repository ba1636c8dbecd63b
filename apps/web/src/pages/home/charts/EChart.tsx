import { useEffect, useRef } from 'react';
import { init, type EChartsCoreOption } from './echarts.ts';

export interface EChartProps {
  option: object;
  height: number;
  /** What the chart shows, for screen readers (the SVG itself has no words for it). */
  label: string;
}

/** EChart draws one option as SVG, redraws it when the option changes and follows its box's width. */
export function EChart({ option, height, label }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);

  useEffect(() => {
    const el = box.current!;
    const instance = init(el, undefined, { renderer: 'svg' });
    chart.current = instance;
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option as EChartsCoreOption, { notMerge: true });
  }, [option]);

  return <div ref={box} role="img" aria-label={label} data-chart="" style={{ height, width: '100%' }} />;
}

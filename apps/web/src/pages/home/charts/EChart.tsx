import { useEffect, useRef } from 'react';
import { queueDraw, whenNearScreen } from './drawQueue.ts';
import { init, type EChartsCoreOption } from './echarts.ts';

export interface EChartProps {
  option: object;
  height: number;
  /** What the chart shows, for screen readers (the SVG itself has no words for it). */
  label: string;
}

/**
 * EChart draws one option as SVG once its box comes near the screen (in a task of its own, see drawQueue),
 * redraws it when the option changes and follows its box's width.
 */
export function EChart({ option, height, label }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);
  const latest = useRef(option);
  latest.current = option;

  useEffect(() => {
    const el = box.current!;
    let resize: ResizeObserver | undefined;
    let cancelDraw = () => {};
    const stopWatching = whenNearScreen(el, () => {
      cancelDraw = queueDraw(() => {
        const instance = init(el, undefined, { renderer: 'svg' });
        chart.current = instance;
        instance.setOption(latest.current as EChartsCoreOption, { notMerge: true });
        // The observer reports the box once on observe, at the size just drawn: only a change redraws.
        let width = el.clientWidth;
        resize = new ResizeObserver(() => {
          if (el.clientWidth === width) return;
          width = el.clientWidth;
          instance.resize();
        });
        resize.observe(el);
      });
    });
    return () => {
      stopWatching();
      cancelDraw();
      resize?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option as EChartsCoreOption, { notMerge: true });
  }, [option]);

  return <div ref={box} role="img" aria-label={label} data-chart="" style={{ height, width: '100%' }} />;
}

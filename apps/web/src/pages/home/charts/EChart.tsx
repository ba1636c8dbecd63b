import { useEffect, useRef } from 'react';
import { queueDraw, whenNearScreen } from './drawQueue.ts';
import { init, loadParts, type EChartsCoreOption } from './echarts.ts';

export interface EChartProps {
  option: object;
  height: number;
  /** What the chart shows, for screen readers (the SVG itself has no words for it). */
  label: string;
}

/**
 * EChart draws one option as SVG once its box comes near the screen (in a task of its own, see drawQueue),
 * after loading the echarts parts it draws (echarts.ts), redraws it when the option changes and follows its box's width.
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
    let gone = false;
    const stopWatching = whenNearScreen(el, () => {
      void loadParts(latest.current).then(() => {
        if (gone) return;
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
    });
    return () => {
      gone = true;
      stopWatching();
      cancelDraw();
      resize?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // A new option may draw a part the first did not (a series type): it is loaded before the redraw.
    let gone = false;
    if (chart.current) void loadParts(option).then(() => !gone && chart.current?.setOption(option as EChartsCoreOption, { notMerge: true }));
    return () => {
      gone = true;
    };
  }, [option]);

  return <div ref={box} role="img" aria-label={label} data-chart="" style={{ height, width: '100%' }} />;
}

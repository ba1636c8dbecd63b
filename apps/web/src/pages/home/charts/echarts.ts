// echarts' core and SVG renderer, and the parts a chart draws (parts/*.ts), each loaded when a chart first needs it:
// a page loads the bar chart's code only if it draws bars. This module (and echarts) loads lazily with the charts,
// never in the console's first download.
import { init, use, type EChartsCoreOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

use([SVGRenderer]);

/** PARTS loads each series type and component echarts draws on the console's charts. */
const PARTS = {
  bar: () => import('./parts/bar.ts'),
  line: () => import('./parts/line.ts'),
  pie: () => import('./parts/pie.ts'),
  gauge: () => import('./parts/gauge.ts'),
  grid: () => import('./parts/grid.ts'),
  legend: () => import('./parts/legend.ts'),
  tooltip: () => import('./parts/tooltip.ts'),
} as const;
export type ChartPart = keyof typeof PARTS;

interface OptionShape {
  baseOption?: OptionShape;
  series?: { type?: string }[] | { type?: string };
  xAxis?: unknown;
  yAxis?: unknown;
  legend?: unknown;
  tooltip?: unknown;
}

/** partsOf names the parts an option draws: its series' types, axes (grid), legend and tooltip; media options add none. */
export function partsOf(option: object): ChartPart[] {
  const o = (option as OptionShape).baseOption ?? (option as OptionShape);
  const series = Array.isArray(o.series) ? o.series : o.series ? [o.series] : [];
  const parts = new Set<ChartPart>();
  for (const s of series) {
    if (!s.type || !Object.hasOwn(PARTS, s.type)) throw new Error(`echarts: no part for series type "${s.type}" (add it to PARTS)`);
    parts.add(s.type as ChartPart);
  }
  if (o.xAxis || o.yAxis) parts.add('grid');
  if (o.legend) parts.add('legend');
  if (o.tooltip) parts.add('tooltip');
  return [...parts];
}

/** loadParts installs the parts an option draws (each module registers itself once, on its first import). */
export const loadParts = (option: object) => Promise.all(partsOf(option).map((p) => PARTS[p]())).then(() => undefined);

export { init, type EChartsCoreOption };
